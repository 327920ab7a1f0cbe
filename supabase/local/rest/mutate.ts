/**
 * POST (insert, bulk insert, upsert), PATCH and DELETE on `/rest/v1/<table>`, with
 * `Prefer: return=minimal|representation|headers-only`, `count=exact`, `missing=default`,
 * `resolution=…` and `max-affected`, answering like PostgREST (201 / 200 / 204).
 *
 * What must stay true:
 * - the payload is checked before anything runs: invalid JSON → PGRST102, a key that is not a
 *   column → PGRST204; so a rejected request writes nothing;
 * - PATCH and DELETE need a filter, as on hosted Supabase (pg-safeupdate, 21000);
 * - `.single()` on a write that touched ≠ 1 row, or a `max-affected` overrun, throws inside the
 *   transaction, which rolls it back;
 * - `return=minimal` uses no RETURNING, so rows the caller may not SELECT can still be written.
 */
import type { GatewayResponse } from '../gateway/http.ts';
import { bodySql, ident, orderSql, Params, selectListSql, whereSql } from './build-sql.ts';
import { deleteSql, insertSql, updateSql } from './build-mutation.ts';
import type { TableInfo } from './catalog.ts';
import { columnNotFound, invalidBody, notImplemented, RestError, singularity } from './errors.ts';
import { contentRange, reply } from './respond.ts';
import { referencedColumns, requireTable, tableRelation, type RestRequest } from './rest-request.ts';

type Mode = 'minimal' | 'representation' | 'headers-only';

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Rows and columns of an insert payload, checked as PostgREST's payload parser does. */
function insertPayload(body: unknown, columnsParam: string[] | undefined): { rows: unknown[]; columns: string[] } {
  if (body === undefined) throw invalidBody();
  if (columnsParam) return { rows: Array.isArray(body) ? body : [body], columns: columnsParam };
  if (isObject(body)) return { rows: [body], columns: Object.keys(body) };
  if (!Array.isArray(body)) return { rows: [], columns: [] };
  if (body.length === 0) return { rows: [], columns: [] };
  if (!isObject(body[0])) throw invalidBody('All object keys must match');
  const keys = Object.keys(body[0]).sort();
  const uniform = body.every((row) => isObject(row) && Object.keys(row).sort().join('\0') === keys.join('\0'));
  if (!uniform) throw invalidBody('All object keys must match');
  return { rows: body, columns: Object.keys(body[0]) };
}

function checkColumns(table: TableInfo, columns: string[]): void {
  const unknown = columns.find((c) => !table.columns.has(c));
  if (unknown !== undefined) throw columnNotFound(table.name, unknown);
}

function checkAffected(rr: RestRequest, affected: number): void {
  if (rr.singular && affected !== 1) throw singularity(affected);
  if (rr.prefs.handling === 'strict' && rr.prefs.maxAffected !== undefined && affected > rr.prefs.maxAffected) {
    throw new RestError(
      400,
      'PGRST124',
      'Query result exceeds max-affected preference constraint',
      `The query affects ${affected} rows`,
    );
  }
}

/** Runs `dml`; with a representation, shapes the returned rows with `select=` and `order=`. */
async function run(
  rr: RestRequest,
  table: TableInfo,
  dml: (returning: boolean, params: Params) => string,
  mode: Mode,
): Promise<{ affected: number; body?: string; location?: string }> {
  const params = new Params();
  if (mode === 'minimal') {
    const result = await rr.tx.query(dml(false, params), params.values);
    return { affected: result.rowCount };
  }
  const source = tableRelation(table, 'pgrst_source');
  const select =
    mode === 'headers-only'
      ? table.primaryKey.map((c) => `pgrst_source.${ident(c)}`).join(', ') || 'pgrst_source.*'
      : selectListSql(source, rr.query.select, params);
  const order = mode === 'headers-only' ? '' : orderSql(source, rr.query.order, params);
  const sql = `with pgrst_source as (${dml(true, params)})
               select pg_catalog.count(*) as page_total, ${bodySql(rr.singular ? 'object' : 'array')} as body
                 from (select ${select} from pgrst_source ${order}) _postgrest_t`;
  const { rows } = await rr.tx.query<{ page_total: string | number; body: string }>(sql, params.values);
  const affected = Number(rows[0].page_total);
  if (mode === 'representation') return { affected, body: rows[0].body };
  const first = (JSON.parse(rows[0].body) as Record<string, unknown>[] | Record<string, unknown> | null) ?? [];
  const row = Array.isArray(first) ? first[0] : first;
  const filters = Object.entries(row ?? {}).map(([k, v]) => `${k}=${v === null ? 'is.null' : `eq.${String(v)}`}`);
  return { affected, location: `/${table.name}${filters.length ? `?${filters.join('&')}` : ''}` };
}

