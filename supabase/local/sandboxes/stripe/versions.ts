/**
 * The API version the sandbox answers in: the one the official SDK pins (`stripe` 23.1.0 sends
 * `Stripe-Version: 2026-10-28.endive`), which the functions pin too. Since 2025-03-31.basil a
 * subscription's period dates live on its items (`items.data[].current_period_start/end`), not on
 * the subscription; the sandbox answers every version from basil on in that shape and refuses
 * older ones rather than answer them in a shape they do not have.
 */
import { StripeError } from './errors.ts';

export const API_VERSION = '2026-10-28.endive';
/** The oldest version whose shapes match the sandbox's. */
export const OLDEST_VERSION = '2025-03-31.basil';

const VERSION = /^(\d{4}-\d{2}-\d{2})(\.[a-z]+)?$/;

/** Throws Stripe's 400 for a malformed version and the sandbox's for one older than basil. */
export function checkVersion(header: string | undefined): void {
  if (header === undefined) return;
  const match = VERSION.exec(header);
  if (!match) throw new StripeError(400, 'invalid_request_error', `Invalid Stripe API version: ${header}`);
  if (match[1] < OLDEST_VERSION.slice(0, 10)) {
    throw new StripeError(
      400,
      'invalid_request_error',
      `The Sidenote Stripe sandbox answers API versions ${OLDEST_VERSION} and later only (shapes of ${API_VERSION}); got ${header}.`,
    );
  }
}
