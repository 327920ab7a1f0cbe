/**
 * Edge-function failures into `AppError`. Our functions answer `{error, reason}`
 * (get-profile-data-by-url) or `{success: false, message}` (change-password); the `reason`
 * field decides, then spec 2 §8's text rules ("quota exceeded", 429 or "rate limit"), then
 * the HTTP status. The message is the body's text, else the caller's fallback text, else
 * 'API error: {status} {statusText}'.
 */
import { FunctionsHttpError } from '@supabase/functions-js';
import { reasonOfStatus, type ErrorReason } from '../../domain/errors/reason.ts';
import { AppError } from './appError.ts';
import { retryAfterMs } from './notion.ts';
import { toAppError } from './thrown.ts';

const BY_REASON: Record<string, (retryAfter: number | null) => ErrorReason> = {
  unauthenticated: () => ({ kind: 'unauthorized' }),
  subscription_inactive: () => ({ kind: 'forbidden' }),
  import_quota_exceeded: () => ({ kind: 'quotaExceeded', quota: 'linkedinImports' }),
  provider_quota_exceeded: () => ({ kind: 'quotaExceeded', quota: 'provider' }),
  rate_limited: (retryAfter) => ({ kind: 'rateLimited', retryAfterMs: retryAfter }),
  invalid_url: () => ({ kind: 'validation', field: 'url' }),
  method_not_allowed: () => ({ kind: 'validation' }),
  profile_not_found: () => ({ kind: 'notFound' }),
  provider_error: () => ({ kind: 'server' }),
  provider_unreachable: () => ({ kind: 'server' }),
  provider_not_configured: () => ({ kind: 'server' }),
  internal_error: () => ({ kind: 'server' }),
};

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The `AppError` for an edge function's non-2xx answer. */
export function functionError(
  status: number,
  statusText: string,
  body: unknown,
  retryAfter?: string | null,
  fallbackMessage?: string,
): AppError {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const said = text(record.error) || text(record.message);
  const code = text(record.reason) || undefined;
  const delay = retryAfterMs(retryAfter);
  const reason: ErrorReason =
    (code && BY_REASON[code]?.(delay)) ||
    (/quota exceeded/i.test(said)
      ? { kind: 'quotaExceeded', quota: 'provider' }
      : status === 429 || /rate limit/i.test(said)
        ? { kind: 'rateLimited', retryAfterMs: delay }
        : reasonOfStatus(status, delay));
  const message = said || fallbackMessage || `API error: ${status} ${statusText}`.trim();
  return new AppError(reason, message, { source: 'function', code, status, body });
}

/** The `AppError` for what `supabase.functions.invoke` returned as `error`. */
export async function invokeError(error: unknown, fallbackMessage?: string): Promise<AppError> {
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    const body: unknown = await response
      .clone()
      .json()
      .catch(() => null);
    const retryAfter = response.headers.get('retry-after');
    return functionError(response.status, response.statusText, body, retryAfter, fallbackMessage);
  }
  const cause = (error as { context?: unknown } | null)?.context;
  if (error instanceof Error && error.name === 'FunctionsFetchError') {
    return toAppError(cause instanceof Error ? cause : new TypeError(error.message));
  }
  return toAppError(error);
}
