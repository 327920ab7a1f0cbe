/**
 * GoTrue's error bodies, so auth-js turns them into the same `AuthError`s (code, message,
 * status) as against hosted Supabase.
 *
 * What must stay true:
 * - a request carrying `X-Supabase-Api-Version: 2024-01-01` (or later; supabase-js always
 *   sends it) gets `{code, message}` and the header echoed back — auth-js only trusts
 *   `code` when the response carries that header; older clients get GoTrue's legacy body
 *   `{code: <status>, error_code, msg}`;
 * - `weak_password` errors carry `weak_password.reasons` in both shapes;
 * - OAuth-style errors (`{error, error_description}`) stay OAuth-shaped, as GoTrue sends them;
 * - messages never contain passwords, tokens or keys.
 */
import { header, json, type GatewayRequest, type GatewayResponse } from '../gateway/http.ts';

export const API_VERSION_HEADER = 'x-supabase-api-version';
const API_VERSION_2024 = '2024-01-01';

/** An error GoTrue answers as an `HTTPError` (status, error code, message). */
export class AuthApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Extra top-level fields of the body (only `weak_password` in GoTrue). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** An error GoTrue answers in OAuth2's shape, e.g. a missing refresh token. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

export const badRequest = (code: string, message: string) => new AuthApiError(400, code, message);
export const forbidden = (code: string, message: string) => new AuthApiError(403, code, message);
export const unprocessable = (code: string, message: string) => new AuthApiError(422, code, message);
export const notFound = (code: string, message: string) => new AuthApiError(404, code, message);
export const validationFailed = (message: string) => badRequest('validation_failed', message);

export const emailExists = () =>
  unprocessable('email_exists', 'A user with this email address has already been registered');
export const userNotFound = () => notFound('user_not_found', 'User not found');

/** Something GoTrue supports but this local emulation does not: said plainly, never faked. */
export const unsupportedLocally = (what: string) =>
  badRequest('validation_failed', `${what} is not supported by the local Supabase stack (supabase/local)`);

/** Whether the caller speaks API version 2024-01-01 or later (GoTrue's closest-version rule). */
export function speaksApi2024(req: GatewayRequest): boolean {
  const value = header(req, API_VERSION_HEADER) ?? '';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(date) && date >= Date.parse(`${API_VERSION_2024}T00:00:00Z`);
}

export function errorResponse(req: GatewayRequest, error: AuthApiError | OAuthError): GatewayResponse {
  if (error instanceof OAuthError) {
    return json(400, { error: error.error, error_description: error.description });
  }
  const headers: Record<string, string> = { 'x-sb-error-code': error.code };
  if (speaksApi2024(req)) {
    headers[API_VERSION_HEADER] = API_VERSION_2024;
    return json(error.status, { code: error.code, message: error.message, ...error.extra }, headers);
  }
  return json(
    error.status,
    { code: error.status, error_code: error.code, msg: error.message, ...error.extra },
    headers,
  );
}

/** GoTrue's answer to anything unexpected; the cause goes to the log, never to the client. */
export function unexpectedFailure(req: GatewayRequest): GatewayResponse {
  return errorResponse(
    req,
    new AuthApiError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'),
  );
}
