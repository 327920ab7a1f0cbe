/**
 * Who is calling, and the one way storage handlers touch `storage.objects` on their behalf:
 * `asCaller` runs a transaction as the JWT's role with its claims (gateway/request-role.ts), so
 * `auth.uid()` and every RLS policy on `storage.objects` decide, exactly as on hosted Supabase.
 * Postgres errors leaving it become storage-api's error bodies.
 *
 * Storage-api reads the JWT from `Authorization` (supabase-js always sends one: the session's
 * access token, else the anon key) and refuses an invalid one with 403 "Unauthorized" and
 * jsonwebtoken's message.
 */
import type { SqlClient } from '../db/database.ts';
import type { StackContext } from '../context.ts';
import { header, type GatewayRequest } from '../gateway/http.ts';
import { asRole, identifyCaller } from '../gateway/request-role.ts';
import type { JwtClaims } from '../jwt.ts';
import type { BlobStore } from './blob-store.ts';
import { ERRORS, fromDatabaseError, jwtErrorMessage } from './errors.ts';

export interface StorageDeps {
  ctx: StackContext;
  blobs: BlobStore;
}

export interface Caller {
  claims: JwtClaims;
  role: string;
}

/** The caller of `req`, or storage-api's AccessDenied for a forged, expired or malformed JWT. */
export function callerOf(deps: StorageDeps, req: GatewayRequest): Caller {
  const result = identifyCaller(req, deps.ctx.jwtSecret, deps.ctx.assumableRoles);
  if (!result.ok) throw ERRORS.accessDenied(jwtErrorMessage(result.reason, result.message));
  return { claims: result.claims, role: result.role };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `owner`/`owner_id` as storage-api sets them: the JWT's `sub` (= auth.uid()); `owner` only if a UUID. */
export function ownerOf(caller: Caller): { owner: string | null; ownerId: string | null } {
  const sub = typeof caller.claims.sub === 'string' ? caller.claims.sub : null;
  return { owner: sub && UUID.test(sub) ? sub : null, ownerId: sub };
}

function requestHeaders(req: GatewayRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of Object.keys(req.headers)) headers[name] = header(req, name) ?? '';
  return headers;
}

/** One transaction as the caller's role; Postgres errors become storage-api errors. */
export async function asCaller<T>(
  deps: StorageDeps,
  caller: Caller,
  req: GatewayRequest,
  fn: (tx: SqlClient) => Promise<T>,
): Promise<T> {
  try {
    return await asRole(
      deps.ctx.db,
      caller,
      { method: req.method, path: req.url.pathname, headers: requestHeaders(req) },
      fn,
    );
  } catch (error) {
    throw fromDatabaseError(error);
  }
}
