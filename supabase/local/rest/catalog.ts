/**
 * PostgREST's "schema cache" for the local stack: the tables (columns, types, primary key) and
 * functions (arguments, return shape) of the exposed schema, read from pg_catalog.
 *
 * What must stay true:
 * - lookups run in the request's own transaction, so they see what that transaction sees;
 * - the cache never hides a new object: a miss (unknown table, column, function or argument
 *   list) reloads that entry before answering "not found", so tables created after the stack
 *   started (test fixtures, `supabase migration up`) are found on first use;
 * - `invalidate()` drops everything; the service calls it when Postgres reports that an
 *   object the cache described no longer matches (dropped column, changed function).
 */
import type { SqlClient } from '../db/database.ts';

export const EXPOSED_SCHEMA = 'public';

export interface ColumnInfo {
  name: string;
  /** `format_type()` of the column, safe to splice into SQL as a type name. */
  type: string;
}

export interface TableInfo {
  name: string;
  columns: Map<string, ColumnInfo>;
  primaryKey: string[];
}

export interface RoutineParam {
  name: string;
  type: string;
  hasDefault: boolean;
  variadic: boolean;
}

export interface RoutineInfo {
  name: string;
  params: RoutineParam[];
  returnsSet: boolean;
  returns: 'void' | 'scalar' | 'composite';
  /** Output columns of a composite result (row type, OUT or TABLE parameters). */
  columns: ColumnInfo[];
  volatility: 'i' | 's' | 'v';
}

const TABLE_SQL = `
select json_build_object(
  'name', c.relname,
  'columns', coalesce((
    select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod)) order by a.attnum)
      from pg_catalog.pg_attribute a
     where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]'),
  'primaryKey', coalesce((
    select json_agg(a.attname order by k.ord)
      from pg_catalog.pg_index i
     cross join lateral unnest(i.indkey::int2[]) with ordinality as k(attnum, ord)
      join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
     where i.indrelid = c.oid and i.indisprimary), '[]')
)::text as info
from pg_catalog.pg_class c
join pg_catalog.pg_namespace n on n.oid = c.relnamespace
where n.nspname = $1 and c.relname = $2 and c.relkind in ('r', 'v', 'm', 'f', 'p')`;

const ROUTINE_SQL = `
select json_build_object(
  'name', p.proname,
  'returnsSet', p.proretset,
  'returnsVoid', p.prorettype = 'pg_catalog.void'::pg_catalog.regtype,
  'returnTypType', t.typtype,
  'returnType', format_type(p.prorettype, null),
  'volatility', p.provolatile,
  'defaults', p.pronargdefaults,
  'argNames', coalesce(p.proargnames, '{}'),
  'argModes', coalesce(p.proargmodes::text[], '{}'),
  'argTypes', array(select format_type(x, null)
                      from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(x, o)
                     order by o),
  'rowColumns', coalesce((
    select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod)) order by a.attnum)
      from pg_catalog.pg_attribute a
     where t.typtype = 'c' and a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped), '[]')
)::text as info
from pg_catalog.pg_proc p
join pg_catalog.pg_namespace n on n.oid = p.pronamespace
join pg_catalog.pg_type t on t.oid = p.prorettype
where n.nspname = $1 and p.proname = $2 and p.prokind = 'f'`;

interface RawRoutine {
  name: string;
  returnsSet: boolean;
  returnsVoid: boolean;
  returnTypType: string;
  returnType: string;
  volatility: 'i' | 's' | 'v';
  defaults: number;
  argNames: string[];
  argModes: string[];
  argTypes: string[];
  rowColumns: ColumnInfo[];
}

function toRoutine(raw: RawRoutine): RoutineInfo {
  const params: RoutineParam[] = [];
  const outputs: ColumnInfo[] = [];
  raw.argTypes.forEach((type, i) => {
    const mode = raw.argModes[i] ?? 'i';
    const name = raw.argNames[i] ?? '';
    if (mode === 'i' || mode === 'b' || mode === 'v')
      params.push({ name, type, hasDefault: false, variadic: mode === 'v' });
    if (mode === 'o' || mode === 'b' || mode === 't') outputs.push({ name, type });
  });
  params.slice(params.length - raw.defaults).forEach((p) => (p.hasDefault = true));
  let returns: RoutineInfo['returns'] = 'scalar';
  let columns: ColumnInfo[] = [];
  if (raw.returnsVoid) returns = 'void';
  else if (raw.returnTypType === 'c') [returns, columns] = ['composite', raw.rowColumns];
  else if (raw.returnType === 'record' && outputs.length > 0) [returns, columns] = ['composite', outputs];
  return { name: raw.name, params, returnsSet: raw.returnsSet, returns, columns, volatility: raw.volatility };
}

export class SchemaCatalog {
  private tables = new Map<string, TableInfo>();
  private routines = new Map<string, RoutineInfo[]>();

  async table(tx: SqlClient, name: string, reload = false): Promise<TableInfo | undefined> {
    const cached = this.tables.get(name);
    if (cached && !reload) return cached;
    const { rows } = await tx.query<{ info: string }>(TABLE_SQL, [EXPOSED_SCHEMA, name]);
    if (rows.length === 0) {
      this.tables.delete(name);
      return undefined;
    }
    const raw = JSON.parse(rows[0].info) as { name: string; columns: ColumnInfo[]; primaryKey: string[] };
    const info: TableInfo = {
      name: raw.name,
      columns: new Map(raw.columns.map((c) => [c.name, c])),
      primaryKey: raw.primaryKey,
    };
    this.tables.set(name, info);
    return info;
  }

  /** The table, reloaded once if any of `columns` is unknown to the cached copy. */
  async tableWithColumns(tx: SqlClient, name: string, columns: Iterable<string>): Promise<TableInfo | undefined> {
    const info = await this.table(tx, name);
    if (!info) return undefined;
    for (const column of columns) if (!info.columns.has(column)) return this.table(tx, name, true);
    return info;
  }

  async routineOverloads(tx: SqlClient, name: string, reload = false): Promise<RoutineInfo[]> {
    const cached = this.routines.get(name);
    if (cached && !reload) return cached;
    const { rows } = await tx.query<{ info: string }>(ROUTINE_SQL, [EXPOSED_SCHEMA, name]);
    const overloads = rows.map((r) => toRoutine(JSON.parse(r.info) as RawRoutine));
    if (overloads.length > 0) this.routines.set(name, overloads);
    else this.routines.delete(name);
    return overloads;
  }

  /** Names for "Perhaps you meant …" hints (error path only, never cached). */
  async names(tx: SqlClient, kind: 'table' | 'function'): Promise<string[]> {
    const sql =
      kind === 'table'
        ? `select c.relname as name from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
            where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'f', 'p')`
        : `select distinct p.proname as name from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
            where n.nspname = $1 and p.prokind = 'f'`;
    const { rows } = await tx.query<{ name: string }>(sql, [EXPOSED_SCHEMA]);
    return rows.map((r) => r.name);
  }

  invalidate(): void {
    this.tables.clear();
    this.routines.clear();
  }
}

/** Closest candidate by edit distance, if similar enough (PostgREST hints need 0.75). */
export function closestName(target: string, candidates: string[], minScore = 0.75): string | undefined {
  let best: { name: string; score: number } | undefined;
  for (const name of candidates) {
    const distance = levenshtein(target.toLowerCase(), name.toLowerCase());
    const score = 1 - distance / Math.max(target.length, name.length, 1);
    if (score >= minScore && (!best || score > best.score)) best = { name, score };
  }
  return best?.name;
}

export function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}
