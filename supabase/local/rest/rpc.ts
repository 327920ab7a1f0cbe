/**
 * `/rest/v1/rpc/<fn>`: calls a function of the exposed schema with named arguments (POST JSON
 * object, or GET query parameters), or with the whole body for a function taking one unnamed
 * json/jsonb parameter, and returns what PostgREST returns: a scalar, one object for a
 * composite row, an array for `setof`/`returns table` — with select, filters, order and paging
 * applied to set results.
 *
 * What must stay true:
 * - the overload is chosen from pg_catalog by argument names, like PostgREST; none matching is
 *   PGRST202 with PostgREST's message, several is PGRST203;
 * - arguments reach the function through `json_to_record(<one parameter>)` typed with the
 *   declared argument types, so Postgres does every conversion;
 * - GET and HEAD run in a read-only transaction (a volatile function answers 405, 25006).
 */
import type { GatewayResponse } from '../gateway/http.ts';
import {
  bodySql,
  ident,
  limitOffsetSql,
  orderSql,
  Params,
  selectListSql,
  whereSql,
  type Relation,
} from './build-sql.ts';
import { closestName, EXPOSED_SCHEMA, type RoutineInfo } from './catalog.ts';
import { invalidBody, notImplemented, RestError, singularity } from './errors.ts';
import { resolvePage } from './negotiate.ts';
import { contentRange, pageStatus, reply } from './respond.ts';
import type { RestRequest } from './rest-request.ts';

type Match = { routine: RoutineInfo; singleJson: boolean };

function isSingleJson(r: RoutineInfo): boolean {
  return r.params.length === 1 && r.params[0].name === '' && /^jsonb?$/.test(r.params[0].type);
}

function choose(overloads: RoutineInfo[], keys: Set<string>, post: boolean): Match[] {
  const named = overloads.filter((r) => {
    const names = new Set(r.params.map((p) => p.name));
    return [...keys].every((k) => names.has(k)) && r.params.every((p) => p.hasDefault || keys.has(p.name));
  });
  if (named.length > 0) return named.map((routine) => ({ routine, singleJson: false }));
  return post ? overloads.filter(isSingleJson).map((routine) => ({ routine, singleJson: true })) : [];
}

async function notFound(rr: RestRequest, name: string, keys: string[], overloads: RoutineInfo[], post: boolean) {
  const fn = `${EXPOSED_SCHEMA}.${name}`;
  const list = keys.join(', ');
  const searched = keys.length === 0 ? ' without parameters' : ` with parameter${keys.length > 1 ? 's' : ''} ${list}`;
  let hint: string | undefined;
  if (overloads.length === 0) {
    const other = closestName(name, await rr.catalog.names(rr.tx, 'function'));
    if (other) hint = `Perhaps you meant to call the function ${EXPOSED_SCHEMA}.${other}`;
  } else {
    const lists = overloads.map(
      (o) =>
        `(${o.params
          .map((p) => p.name)
          .sort()
          .join(', ')})`,
    );
    const best = closestName(`(${list})`, lists, 0.33);
    if (best) hint = `Perhaps you meant to call the function ${fn}${best}`;
  }
  return new RestError(
    404,
    'PGRST202',
    `Could not find the function ${fn}${keys.length === 0 ? ' without parameters' : `(${list})`} in the schema cache`,
    `Searched for the function ${fn}${searched}${post ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`,
    hint ?? null,
  );
}

function ambiguous(matches: Match[]): RestError {
  const described = matches.map(
    ({ routine: r }) => `${EXPOSED_SCHEMA}.${r.name}(${r.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`,
  );
  return new RestError(
    300,
    'PGRST203',
    `Could not choose the best candidate function between: ${described.join(', ')}`,
    null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  );
}

