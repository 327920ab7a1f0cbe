/**
 * `/rest/v1`: the PostgREST subset supabase-js emits, over the local database. Routes
 * GET/HEAD/POST/PATCH/DELETE `/<table>` and GET/HEAD/POST `/rpc/<fn>`; everything else gets
 * PostgREST's error for it.
 *
 * What must stay true:
 * - the caller is the verified JWT (PGRST301/PGRST303 otherwise), and every request runs in
 *   one transaction as that JWT's role with `request.jwt.claims` set (gateway/request-role.ts),
 *   so grants and RLS decide, in SQL, what the caller may see and change;
 * - GET and HEAD run read-only; the search path is PostgREST's (`public, extensions`);
 * - any error rolls the transaction back, and becomes PostgREST's `{code, message, details,
 *   hint}` body; only a bug in this code becomes a 500.
 */
import type { StackContext } from '../context.ts';
import { isPgError, type PgError } from '../db/database.ts';
import {
  bearerToken,
  header,
  jsonBody,
  type GatewayRequest,
  type GatewayResponse,
  type Service,
} from '../gateway/http.ts';
import { asRole, identifyCaller } from '../gateway/request-role.ts';
import { SchemaCatalog } from './catalog.ts';
import {
  errorResponse,
  invalidBody,
  invalidPath,
  invalidRpcMethod,
  jwtError,
  notImplemented,
  RestError,
  restErrorFromPg,
  unsupportedMethod,
} from './errors.ts';
import { deleteRows, insertRows, updateRows } from './mutate.ts';
import { acceptsSingleObject, checkContentType, checkProfile, parsePrefer } from './negotiate.ts';
import { parseQuery } from './parse-query.ts';
import { readTable } from './read.ts';
import type { RestRequest } from './rest-request.ts';
import { callRoutine } from './rpc.ts';

/** PostgREST's search path: the exposed schema, then config.toml's extra_search_path. */
const SEARCH_PATH = '"public", "extensions"';

/** Postgres errors after which the schema cache may describe objects that changed. */
const SCHEMA_DRIFT_CODES = new Set(['42703', '42P01', '42883', '42804', '42P10', '42809']);

type Route = { kind: 'table' | 'rpc'; name: string };

function routeOf(req: GatewayRequest): Route {
  const segments = req.path.split('/').slice(1);
  if (segments.length === 1 && segments[0] === '') {
    throw new RestError(404, 'PGRST126', 'Root endpoint metadata is disabled');
  }
  const names = segments.map((s) => decodeURIComponent(s));
  if (names.length === 1 && names[0]) return { kind: 'table', name: names[0] };
  if (names.length === 2 && names[0] === 'rpc' && names[1]) return { kind: 'rpc', name: names[1] };
  throw invalidPath();
}

function checkMethod(route: Route, method: string): void {
  const reads = ['GET', 'HEAD'];
  if (route.kind === 'rpc') {
    if (![...reads, 'POST'].includes(method)) throw invalidRpcMethod(method);
    return;
  }
  if (method === 'PUT')
    throw notImplemented(
      'PUT (single-row upsert) is not supported by the local stack; use POST with Prefer: resolution=merge-duplicates',
    );
  if (![...reads, 'POST', 'PATCH', 'DELETE'].includes(method)) throw unsupportedMethod(method);
}

function readJson(req: GatewayRequest, route: Route): unknown {
  checkContentType(req);
  try {
    const body = jsonBody(req);
    return body === undefined && route.kind === 'rpc' ? {} : body;
  } catch {
    throw invalidBody();
  }
}

/** A JWT naming a role `authenticator` may not assume fails as `set role` would in Postgres. */
async function roleError(ctx: StackContext, req: GatewayRequest): Promise<RestError> {
  const token = bearerToken(req) ?? header(req, 'apikey') ?? '';
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { role?: string };
  const role = String(claims.role);
  const { rows } = await ctx.db.transaction((tx) =>
    tx.query('select 1 from pg_catalog.pg_roles where rolname = $1', [role]),
  );
  return rows.length > 0
    ? new RestError(403, '42501', `permission denied to set role "${role}"`)
    : new RestError(401, '22023', `role "${role}" does not exist`, null, null, { 'www-authenticate': 'Bearer' });
}

function flatHeaders(req: GatewayRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

export function createRestService(ctx: StackContext): Service {
  const catalog = new SchemaCatalog();

  async function handle(req: GatewayRequest, state: { authed: boolean }): Promise<GatewayResponse> {
    const route = routeOf(req);
    checkMethod(route, req.method);
    const caller = identifyCaller(req, ctx.jwtSecret, ctx.assumableRoles);
    if (!caller.ok) {
      throw caller.reason === 'role'
        ? await roleError(ctx, req)
        : jwtError(caller.reason, bearerToken(req) ?? header(req, 'apikey') ?? '');
    }
    state.authed = caller.role !== 'anon';
    const readOnly = req.method === 'GET' || req.method === 'HEAD';
    checkProfile(req, !readOnly);
    const singular = acceptsSingleObject(req);
    const prefs = parsePrefer(req);
    const body = req.method === 'POST' || req.method === 'PATCH' ? readJson(req, route) : undefined;
    // Parsed before any database work: a malformed query never opens a transaction.
    const rpcArguments = route.kind === 'rpc' && readOnly;
    const query = parseQuery(req.url.searchParams, { rpcArguments });
    const info = { method: req.method, path: req.path, headers: flatHeaders(req) };
    return asRole(ctx.db, caller, info, async (tx) => {
      await tx.query(
        readOnly
          ? `select set_config('search_path', $1, true), set_config('transaction_read_only', 'on', true)`
          : `select set_config('search_path', $1, true)`,
        [SEARCH_PATH],
      );
      const rr: RestRequest = { req, tx, catalog, query, prefs, singular, maxRows: ctx.config.maxRows };
      if (route.kind === 'rpc') return callRoutine(rr, route.name, body);
      if (readOnly) return readTable(rr, route.name);
      if (req.method === 'POST') return insertRows(rr, route.name, body);
      if (req.method === 'PATCH') return updateRows(rr, route.name, body);
      return deleteRows(rr, route.name);
    });
  }

  return async (req) => {
    const state = { authed: false };
    try {
      return await handle(req, state);
    } catch (error) {
      if (error instanceof RestError) return errorResponse(error);
      if (isPgError(error) && /^[0-9A-Z]{5}$/.test((error as PgError).code ?? '')) {
        if (SCHEMA_DRIFT_CODES.has(error.code!)) catalog.invalidate();
        return errorResponse(restErrorFromPg(error, state.authed));
      }
      throw error;
    }
  };
}