export async function insertRows(rr: RestRequest, tableName: string, body: unknown): Promise<GatewayResponse> {
  const { rows, columns } = insertPayload(body, rr.query.columns);
  const wanted = new Set([...columns, ...referencedColumns(rr.query), ...(rr.query.onConflict ?? [])]);
  const table = await requireTable(rr, tableName, wanted);
  checkColumns(table, columns);
  const mode: Mode = rr.prefs.return ?? 'minimal';
  const resolution = rr.prefs.resolution;
  const result = await run(
    rr,
    table,
    (returning, params) =>
      insertSql(
        {
          table,
          rows,
          columns,
          missingDefault: rr.prefs.missing === 'default',
          conflict: resolution
            ? { target: rr.query.onConflict ?? table.primaryKey, merge: resolution === 'merge-duplicates' }
            : undefined,
          returning,
        },
        params,
      ),
    mode,
  );
  checkAffected(rr, result.affected);
  const counted = rr.prefs.count !== undefined;
  return reply({
    status: 201,
    body: result.body,
    singular: rr.singular,
    contentRange: `*/${counted ? result.affected : '*'}`,
    preferenceApplied: rr.prefs.applied,
    extraHeaders: result.location ? { location: result.location } : {},
  });
}

function requireFilters(rr: RestRequest, verb: 'UPDATE' | 'DELETE'): void {
  if (rr.query.limit !== undefined || rr.query.offset > 0) {
    throw notImplemented(`limit/offset on ${rr.req.method} is not supported by the local stack`);
  }
  if (rr.query.conditions.length === 0) throw new RestError(400, '21000', `${verb} requires a WHERE clause`);
}

export async function updateRows(rr: RestRequest, tableName: string, body: unknown): Promise<GatewayResponse> {
  if (body === undefined || body === null || typeof body !== 'object') throw invalidBody();
  const keys = rr.query.columns ?? Object.keys((Array.isArray(body) ? body[0] : body) ?? {});
  const table = await requireTable(rr, tableName, new Set([...keys, ...referencedColumns(rr.query)]));
  checkColumns(table, keys);
  requireFilters(rr, 'UPDATE');
  const mode = rr.prefs.return === 'representation' ? 'representation' : 'minimal';
  let result: { affected: number; body?: string };
  if (keys.length === 0) {
    result = { affected: 0, body: rr.singular ? 'null' : '[]' };
  } else {
    result = await run(
      rr,
      table,
      (returning, params) =>
        updateSql(table, body, keys, whereSql(tableRelation(table), rr.query.conditions, params), returning, params),
      mode,
    );
  }
  return finishChange(rr, result, mode);
}

export async function deleteRows(rr: RestRequest, tableName: string): Promise<GatewayResponse> {
  const table = await requireTable(rr, tableName, referencedColumns(rr.query));
  requireFilters(rr, 'DELETE');
  const mode = rr.prefs.return === 'representation' ? 'representation' : 'minimal';
  const result = await run(
    rr,
    table,
    (returning, params) => deleteSql(table, whereSql(tableRelation(table), rr.query.conditions, params), returning),
    mode,
  );
  return finishChange(rr, result, mode);
}

function finishChange(rr: RestRequest, result: { affected: number; body?: string }, mode: Mode): GatewayResponse {
  checkAffected(rr, result.affected);
  const counted = rr.prefs.count !== undefined;
  return reply({
    status: mode === 'representation' ? 200 : 204,
    body: mode === 'representation' ? result.body : undefined,
    singular: rr.singular,
    contentRange: contentRange(0, result.affected, counted ? result.affected : null),
    preferenceApplied: rr.prefs.applied,
  });
}
