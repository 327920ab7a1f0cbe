/**
 * GET and HEAD on `/rest/v1/<table>`: one statement that returns the page as JSON text, the
 * number of rows in it and, with `Prefer: count=exact`, the total — the shape of PostgREST's
 * read query, so RLS, grants and formatting are Postgres' own.
 *
 * What must stay true: max-rows caps every page; `.single()` answers 406 PGRST116 unless
 * exactly one row matched; HEAD computes the same range and count without a body.
 */
import type { GatewayResponse } from '../gateway/http.ts';
import { bodySql, limitOffsetSql, orderSql, Params, selectListSql, whereSql } from './build-sql.ts';
import { singularity } from './errors.ts';
import { resolvePage } from './negotiate.ts';
import { contentRange, pageStatus, reply } from './respond.ts';
import { referencedColumns, requireTable, tableRelation, type RestRequest } from './rest-request.ts';

interface PageRow {
  total: string | number | null;
  page_total: string | number;
  body: string | null;
}

export async function readTable(rr: RestRequest, tableName: string): Promise<GatewayResponse> {
  const table = await requireTable(rr, tableName, referencedColumns(rr.query));
  const rel = tableRelation(table);
  const head = rr.req.method === 'HEAD';
  const page = resolvePage(rr.req, rr.query, rr.maxRows);
  const params = new Params();
  const where = whereSql(rel, rr.query.conditions, params);
  const counting = rr.prefs.count !== undefined;
  const sql = `
    select ${counting ? `(select pg_catalog.count(*) from ${rel.qualifier} ${where})` : 'null::bigint'} as total,
           pg_catalog.count(*) as page_total,
           ${bodySql(head ? 'none' : rr.singular ? 'object' : 'array')} as body
      from (select ${selectListSql(rel, rr.query.select, params)}
              from ${rel.qualifier} ${where} ${orderSql(rel, rr.query.order, params)}
             ${limitOffsetSql(page.limit, page.offset)}) _postgrest_t`;
  const { rows } = await rr.tx.query<PageRow>(sql, params.values);
  const row = rows[0];
  const pageTotal = Number(row.page_total);
  const total = row.total === null ? null : Number(row.total);
  if (rr.singular && pageTotal !== 1) throw singularity(pageTotal);
  return reply({
    status: pageStatus(page.offset, pageTotal, total),
    body: head ? '' : (row.body ?? ''),
    singular: rr.singular,
    contentRange: contentRange(page.offset, pageTotal, total),
    preferenceApplied: rr.prefs.applied.filter((p) => p.startsWith('count=')),
  });
}
