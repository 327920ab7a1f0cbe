/**
 * Notion error answers (`{object: "error", status, code, message}`, through notion-proxy)
 * into `AppError` (spec 1 §8 "Notes-database service errors": the message of the response,
 * else 'Notion API returned status N'). `rate_limited` keeps Retry-After in milliseconds.
 *
 * The proxy's own refusals share the shape: `subscription_inactive` (402, the team's
 * subscription is inactive, with the spec's "You don't have an active subscription.") is
 * `forbidden`, as get-profile-data-by-url's same refusal is (edgeFunction.ts), and so is
 * `restricted_resource` (403, a workspace the caller is not linked to). A page view over the
 * team's monthly Notion quota (403 PAGE_VIEW_QUOTA_CODE, the spec's text, with `quota` and
 * `used`) is `quotaExceeded` of `notionPages`.
 * A 5xx — `service_unavailable` (503), `service_overload` (529) — is a `server` failure that
 * keeps Retry-After too, when Notion sends it (the outbox waits that long).
 * A refusal the proxy marked as its own (PROXY_REFUSAL_HEADER) has the source `function`, not
 * `notion`: its 401 is the Sidenote session's, which a sign-in mends, while Notion's own 401 is
 * the workspace's key (src/data/outbox/classify.ts tells the two apart).
 */
import * as z from 'zod/mini';
import { reasonOfStatus, serverReason, type ErrorReason } from '../../domain/errors/reason.ts';
import { PAGE_VIEW_QUOTA_CODE } from '../../domain/notion/pageView.ts';
import { PROXY_REFUSAL } from '../../../supabase/functions/_shared/notion-proxy-refusal.ts';
import { AppError } from './appError.ts';

/** The header that marks the proxy's own refusals: the client hands it to `notionError`. */
export { PROXY_REFUSAL_HEADER } from '../../../supabase/functions/_shared/notion-proxy-refusal.ts';

const BY_CODE: Record<string, (retryAfterMs: number | null) => ErrorReason> = {
  rate_limited: (retryAfterMs) => ({ kind: 'rateLimited', retryAfterMs }),
  unauthorized: () => ({ kind: 'unauthorized' }),
  restricted_resource: () => ({ kind: 'forbidden' }),
  subscription_inactive: () => ({ kind: 'forbidden' }),
  [PAGE_VIEW_QUOTA_CODE]: () => ({ kind: 'quotaExceeded', quota: 'notionPages' }),
  object_not_found: () => ({ kind: 'notFound' }),
  validation_error: () => ({ kind: 'validation' }),
  invalid_json: () => ({ kind: 'validation' }),
  invalid_request_url: () => ({ kind: 'validation' }),
  invalid_request: () => ({ kind: 'validation' }),
  missing_version: () => ({ kind: 'validation' }),
  conflict_error: () => ({ kind: 'conflict' }),
  internal_server_error: () => ({ kind: 'server' }),
  bad_gateway: () => ({ kind: 'server' }),
  service_unavailable: serverReason,
  database_connection_unavailable: () => ({ kind: 'server' }),
  gateway_timeout: () => ({ kind: 'timeout' }),
};

/** Retry-After (seconds, or an HTTP date) in milliseconds; null when absent or unreadable. */
export function retryAfterMs(header: string | null | undefined, nowMs = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - nowMs);
}

/**
 * The `AppError` for a non-2xx Notion answer with its (possibly non-JSON) body; `refusal` is
 * the answer's PROXY_REFUSAL_HEADER.
 */
export function notionError(
  status: number,
  body: unknown,
  retryAfter?: string | null,
  refusal?: string | null,
): AppError {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const code = typeof record.code === 'string' ? record.code : undefined;
  const message =
    typeof record.message === 'string' && record.message.trim() !== ''
      ? record.message
      : `Notion API returned status ${status}`;
  const delay = retryAfterMs(retryAfter);
  const reason = (code && BY_CODE[code]?.(delay)) || reasonOfStatus(status, delay);
  const source = refusal === PROXY_REFUSAL ? 'function' : 'notion';
  return new AppError(reason, message, { source, code, status, body });
}

const count = z.int().check(z.gte(0));
const PageViewRefusal = z.looseObject({ quota: count, used: count });

/** The quota and count the proxy's refusal of a page view carries; null for any other error. */
export function pageViewRefusal(error: AppError): { quota: number; used: number } | null {
  if (error.reason.kind !== 'quotaExceeded' || error.reason.quota !== 'notionPages') return null;
  const parsed = PageViewRefusal.safeParse(error.debug.body);
  return parsed.success ? parsed.data : null;
}
