/**
 * PostgREST's error contract: every failure of `/rest/v1` answers a JSON body
 * `{code, message, details, hint}` with the status PostgREST would choose, so supabase-js (and
 * the app's error handling) sees exactly what hosted Supabase sends.
 *
 * What must stay true:
 * - errors raised by Postgres keep their SQLSTATE, message, detail and hint untouched; only the
 *   HTTP status is derived, with PostgREST's table (23505 → 409, 42501 → 401/403, P0001 → 400…);
 * - errors of our own (parse errors, schema-cache errors) use PostgREST's codes and wording;
 * - `RestError` is thrown inside the request transaction when the request must be rolled back
 *   (e.g. `.single()` on a mutation that touched 2 rows), so nothing is written.
 */
import type { PgError } from '../db/database.ts';
import { json, type GatewayResponse } from '../gateway/http.ts';

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** PGRST100: a query parameter PostgREST's parser rejects; `column` is 1-based like parsec's. */
export function parseError(source: string, column: number, details: string): RestError {
  return new RestError(400, 'PGRST100', `"${source}" (line 1, column ${column})`, details);
}

export const invalidBody = (message = 'Empty or invalid json') => new RestError(400, 'PGRST102', message);

export const notImplemented = (details: string) => new RestError(400, 'PGRST127', 'Feature not implemented', details);

export const notEmbedded = (resource: string) =>
  new RestError(
    400,
    'PGRST108',
    `'${resource}' is not an embedded resource in this request`,
    null,
    `Verify that '${resource}' is included in the 'select' query parameter.`,
  );

export const aggregatesNotAllowed = () => new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed');

export const singularity = (rows: number) =>
  new RestError(
    406,
    'PGRST116',
    'Cannot coerce the result to a single JSON object',
    `The result contains ${rows} rows`,
  );

export const invalidRange = (details: string) =>
  new RestError(416, 'PGRST103', 'Requested range not satisfiable', details);

export const unacceptableSchema = (schema: string, exposed: string[]) =>
  new RestError(
    406,
    'PGRST106',
    `Invalid schema: ${schema}`,
    null,
    `Only the following schemas are exposed: ${exposed.join(', ')}`,
  );

export const mediaTypeUnavailable = (types: string[]) =>
  new RestError(406, 'PGRST107', `None of these media types are available: ${types.join(', ')}`);

export const columnNotFound = (table: string, column: string) =>
  new RestError(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`);

export const tableNotFound = (schema: string, table: string, suggestion: string | undefined) =>
  new RestError(
    404,
    'PGRST205',
    `Could not find the table '${schema}.${table}' in the schema cache`,
    null,
    suggestion ? `Perhaps you meant the table '${schema}.${suggestion}'` : null,
  );

export const invalidPath = () => new RestError(404, 'PGRST125', 'Invalid path specified in request URL');

export const invalidRpcMethod = (method: string) =>
  new RestError(405, 'PGRST101', `Cannot use the ${method} method on RPC`);

export const unsupportedMethod = (method: string) =>
  new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);

/** The HTTP status PostgREST gives a Postgres error (PostgREST's mapSQLtoHTTP). */
export function pgErrorStatus(code: string, message: string, authed: boolean): number {
  const exact: Record<string, number> = {
    '23503': 409,
    '23505': 409,
    '25006': 405,
    '53400': 500,
    '57P01': 503,
    P0001: 400,
    '42883': 404,
    '42P01': 404,
    '42P17': 500,
  };
  if (code === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500;
  if (code === '22023') return message.startsWith('role') && message.endsWith('does not exist') ? 401 : 400;
  if (code === '42501') return authed ? 403 : 401;
  if (Object.hasOwn(exact, code)) return exact[code];
  if (code.startsWith('PT')) return Number(code.slice(2)) || 500;
  const byClass: Record<string, number> = {
    '08': 503,
    '09': 500,
    '0L': 403,
    '0P': 403,
    '25': 500,
    '28': 403,
    '2D': 500,
    '38': 500,
    '39': 500,
    '3B': 500,
    '40': 500,
    '53': 503,
    '54': 500,
    '55': 500,
    '57': 500,
    '58': 500,
    F0: 500,
    HV: 500,
    P0: 500,
    XX: 500,
  };
  return byClass[code.slice(0, 2)] ?? 400;
}

export function restErrorFromPg(error: PgError, authed: boolean): RestError {
  const code = error.code ?? 'XX000';
  const status = pgErrorStatus(code, error.message, authed);
  return new RestError(
    status,
    code,
    error.message,
    error.detail ?? null,
    error.hint ?? null,
    status === 401 ? { 'www-authenticate': 'Bearer' } : {},
  );
}

export function errorResponse(error: RestError): GatewayResponse {
  return json(
    error.status,
    { code: error.code, message: error.message, details: error.details, hint: error.hint },
    { ...error.headers, 'proxy-status': `PostgREST; error=${error.code}` },
  );
}

/** PGRST301/PGRST303: what PostgREST answers for a JWT it cannot accept. */
export function jwtError(reason: 'malformed' | 'signature' | 'expired', token: string): RestError {
  let message: string;
  let code = 'PGRST301';
  if (reason === 'expired') {
    code = 'PGRST303';
    message = 'JWT expired';
  } else if (reason === 'signature') {
    message = 'JWT cryptographic operation failed';
  } else {
    const parts = token.split('.').length;
    if (token === '') message = 'Empty JWT is sent in Authorization header';
    else if (parts !== 3) message = `Expected 3 parts in JWT; got ${parts}`;
    else message = hasForeignAlgorithm(token) ? 'Wrong or unsupported encoding algorithm' : "JWT couldn't be decoded";
  }
  return new RestError(401, code, message, null, null, {
    'www-authenticate': `Bearer error="invalid_token", error_description=${JSON.stringify(message)}`,
  });
}

function hasForeignAlgorithm(token: string): boolean {
  try {
    const header = JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString('utf8')) as { alg?: unknown };
    return typeof header.alg === 'string' && header.alg !== 'HS256';
  } catch {
    return false;
  }
}
