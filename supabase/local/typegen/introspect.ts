/**
 * Reads what `supabase gen types typescript` needs from pg_catalog: the tables, views, functions,
 * enums and composite types of one schema. We generate types ourselves because the Supabase CLI
 * (2.117) runs its generator (postgres-meta) in a Docker container, which this project cannot
 * use (see typegen/render.ts for the output and gen-types.ts for the command).
 *
 * What must stay true: every list comes back in a fixed order (by name, then position), so the
 * same schema always renders byte-identical types — the test command compares them.
 */
import type { SqlClient } from '../db/database.ts';

export interface PgType {
  oid: number;
  name: string;
  schema: string;
  /** pg_type.typtype: b base, c composite, d domain, e enum, p pseudo, r range, m multirange. */
  kind: string;
  category: string;
  elem: number;
  base: number;
  /** For composite types: the relation's kind ('c' a standalone type, 'r' a table row…). */
  relkind: string | null;
}

export interface Column {
  name: string;
  type: number;
  nullable: boolean;
  hasDefault: boolean;
  /** Identity `always` or a generated column: never written by clients. */
  generated: boolean;
}

export interface Relation {
  name: string;
  kind: 'table' | 'view' | 'composite';
  columns: Column[];
}

export interface Relationship {
  foreignKeyName: string;
  table: string;
  columns: string[];
  isOneToOne: boolean;
  referencedRelation: string;
  referencedColumns: string[];
}

export interface Routine {
  name: string;
  args: Array<{ name: string; type: number; optional: boolean }>;
  /** Columns of `returns table (…)` / out parameters, when there are any. */
  outColumns: Array<{ name: string; type: number }>;
  returns: number;
  returnsSet: boolean;
}

export interface SchemaInfo {
  types: Map<number, PgType>;
  relations: Relation[];
  relationships: Relationship[];
  routines: Routine[];
  enums: Array<{ name: string; values: string[] }>;
}

export async function introspect(tx: SqlClient, schema: string): Promise<SchemaInfo> {
  const types = new Map<number, PgType>();
  const typeRows = await tx.query<PgType>(
    `select t.oid::int as oid, t.typname as name, n.nspname as schema, t.typtype as kind, t.typcategory as category,
            t.typelem::int as elem, t.typbasetype::int as base, c.relkind::text as relkind
       from pg_type t join pg_namespace n on n.oid = t.typnamespace left join pg_class c on c.oid = t.typrelid`,
  );
  for (const t of typeRows.rows) types.set(Number(t.oid), { ...t, oid: Number(t.oid) });

  const relRows = await tx.query<{ name: string; relkind: string; columns: Column[] | null }>(
    `select c.relname as name, c.relkind::text as relkind,
            (select json_agg(json_build_object(
                'name', a.attname, 'type', a.atttypid::int, 'nullable', not a.attnotnull,
                'hasDefault', a.atthasdef or a.attidentity <> '', 'generated', a.attidentity = 'a' or a.attgenerated <> '')
              order by a.attnum)
               from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'c')
      order by c.relname`,
    [schema],
  );
  const relations: Relation[] = relRows.rows.map((r) => ({
    name: r.name,
    kind: r.relkind === 'c' ? 'composite' : r.relkind === 'v' || r.relkind === 'm' ? 'view' : 'table',
    columns: r.columns ?? [],
  }));

  const fkRows = await tx.query<Relationship>(
    `select con.conname as "foreignKeyName", src.relname as "table", dst.relname as "referencedRelation",
            array(select a.attname::text from unnest(con.conkey) with ordinality k(num, ord)
                    join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.num order by k.ord) as columns,
            array(select a.attname::text from unnest(con.confkey) with ordinality k(num, ord)
                    join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.num order by k.ord) as "referencedColumns",
            exists (select 1 from pg_index i where i.indrelid = con.conrelid and i.indisunique
                       and i.indexprs is null and i.indpred is null
                       and (select array_agg(x order by x) from unnest(i.indkey::int2[]) x)
                         = (select array_agg(x order by x) from unnest(con.conkey) x)) as "isOneToOne"
       from pg_constraint con
       join pg_class src on src.oid = con.conrelid join pg_namespace sn on sn.oid = src.relnamespace
       join pg_class dst on dst.oid = con.confrelid join pg_namespace dn on dn.oid = dst.relnamespace
      where con.contype = 'f' and sn.nspname = $1 and dn.nspname = $1
      order by src.relname, con.conname`,
    [schema],
  );

  const procRows = await tx.query<{
    name: string;
    names: string[] | null;
    modes: string[] | null;
    all_types: number[] | null;
    in_types: number[];
    defaults: number;
    returns: number;
    returns_set: boolean;
  }>(
    `select p.proname as name, p.proargnames as names, p.proargmodes::text[] as modes,
            p.proallargtypes::int[] as all_types, p.proargtypes::int[] as in_types, p.pronargdefaults as defaults,
            p.prorettype::int as returns, p.proretset as returns_set
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = $1 and p.prokind = 'f' and p.prorettype <> 'pg_catalog.trigger'::regtype
      order by p.proname, p.oid`,
    [schema],
  );
  const routines: Routine[] = procRows.rows.map((p) => {
    const allTypes = (p.all_types ?? p.in_types).map(Number);
    const modes = p.modes ?? allTypes.map(() => 'i');
    const names = p.names ?? [];
    const inputs = allTypes.map((type, i) => ({ type, i })).filter(({ i }) => ['i', 'b', 'v'].includes(modes[i]));
    const outs = allTypes.map((type, i) => ({ type, i })).filter(({ i }) => ['o', 'b', 't'].includes(modes[i]));
    return {
      name: p.name,
      args: inputs.map(({ type, i }, k) => ({
        name: names[i] ?? '',
        type,
        optional: k >= inputs.length - Number(p.defaults),
      })),
      outColumns: outs.map(({ type, i }) => ({ name: names[i] ?? '', type })),
      returns: Number(p.returns),
      returnsSet: p.returns_set,
    };
  });

  const enumRows = await tx.query<{ name: string; values: string[] }>(
    `select t.typname as name, array_agg(e.enumlabel::text order by e.enumsortorder) as values
       from pg_type t join pg_namespace n on n.oid = t.typnamespace join pg_enum e on e.enumtypid = t.oid
      where n.nspname = $1 group by t.typname order by t.typname`,
    [schema],
  );

  return { types, relations, relationships: fkRows.rows, routines, enums: enumRows.rows };
}
