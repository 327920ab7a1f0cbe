/**
 * The SQL fragments every `/rest/v1` statement is made of: the select list, the WHERE clause
 * (filters and and/or trees), ORDER BY, and the JSON body aggregate, following the SQL
 * PostgREST generates so that Postgres formats values exactly as PostgREST returns them.
 *
 * What must stay true:
 * - identifiers come from the parsed query but are checked against the catalog first and then
 *   quoted; values (filter operands, JSON keys, list items) are always bound parameters;
 * - an unknown column is Postgres' own 42703 error (`column todos.x does not exist`), raised
 *   before anything runs;
 * - casts (`select=id::text`) only ever contain letters, digits, `_`, `$` and spaces (the
 *   parser guarantees it) and are wrapped in `CAST(… AS …)`, as PostgREST does.
 */
import { levenshtein, type ColumnInfo } from './catalog.ts';
import { RestError } from './errors.ts';
import {
  FTS_OPERATORS,
  SIMPLE_OPERATORS,
  type Condition,
  type Field,
  type Filter,
  type OrderTerm,
  type SelectItem,
} from './query-ast.ts';

/** Bound parameters of one statement: `add(value)` returns its `$n` placeholder. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export function ident(name: string): string {
  const clean = name.split('\0')[0];
  return `"${clean.replaceAll('"', '""')}"`;
}

/** What a fragment's columns are read from. */
export interface Relation {
  /** SQL that qualifies a column, e.g. `"public"."todos"` or `pgrst_call`. */
  qualifier: string;
  /** The name Postgres would print in "column x.y does not exist". */
  label: string;
  columns: ReadonlyMap<string, ColumnInfo>;
}

/** Postgres' own 42703 error, with the hint its fuzzy column matcher would give. */
function unknownColumn(rel: Relation, name: string): RestError {
  let best = 4;
  let first: string | undefined;
  let second: string | undefined;
  for (const candidate of rel.columns.keys()) {
    const distance = levenshtein(candidate, name);
    if (distance > Math.floor(name.length / 2)) continue;
    if (distance < best) [best, first, second] = [distance, candidate, undefined];
    else if (distance === best) {
      if (second !== undefined) [first, second] = [undefined, undefined];
      else if (first !== undefined) second = candidate;
    }
  }
  const ref = (c: string) => `the column "${rel.label}.${c}"`;
  let hint: string | null = null;
  if (first !== undefined) hint = `Perhaps you meant to reference ${ref(first)}${second ? ` or ${ref(second)}` : ''}.`;
  return new RestError(400, '42703', `column ${rel.label}.${name} does not exist`, null, hint);
}

export function column(rel: Relation, name: string): string {
  if (!rel.columns.has(name)) throw unknownColumn(rel, name);
  return `${rel.qualifier}.${ident(name)}`;
}

export function fieldSql(rel: Relation, field: Field, params: Params): string {
  let sql = column(rel, field.name);
  for (const step of field.json) {
    sql += step.index ? `${step.arrow}${params.add(step.key)}::int` : `${step.arrow}${params.add(step.key)}::text`;
  }
  return sql;
}

/** The output name of a select item: its alias, the last JSON key, or the column. */
function outputName(item: Extract<SelectItem, { kind: 'field' }>): string {
  if (item.alias) return item.alias;
  const keys = item.field.json.filter((s) => !s.index);
  return keys.length > 0 ? keys[keys.length - 1].key : item.field.name;
}

export function selectListSql(rel: Relation, items: SelectItem[], params: Params): string {
  return items
    .map((item) => {
      if (item.kind === 'star') return `${rel.qualifier}.*`;
      const expr = fieldSql(rel, item.field, params);
      return `${item.cast ? `CAST(${expr} AS ${item.cast})` : expr} as ${ident(outputName(item))}`;
    })
    .join(', ');
}

const TEXT_TYPES = /^(text|character varying|character|name|citext)\b/;

function filterSql(rel: Relation, filter: Filter, params: Params): string {
  const field = fieldSql(rel, filter.field, params);
  const op = filter.operation;
  let sql: string;
  switch (op.kind) {
    case 'simple': {
      const value = op.operator === 'like' || op.operator === 'ilike' ? op.value.replaceAll('*', '%') : op.value;
      const operand = params.add(value);
      sql = `${field} ${SIMPLE_OPERATORS[op.operator]} ${op.quantifier ? `${op.quantifier}(${operand})` : operand}`;
      break;
    }
    case 'in':
      sql = op.values.length === 0 ? `${field} = any('{}')` : `${field} = any(${params.add(arrayLiteral(op.values))})`;
      break;
    case 'is':
      sql = `${field} is ${op.value === 'not_null' ? 'not null' : op.value}`;
      break;
    case 'isdistinct':
      sql = `${field} is distinct from ${params.add(op.value)}`;
      break;
    case 'fts': {
      const language = op.language ? `${params.add(op.language)}::regconfig, ` : '';
      const lastArrow = filter.field.json.at(-1)?.arrow;
      const type =
        filter.field.json.length > 0
          ? lastArrow === '->>'
            ? 'text'
            : 'json'
          : rel.columns.get(filter.field.name)?.type;
      const document = type && TEXT_TYPES.test(type) ? `to_tsvector(${language}${field})` : field;
      sql = `${document} @@ ${FTS_OPERATORS[op.operator]}(${language}${params.add(op.value)})`;
      break;
    }
  }
  return filter.negated ? `not (${sql})` : `(${sql})`;
}

/** `{"a","b,c"}`: a Postgres array literal Postgres types from the column, as PostgREST builds it. */
function arrayLiteral(values: string[]): string {
  const escaped = values.map((v) => `"${v.split('\0')[0].replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`);
  return `{${escaped.join(',')}}`;
}

export function conditionSql(rel: Relation, condition: Condition, params: Params): string {
  if (condition.kind === 'filter') return filterSql(rel, condition.filter, params);
  const inner = condition.children.map((c) => conditionSql(rel, c, params)).join(` ${condition.operator} `);
  return `${condition.negated ? 'not ' : ''}(${inner})`;
}

export function whereSql(rel: Relation, conditions: Condition[], params: Params): string {
  if (conditions.length === 0) return '';
  return `where ${conditions.map((c) => conditionSql(rel, c, params)).join(' and ')}`;
}

export function orderSql(rel: Relation, order: OrderTerm[], params: Params): string {
  if (order.length === 0) return '';
  const terms = order.map((t) => {
    let sql = fieldSql(rel, t.field, params);
    if (t.direction) sql += ` ${t.direction}`;
    if (t.nulls) sql += ` nulls ${t.nulls}`;
    return sql;
  });
  return `order by ${terms.join(', ')}`;
}

export function limitOffsetSql(limit: number | undefined, offset: number): string {
  return `${limit === undefined ? '' : `limit ${Math.trunc(limit)}`} ${offset > 0 ? `offset ${Math.trunc(offset)}` : ''}`;
}

export type BodyShape = 'array' | 'object' | 'none';

/** The JSON text of the response, aggregated by Postgres over `_postgrest_t`. */
export function bodySql(shape: BodyShape, scalarColumn?: string): string {
  const value = scalarColumn ? `_postgrest_t.${scalarColumn}` : '_postgrest_t';
  if (shape === 'none') return 'null::text';
  if (shape === 'object') return `coalesce(json_agg(${value})->0, 'null')::text`;
  return `coalesce(json_agg(${value}), '[]')::text`;
}
