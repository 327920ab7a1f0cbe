/**
 * The request, as PostgREST understands it, once the query string is parsed: what to select,
 * which rows (filters and and/or trees), in which order, which page. parse-*.ts produce it,
 * build-*.ts turn it into SQL. It holds names and raw values only — never SQL — so a value
 * can only ever reach the database as a bound parameter.
 */

/** One `->key` / `->>key` / `->0` step of a JSON path (`data->a->>b`). */
export interface JsonStep {
  arrow: '->' | '->>';
  key: string;
  /** `->0` addresses an array element; `->a` an object key. */
  index: boolean;
}

/** A column, optionally followed by a JSON path. */
export interface Field {
  name: string;
  json: JsonStep[];
}

export type SelectItem = { kind: 'star' } | { kind: 'field'; field: Field; alias?: string; cast?: string };

export const SIMPLE_OPERATORS = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
} as const;
export type SimpleOperator = keyof typeof SIMPLE_OPERATORS;

/** Operators that take `(any)` / `(all)`: `eq(any).{1,2}`. */
export const QUANTIFIABLE: ReadonlySet<string> = new Set([
  'eq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
]);

export const FTS_OPERATORS = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
} as const;
export type FtsOperator = keyof typeof FTS_OPERATORS;

export type IsValue = 'null' | 'not_null' | 'true' | 'false' | 'unknown';

export type Operation =
  | { kind: 'simple'; operator: SimpleOperator; quantifier?: 'any' | 'all'; value: string }
  | { kind: 'in'; values: string[] }
  | { kind: 'is'; value: IsValue }
  | { kind: 'isdistinct'; value: string }
  | { kind: 'fts'; operator: FtsOperator; language?: string; value: string };

export interface Filter {
  field: Field;
  negated: boolean;
  operation: Operation;
}

export type Condition =
  | { kind: 'filter'; filter: Filter }
  | { kind: 'logic'; operator: 'and' | 'or'; negated: boolean; children: Condition[] };

export interface OrderTerm {
  field: Field;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

export interface ParsedQuery {
  select: SelectItem[];
  /** Whether `select=` was given (mutations return `*` otherwise). */
  selectGiven: boolean;
  /** Every filter and and/or tree of the query string; they are AND-ed. */
  conditions: Condition[];
  order: OrderTerm[];
  /** From `limit=`; `undefined` when absent. */
  limit?: number;
  offset: number;
  /** `columns=` (insert/update payload columns). */
  columns?: string[];
  /** `on_conflict=` (upsert target). */
  onConflict?: string[];
  /** GET /rpc arguments, by name, raw. */
  args: Map<string, string>;
}
