/**
 * Runs a data request the way PostgREST and Storage do: one transaction, as `authenticator`,
 * switched to the role named by the caller's JWT, with `request.jwt.claims` set so that
 * `auth.uid()`, `auth.role()` and `auth.jwt()` — and so every RLS policy — see the caller.
 *
 * What must stay true: the role comes only from a verified JWT (or `anon` when none is sent),
 * and only a role `authenticator` is a member of may be assumed.
 */
import type { Database, SqlClient } from '../db/database.ts';
import { JwtError, verifyJwt, type JwtClaims } from '../jwt.ts';
import { bearerToken, header, type GatewayRequest } from './http.ts';

export type CallerResult =
  | { ok: true; claims: JwtClaims; role: string }
  | { ok: false; reason: 'malformed' | 'signature' | 'expired' | 'role'; message: string };

/** Reads the caller from `Authorization: Bearer`, falling back to the `apikey` header. */
export function identifyCaller(req: GatewayRequest, jwtSecret: string, assumableRoles: Set<string>): CallerResult {
  const token = bearerToken(req) ?? header(req, 'apikey');
  if (!token) return { ok: true, claims: { role: 'anon' }, role: 'anon' };
  let claims: JwtClaims;
  try {
    claims = verifyJwt(token, jwtSecret);
  } catch (error) {
    if (error instanceof JwtError) return { ok: false, reason: error.reason, message: error.message };
    throw error;
  }
  const role = typeof claims.role === 'string' ? claims.role : 'anon';
  if (!assumableRoles.has(role)) {
    return { ok: false, reason: 'role', message: `permission denied to set role "${role}"` };
  }
  return { ok: true, claims, role };
}

/** The roles `authenticator` may switch to (anon, authenticated, service_role). */
export async function loadAssumableRoles(db: Database): Promise<Set<string>> {
  const { rows } = await db.transaction((tx) =>
    tx.query<{ rolname: string }>(
      `select r.rolname from pg_auth_members m
         join pg_roles r on r.oid = m.roleid
         join pg_roles a on a.oid = m.member
        where a.rolname = 'authenticator'`,
    ),
  );
  return new Set(rows.map((r) => r.rolname));
}

export interface RequestInfo {
  method: string;
  path: string;
  headers: Record<string, string>;
}

export function asRole<T>(
  db: Database,
  caller: { claims: JwtClaims; role: string },
  request: RequestInfo,
  fn: (tx: SqlClient) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(
      `select set_config('role', 'authenticator', true),
              set_config('request.jwt.claims', $1, true),
              set_config('request.method', $2, true),
              set_config('request.path', $3, true),
              set_config('request.headers', $4, true),
              set_config('role', $5, true)`,
      [JSON.stringify(caller.claims), request.method, request.path, JSON.stringify(request.headers), caller.role],
    );
    return fn(tx);
  });
}
