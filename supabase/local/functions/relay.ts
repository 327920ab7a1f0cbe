/**
 * The answers Supabase's functions relay gives on its own, before or instead of a function:
 * the JWT check of `verify_jwt`, unknown functions, methods it does not route, and a
 * function that fails to boot, dies mid-request or does not answer in time. Bodies, status
 * codes and the `sb-error-code` header follow hosted Supabase (docs: "Edge Functions status
 * codes", "Error codes").
 *
 * What must stay true:
 * - `verify_jwt` accepts any unexpired HS256 JWT signed with the project secret (the anon key
 *   included, as on Supabase) and never starts the function for a refused request;
 * - OPTIONS is never JWT-checked: browsers send preflights without credentials;
 * - these responses carry no CORS headers — neither hosted Supabase nor `supabase functions
 *   serve` adds them (supabase/edge-runtime#213), so a browser sees a failed fetch for them.
 */
import { bearerToken, header, json, type GatewayRequest, type GatewayResponse } from '../gateway/http.ts';
import { JwtError, verifyJwt } from '../jwt.ts';

/** The HTTP methods the relay routes to functions. */
export const ROUTED_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

function relayError(status: number, code: string, message: string): GatewayResponse {
  return json(status, { code, message }, { 'sb-error-code': code });
}

export const notFound = (): GatewayResponse => relayError(404, 'NOT_FOUND', 'Requested function was not found');

export const methodNotAllowed = (): GatewayResponse => relayError(405, 'METHOD_NOT_ALLOWED', 'Method not allowed');

export const bootError = (): GatewayResponse =>
  relayError(503, 'BOOT_ERROR', 'Function failed to start (please check logs)');

export const workerError = (): GatewayResponse =>
  relayError(502, 'WORKER_ERROR', 'Function exited due to an error (please check logs)');

export const idleTimeout = (): GatewayResponse =>
  relayError(504, 'IDLE_TIMEOUT', 'Function did not respond in time (please check logs)');

/** The relay's refusal of a request without a valid JWT, or undefined when it may pass. */
export function refuseWithoutJwt(req: GatewayRequest, jwtSecret: string): GatewayResponse | undefined {
  if (req.method === 'OPTIONS') return undefined;
  if (!header(req, 'authorization')) return json(401, { code: 401, message: 'Missing authorization header' });
  const token = bearerToken(req);
  try {
    if (!token) throw new JwtError('not a bearer token', 'malformed');
    verifyJwt(token, jwtSecret);
    return undefined;
  } catch (error) {
    if (error instanceof JwtError) return json(401, { code: 401, message: 'Invalid JWT' });
    throw error;
  }
}
