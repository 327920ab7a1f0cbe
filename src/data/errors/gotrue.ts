/**
 * GoTrue errors (supabase-js `AuthError`: `status`, `code`, `message`) into `AppError`. The
 * auth service's `code` decides, else the status (auth-js drops the code of a 5xx answer); a
 * retryable fetch error with status 0 is a connection failure.
 */
import { reasonOfStatus, type ErrorReason } from '../../domain/errors/reason.ts';
import { AppError } from './appError.ts';
import { toAppError } from './thrown.ts';

export interface AuthErrorLike {
  name?: string;
  status?: number;
  code?: string;
  message: string;
}

const BY_CODE: Record<string, ErrorReason> = {
  email_exists: { kind: 'conflict' },
  user_already_exists: { kind: 'conflict' },
  identity_already_exists: { kind: 'conflict' },
  weak_password: { kind: 'validation', field: 'password' },
  same_password: { kind: 'validation', field: 'password' },
  email_address_invalid: { kind: 'validation', field: 'email' },
  validation_failed: { kind: 'validation' },
  invalid_credentials: { kind: 'unauthorized' },
  session_not_found: { kind: 'unauthorized' },
  session_expired: { kind: 'unauthorized' },
  refresh_token_not_found: { kind: 'unauthorized' },
  bad_jwt: { kind: 'unauthorized' },
  no_authorization: { kind: 'unauthorized' },
  email_not_confirmed: { kind: 'forbidden' },
  not_admin: { kind: 'forbidden' },
  user_banned: { kind: 'forbidden' },
  signup_disabled: { kind: 'forbidden' },
  user_not_found: { kind: 'notFound' },
  over_request_rate_limit: { kind: 'rateLimited', retryAfterMs: null },
  over_email_send_rate_limit: { kind: 'rateLimited', retryAfterMs: null },
  unexpected_failure: { kind: 'server' },
};

/** The `AppError` for an auth-js error. */
export function authError(error: AuthErrorLike): AppError {
  const status = error.status ?? 0;
  const code = error.code ?? '';
  if (error.name === 'AuthRetryableFetchError' && status === 0) {
    const fetchFailure = toAppError(new TypeError(error.message));
    return new AppError(fetchFailure.reason, error.message, { source: 'auth', status });
  }
  const reason = BY_CODE[code] ?? reasonOfStatus(status);
  return new AppError(reason, error.message, { source: 'auth', code: code || undefined, status });
}
