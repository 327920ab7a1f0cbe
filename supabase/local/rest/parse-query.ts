/**
 * Turns a `/rest/v1` query string into a `ParsedQuery`: which parameter is `select`, `order`,
 * `limit`/`offset`, `columns`, `on_conflict`, an `and`/`or` tree, a filter, or (GET /rpc) a
 * function argument.
 *
 * What must stay true:
 * - every parameter is either understood or refused. PostgREST itself ignores a parameter
 *   whose value has no operator (`?id=5`); we refuse it with PostgREST's parse error instead,
 *   because on a PATCH or DELETE an ignored filter widens the change to every row. Only
 *   `apikey` (which Kong accepts in the query string) is ignored;
 * - parameters addressing an embedded resource (`rel.col=…`, `rel.order=…`) are refused with
 *   PGRST108, since embedding is not emulated.
 */
import { notEmbedded } from './errors.ts';
import { parseColumnList, parseSelect } from './parse-field.ts';
import { parseFilterValue, parseLogicTree, parseOrder } from './parse-filter.ts';
import { FTS_OPERATORS, SIMPLE_OPERATORS, type ParsedQuery } from './query-ast.ts';

const IGNORED = new Set(['apikey']);
const EMBEDDABLE = new Set(['order', 'limit', 'offset', 'and', 'or']);

export interface ParseOptions {
  /**
   * GET /rpc: a parameter that does not look like a filter (no `.` in its name, no operator in
   * its value) is a function argument, exactly PostgREST's rule.
   */
  rpcArguments?: boolean;
}

/** PostgREST's test for "this value is a filter": it starts with an operator. */
export function hasOperator(value: string): boolean {
  const parts = value.split('.');
  const head = parts[0];
  if (head === 'not') return parts.length >= 3;
  if (head === 'is' || head === 'in' || head === 'isdistinct') return true;
  const quantified = /^(\w+)\((?:any|all)\)$/.exec(head);
  if (
    Object.hasOwn(SIMPLE_OPERATORS, head) ||
    Object.hasOwn(FTS_OPERATORS, head) ||
    (quantified && Object.hasOwn(SIMPLE_OPERATORS, quantified[1]))
  )
    return true;
  const beforeParen = value.split('(');
  return beforeParen.length > 1 && Object.hasOwn(FTS_OPERATORS, beforeParen[0]);
}

export function parseQuery(params: URLSearchParams, options: ParseOptions = {}): ParsedQuery {
  const query: ParsedQuery = {
    select: [{ kind: 'star' }],
    selectGiven: false,
    conditions: [],
    order: [],
    offset: 0,
    args: new Map(),
  };
  const seen = new Set<string>();
  for (const [key, value] of params) {
    const first = !seen.has(key);
    seen.add(key);
    if (IGNORED.has(key)) continue;
    if (key === 'select') {
      if (first) {
        query.select = parseSelect(value);
        query.selectGiven = true;
      }
      continue;
    }
    if (key === 'columns' || key === 'on_conflict') {
      if (!first) continue;
      const names = parseColumnList(value, key);
      if (key === 'columns') query.columns = names;
      else query.onConflict = names;
      continue;
    }
    const path = key.split('.');
    const last = path[path.length - 1];
    if (EMBEDDABLE.has(last)) {
      const embedPath =
        last === 'and' || last === 'or' ? path.slice(0, -1).filter((p) => p !== 'not') : path.slice(0, -1);
      if (embedPath.length > 0) throw notEmbedded(embedPath[0]);
      readReserved(query, key, last, value);
      continue;
    }
    if (options.rpcArguments && !key.includes('.') && !hasOperator(value)) {
      query.args.set(key, value);
      continue;
    }
    query.conditions.push(parseFilterValue(key, value));
  }
  return query;
}

function readReserved(query: ParsedQuery, key: string, name: string, value: string): void {
  switch (name) {
    case 'order':
      query.order = parseOrder(value);
      return;
    case 'limit':
      // Like PostgREST: a value that is not an integer is ignored; a negative one is refused later.
      if (/^-?\d+$/.test(value.trim())) query.limit = Number(value.trim());
      return;
    case 'offset':
      if (/^\d+$/.test(value.trim())) query.offset = Number(value.trim());
      return;
    default:
      query.conditions.push(parseLogicTree(name as 'and' | 'or', key.startsWith('not.'), value));
  }
}