/** `from` clause calling the function as `pgrst_call`. */
function callSql(match: Match, args: Record<string, unknown> | unknown, params: Params): string {
  const { routine } = match;
  const fn = `${ident(EXPOSED_SCHEMA)}.${ident(routine.name)}`;
  const alias = routine.returns === 'composite' ? 'pgrst_call' : 'pgrst_call(pgrst_scalar)';
  if (match.singleJson) return `${fn}(${params.add(JSON.stringify(args))}::${routine.params[0].type}) as ${alias}`;
  const given = routine.params.filter((p) => Object.hasOwn(args as object, p.name));
  if (given.length === 0) return `${fn}() as ${alias}`;
  const record = given.map((p) => `${ident(p.name)} ${p.type}`).join(', ');
  const call = given.map((p) => `${p.variadic ? 'variadic ' : ''}${ident(p.name)} := pgrst_args.${ident(p.name)}`);
  return `json_to_record(${params.add(JSON.stringify(args))}::json) as pgrst_args(${record}), lateral ${fn}(${call.join(', ')}) as ${alias}`;
}

export async function callRoutine(rr: RestRequest, name: string, body: unknown): Promise<GatewayResponse> {
  const post = rr.req.method === 'POST';
  let overloads = await rr.catalog.routineOverloads(rr.tx, name);
  if (post && !overloads.some(isSingleJson)) {
    if (Array.isArray(body)) {
      throw notImplemented('Calling a function with a JSON array body is not supported by the local stack');
    }
    if (body === null || typeof body !== 'object') throw invalidBody();
  }
  const args = (post ? body : Object.fromEntries(rr.query.args)) as Record<string, unknown>;
  const keys = new Set(args !== null && typeof args === 'object' && !Array.isArray(args) ? Object.keys(args) : []);
  let matches = choose(overloads, keys, post);
  if (matches.length === 0) {
    overloads = await rr.catalog.routineOverloads(rr.tx, name, true);
    matches = choose(overloads, keys, post);
  }
  if (matches.length === 0) throw await notFound(rr, name, [...keys].sort(), overloads, post);
  if (matches.length > 1) throw ambiguous(matches);
  return runCall(rr, matches[0], args);
}

async function runCall(rr: RestRequest, match: Match, args: unknown): Promise<GatewayResponse> {
  const { routine } = match;
  const params = new Params();
  const from = callSql(match, args, params);
  if (routine.returns === 'void') {
    await rr.tx.query(`select from ${from}`, params.values);
    return reply({ status: 204 });
  }
  const composite = routine.returns === 'composite';
  const rel: Relation = {
    qualifier: 'pgrst_call',
    label: 'pgrst_call',
    columns: new Map(routine.columns.map((c) => [c.name, c])),
  };
  const page = routine.returnsSet ? resolvePage(rr.req, rr.query, rr.maxRows) : { limit: undefined, offset: 0 };
  const where = whereSql(rel, rr.query.conditions, params);
  const counting = rr.prefs.count !== undefined;
  const head = rr.req.method === 'HEAD';
  const shape = head ? 'none' : rr.singular || !routine.returnsSet ? 'object' : 'array';
  const select = composite ? selectListSql(rel, rr.query.select, params) : 'pgrst_call.pgrst_scalar';
  const sql = `
    with pgrst_source as (select pgrst_call.* from ${from})
    select ${counting ? `(select pg_catalog.count(*) from pgrst_source as pgrst_call ${where})` : 'null::bigint'} as total,
           pg_catalog.count(*) as page_total,
           ${bodySql(shape, composite ? undefined : 'pgrst_scalar')} as body
      from (select ${select} from pgrst_source as pgrst_call ${where} ${orderSql(rel, rr.query.order, params)}
             ${limitOffsetSql(page.limit, page.offset)}) _postgrest_t`;
  const { rows } = await rr.tx.query<{ total: string | null; page_total: string; body: string | null }>(
    sql,
    params.values,
  );
  const pageTotal = Number(rows[0].page_total);
  const total = rows[0].total === null ? null : Number(rows[0].total);
  if (rr.singular && routine.returnsSet && pageTotal !== 1) throw singularity(pageTotal);
  return reply({
    status: routine.returnsSet ? pageStatus(page.offset, pageTotal, total) : 200,
    body: head ? '' : (rows[0].body ?? 'null'),
    singular: rr.singular,
    contentRange: contentRange(page.offset, pageTotal, total),
    preferenceApplied: rr.prefs.applied.filter((p) => p.startsWith('count=')),
  });
}
