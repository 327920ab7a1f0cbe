/**
 * Renders introspected schema information as the TypeScript that `supabase gen types
 * typescript` produces: `Database` with `public.{Tables, Views, Functions, Enums,
 * CompositeTypes}` (Row / Insert / Update / Relationships per table, Args / Returns per
 * function) and the `Tables<>`, `TablesInsert<>`, `TablesUpdate<>`, `Enums<>`,
 * `CompositeTypes<>` helpers, so supabase-js's `createClient<Database>()` types every call.
 *
 * Differences from postgres-meta, on purpose and harmless to supabase-js: a function returning
 * `setof <table>` refers to that table's Row type instead of repeating its columns.
 */
import type { Column, PgType, SchemaInfo } from './introspect.ts';

const NUMBER = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid', 'money']);
const STRING = new Set([
  'text', 'varchar', 'bpchar', 'char', 'name', 'uuid', 'date', 'time', 'timetz', 'timestamp', 'timestamptz',
  'interval', 'bytea', 'inet', 'cidr', 'macaddr', 'citext', 'tsvector', 'bit', 'varbit', 'xml',
]); // prettier-ignore

const key = (name: string) => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name));
const ref = (section: string, name: string) =>
  `Database[${JSON.stringify(SCHEMA)}][${JSON.stringify(section)}][${JSON.stringify(name)}]`;
let SCHEMA = 'public';

function tsType(types: Map<number, PgType>, oid: number): string {
  const t = types.get(oid);
  if (!t) return 'unknown';
  if (t.category === 'A' && t.elem) {
    const inner = tsType(types, t.elem);
    return inner.includes(' ') ? `(${inner})[]` : `${inner}[]`;
  }
  if (t.kind === 'd') return tsType(types, t.base);
  if (t.kind === 'e') return t.schema === SCHEMA ? ref('Enums', t.name) : 'string';
  if (t.kind === 'c') {
    if (t.schema !== SCHEMA) return 'unknown';
    return t.relkind === 'c' ? ref('CompositeTypes', t.name) : `${ref('Tables', t.name)}["Row"]`;
  }
  if (t.name === 'bool') return 'boolean';
  if (t.name === 'json' || t.name === 'jsonb') return 'Json';
  if (t.name === 'void') return 'undefined';
  if (t.name === 'record') return 'Record<string, unknown>';
  if (NUMBER.has(t.name)) return 'number';
  if (STRING.has(t.name)) return 'string';
  return 'unknown';
}

const emptySection = '{ [_ in never]: never }';

function block(entries: string[]): string {
  return entries.length ? `{\n${entries.join('\n')}\n}` : emptySection;
}

function columns(info: SchemaInfo, cols: Column[], mode: 'Row' | 'Insert' | 'Update'): string {
  return block(
    cols.map((c) => {
      const type = `${tsType(info.types, c.type)}${c.nullable ? ' | null' : ''}`;
      if (mode === 'Row') return `${key(c.name)}: ${type}`;
      if (c.generated) return `${key(c.name)}?: never`;
      const optional = mode === 'Update' || c.nullable || c.hasDefault;
      return `${key(c.name)}${optional ? '?' : ''}: ${type}`;
    }),
  );
}

function relationships(info: SchemaInfo, table: string): string {
  const rows = info.relationships.filter((r) => r.table === table);
  return `[${rows
    .map(
      (r) => `{
        foreignKeyName: ${JSON.stringify(r.foreignKeyName)}
        columns: ${JSON.stringify(r.columns)}
        isOneToOne: ${r.isOneToOne}
        referencedRelation: ${JSON.stringify(r.referencedRelation)}
        referencedColumns: ${JSON.stringify(r.referencedColumns)}
      }`,
    )
    .join(', ')}]`;
}

function functionReturns(info: SchemaInfo, r: SchemaInfo['routines'][number]): string {
  const set = r.returnsSet ? '[]' : '';
  if (r.outColumns.length > 0) {
    const fields = r.outColumns.map((c) => `${key(c.name)}: ${tsType(info.types, c.type)}`);
    return `{ ${fields.join('; ')} }${set}`;
  }
  const type = tsType(info.types, r.returns);
  return set ? (type.includes(' ') ? `(${type})[]` : `${type}[]`) : type;
}

export function renderTypes(info: SchemaInfo, schema = 'public'): string {
  SCHEMA = schema;
  const tables = info.relations.filter((r) => r.kind === 'table');
  const views = info.relations.filter((r) => r.kind === 'view');
  const composites = info.relations.filter((r) => r.kind === 'composite');
  const byName = new Map<string, SchemaInfo['routines']>();
  for (const r of info.routines) byName.set(r.name, [...(byName.get(r.name) ?? []), r]);

  const tableEntries = tables.map(
    (t) => `${key(t.name)}: {
      Row: ${columns(info, t.columns, 'Row')}
      Insert: ${columns(info, t.columns, 'Insert')}
      Update: ${columns(info, t.columns, 'Update')}
      Relationships: ${relationships(info, t.name)}
    }`,
  );
  const viewEntries = views.map(
    (v) => `${key(v.name)}: {
      Row: ${columns(info, v.columns, 'Row')}
      Relationships: ${relationships(info, v.name)}
    }`,
  );
  const functionEntries = [...byName].map(([name, overloads]) => {
    const shapes = overloads.map((r) => {
      const args = r.args.length
        ? block(r.args.map((a) => `${key(a.name)}${a.optional ? '?' : ''}: ${tsType(info.types, a.type)}`))
        : 'never';
      return `{ Args: ${args}; Returns: ${functionReturns(info, r)} }`;
    });
    return `${key(name)}: ${shapes.join(' | ')}`;
  });
  const enumEntries = info.enums.map((e) => `${key(e.name)}: ${e.values.map((v) => JSON.stringify(v)).join(' | ')}`);
  const compositeEntries = composites.map(
    (c) =>
      `${key(c.name)}: ${block(c.columns.map((col) => `${key(col.name)}: ${tsType(info.types, col.type)} | null`))}`,
  );

  return `// Generated from the migrations by supabase/local/typegen/gen-types.ts. Do not edit:
// \`npm test\` fails when this file and supabase/migrations disagree.

export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[]

export type Database = {
  __InternalSupabase: { PostgrestVersion: "12" }
  ${key(schema)}: {
    Tables: ${block(tableEntries)}
    Views: ${block(viewEntries)}
    Functions: ${block(functionEntries)}
    Enums: ${block(enumEntries)}
    CompositeTypes: ${block(compositeEntries)}
  }
}

type Schema = Database[${JSON.stringify(schema)}]

export type Tables<T extends keyof Schema["Tables"]> = Schema["Tables"][T]["Row"]
export type TablesInsert<T extends keyof Schema["Tables"]> = Schema["Tables"][T]["Insert"]
export type TablesUpdate<T extends keyof Schema["Tables"]> = Schema["Tables"][T]["Update"]
export type Enums<T extends keyof Schema["Enums"]> = Schema["Enums"][T]
export type CompositeTypes<T extends keyof Schema["CompositeTypes"]> = Schema["CompositeTypes"][T]
`;
}
