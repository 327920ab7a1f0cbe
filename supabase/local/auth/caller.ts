/**
 * Who is calling an authenticated auth endpoint: GoTrue's requireAuthentication (for /user,
 * /logout) and requireAdminCredentials (for /admin/*), with GoTrue's error codes and messages.
 *
 * What must stay true:
 * - the JWT is verified with the project secret (HS256 only) before any claim is read;
 * - a user JWT names an existing user (`user_not_found` otherwise) and, when it carries a
 *   `session_id`, an existing session (`session_not_found` — auth-js then signs out locally);
 * - admin endpoints accept only the `service_role` (or `supabase_admin`) role.
 */
import type { SqlClient } from '../db/database.ts';
import { bearerToken, type GatewayRequest } from '../gateway/http.ts';
import { JwtError, verifyJwt, type JwtClaims } from '../jwt.ts';
import type { AuthEnv } from './env.ts';
import { AuthApiError, badRequest, forbidden } from './errors.ts';
import { findUserById, isUuid, type UserRow } from './users.ts';

const ADMIN_ROLES = new Set(['service_role', 'supabase_admin']);
const NIL_UUID = '00000000-0000-0000-0000-000000000000';

export interface Caller {
  claims: JwtClaims;
  user: UserRow;
  /** The session the JWT belongs to; null for a JWT without `session_id`. */
  sessionId: string | null;
}

/** The reason golang-jwt/v5 gives, as GoTrue puts it after "invalid JWT: …". */
function jwtProblem(token: string, error: JwtError): string {
  if (error.reason === 'expired') return 'token has invalid claims: token is expired';
  if (error.reason === 'signature') return 'token signature is invalid: signature is invalid';
  const parts = token.split('.');
  if (parts.length !== 3) return 'token is malformed: token contains an invalid number of segments';
  try {
    const alg = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8'))?.alg;
    if (typeof alg === 'string' && alg !== 'HS256')
      return `token signature is invalid: signing method ${alg} is invalid`;
  } catch {
    return 'token is malformed: could not JSON decode header';
  }
  return 'token is malformed: could not JSON decode claim';
}

function verifiedClaims(env: AuthEnv, req: GatewayRequest): JwtClaims {
  const token = bearerToken(req);
  if (!token) throw new AuthApiError(401, 'no_authorization', 'This endpoint requires a Bearer token');
  try {
    return verifyJwt(token, env.stack.jwtSecret);
  } catch (error) {
    if (!(error instanceof JwtError)) throw error;
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${jwtProblem(token, error)}`);
  }
}

export async function requireUser(env: AuthEnv, req: GatewayRequest, tx: SqlClient): Promise<Caller> {
  const claims = verifiedClaims(env, req);
  const sub = typeof claims.sub === 'string' ? claims.sub : '';
  if (!sub) throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  if (!isUuid(sub)) throw badRequest('bad_jwt', 'invalid claim: sub claim must be a UUID');
  const user = await findUserById(tx, sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');

  const sessionClaim = typeof claims.session_id === 'string' ? claims.session_id : '';
  if (!sessionClaim || sessionClaim === NIL_UUID) return { claims, user, sessionId: null };
  if (!isUuid(sessionClaim)) throw forbidden('bad_jwt', 'invalid claim: session_id claim must be a UUID');
  const { rows } = await tx.query('select 1 from auth.sessions where id = $1', [sessionClaim]);
  if (rows.length === 0) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  return { claims, user, sessionId: sessionClaim };
}

export function requireAdmin(env: AuthEnv, req: GatewayRequest): JwtClaims {
  const claims = verifiedClaims(env, req);
  if (typeof claims.role !== 'string' || !ADMIN_ROLES.has(claims.role)) {
    throw forbidden('not_admin', 'User not allowed');
  }
  return claims;
}
