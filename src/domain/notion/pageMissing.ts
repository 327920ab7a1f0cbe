/**
 * Spec 2 §8: a page view whose page is not found, not shared with the integration ("Make sure
 * the relevant pages and databases are shared") or named unknown by Notion ("page with ID")
 * leads to MissingContext; any other failure shows its message.
 */
import type { ReasonedError } from '../errors/reason.ts';

const MISSING_TEXTS = ['Make sure the relevant pages and databases are shared', 'page with ID'];

export function isMissingPage(error: ReasonedError): boolean {
  return error.reason.kind === 'notFound' || MISSING_TEXTS.some((text) => error.message.includes(text));
}
