/**
 * What the operators read when a Notion call fails (spec 1 §8 "Notes-database service errors
 * ... Prefixed texts: API key validation failed, Failed to fetch databases, Failed to fetch page
 * data, Failed to update page properties, Failed to archive page, Failed to fetch users, Failed
 * to search pages, Failed to create page, and similar. Each such error also notifies the
 * operators."): the call's prefix, the error's message and status, and the call itself.
 *
 * Not the operators' concern, so no report: connection failures (the offline banner's), a page
 * or database that is gone or not shared (the MissingContext screen's), Notion's pacing
 * (429: the outbox waits and retries), the user's own quota, and an inactive subscription.
 */
import type { ErrorReason } from '../errors/reason.ts';

export interface NotionCallFailure {
  method: 'GET' | 'POST' | 'PATCH';
  /** The path below /v1, as the app called it. */
  path: string;
  body?: unknown;
  reason: ErrorReason;
  /** Notion's (or the proxy's) error code, when it sent one. */
  code?: string;
  status?: number;
  message: string;
}

const ID = '[^/]+';
const PREFIXES: [NotionCallFailure['method'], RegExp, string][] = [
  ['GET', /^\/users\/me$/, 'API key validation failed'],
  ['GET', /^\/users$/, 'Failed to fetch users'],
  ['POST', /^\/search$/, 'Failed to fetch databases'],
  ['GET', new RegExp(`^/(databases|data_sources)/${ID}$`), 'Failed to fetch database properties'],
  ['PATCH', new RegExp(`^/data_sources/${ID}$`), 'Failed to delete property option'],
  ['POST', new RegExp(`^/data_sources/${ID}/query$`), 'Failed to search pages'],
  ['POST', /^\/pages$/, 'Failed to create page'],
  ['GET', new RegExp(`^/pages/${ID}(/properties/${ID})?$`), 'Failed to fetch page data'],
];

const NOT_REPORTED: ReadonlySet<ErrorReason['kind']> = new Set([
  'offline',
  'network',
  'timeout',
  'notFound',
  'rateLimited',
  'quotaExceeded',
]);
const NOT_REPORTED_CODES: ReadonlySet<string> = new Set(['subscription_inactive']);

const withoutQuery = (path: string): string => path.split('?')[0];

const isArchiving = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && ('in_trash' in body || 'archived' in body);

/** The spec's prefix for a failed call: which operation the operators are told failed. */
export function notionFailurePrefix(method: NotionCallFailure['method'], path: string, body?: unknown): string {
  const bare = withoutQuery(path);
  if (method === 'PATCH' && /^\/pages\/[^/]+$/.test(bare)) {
    return isArchiving(body) ? 'Failed to archive page' : 'Failed to update page properties';
  }
  const match = PREFIXES.find(([m, pattern]) => m === method && pattern.test(bare));
  return match ? match[2] : 'Notion API call failed';
}

/** The operators' text for a failed call, or undefined when it is not theirs to hear of. */
export function notionFailureReport(failure: NotionCallFailure): string | undefined {
  if (NOT_REPORTED.has(failure.reason.kind)) return undefined;
  if (failure.code !== undefined && NOT_REPORTED_CODES.has(failure.code)) return undefined;
  const status = failure.status ? ` (status ${failure.status})` : '';
  const prefix = notionFailurePrefix(failure.method, failure.path, failure.body);
  return `${prefix}: ${failure.message}${status}\nCall: ${failure.method} ${withoutQuery(failure.path)}`;
}
