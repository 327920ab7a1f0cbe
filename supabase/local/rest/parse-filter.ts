/**
 * PostgREST's horizontal filtering grammar: `col=[not.]op.value`, `in.(a,"b,c")`,
 * `is.null`, `fts(english).word`, `eq(any).{1,2}`, the `or=(…)` / `and=(…)` trees (nested,
 * negatable), and `order=`.
 *
 * What must stay true: a value is kept verbatim (it becomes a bound parameter later); an
 * unknown operator or malformed expression is a PGRST100 error at the position PostgREST
 * reports — never a filter that silently matches something else.
 */
import { Cursor, readField, readFieldName, readJsonPath, readQuoted } from './parse-field.ts';
import { notEmbedded } from './errors.ts';
import {
  FTS_OPERATORS,
  QUANTIFIABLE,
  SIMPLE_OPERATORS,
  type Condition,
  type FtsOperator,
  type IsValue,
  type Operation,
  type OrderTerm,
  type SimpleOperator,
} from './query-ast.ts';

const IS_VALUES: IsValue[] = ['not_null', 'null', 'unknown', 'true', 'false'];

/** A value inside a list or logic tree ends at `,` or `)`, unless quoted. */
function readDelimitedValue(c: Cursor, allowArray: boolean): string {
  const start = c.pos;
  if (c.peek() === '"') {
    const value = readQuoted(c);
    if (c.eof() || c.peek() === ',' || c.peek() === ')') return value;
    c.pos = start;
  }
  if (allowArray && c.peek() === '{') {
    const close = c.text.indexOf('}', c.pos);
    const inner = close < 0 ? -1 : c.text.slice(c.pos + 1, close).search(/[{]/);
    if (close >= 0 && inner < 0) {
      c.pos = close + 1;
      return c.text.slice(start, c.pos);
    }
  }
  while (!c.eof() && c.peek() !== ',' && c.peek() !== ')') c.pos++;
  return c.text.slice(start, c.pos);
}

function readList(c: Cursor): string[] {
  c.skipWs();
  c.expect('(');
  c.skipWs();
  const values: string[] = [];
  for (;;) {
    values.push(readDelimitedValue(c, false));
    if (c.peek() === ',') {
      c.pos++;
      continue;
    }
    c.skipWs();
    c.expect(')', '"," or ")"');
    c.skipWs();
    // `in.()` is the empty list, as in PostgREST.
    return values.length === 1 && values[0] === '' ? [] : values;
  }
}

function readOperation(c: Cursor, inLogic: boolean): Operation {
  const value = () => (inLogic ? readDelimitedValue(c, true) : c.text.slice(c.pos, (c.pos = c.text.length)));
  if (c.startsWith('in.')) {
    c.pos += 3;
    return { kind: 'in', values: readList(c) };
  }
  if (c.startsWith('is.')) {
    c.pos += 3;
    const rest = c.text.slice(c.pos).toLowerCase();
    const match = IS_VALUES.find((v) => rest.startsWith(v));
    if (!match) c.unexpected('null or trilean value (unknown, true, false)');
    c.pos += match.length;
    return { kind: 'is', value: match };
  }
  const start = c.pos;
  while (!c.eof() && c.peek() !== '.' && c.peek() !== '(') c.pos++;
  const name = c.text.slice(start, c.pos);
  if (Object.hasOwn(FTS_OPERATORS, name)) {
    let language: string | undefined;
    if (c.peek() === '(') {
      c.pos++;
      const close = c.text.indexOf(')', c.pos);
      language = close < 0 ? '' : c.text.slice(c.pos, close).trim();
      if (!language || !/^[\p{L}\p{N}_ $]+$/u.test(language)) c.unexpected('letter or digit');
      c.pos = close + 1;
    }
    c.expect('.', 'delimiter (.)');
    return { kind: 'fts', operator: name as FtsOperator, language, value: value() };
  }
  if (name === 'isdistinct') {
    c.expect('.', 'delimiter (.)');
    return { kind: 'isdistinct', value: value() };
  }
  if (Object.hasOwn(SIMPLE_OPERATORS, name)) {
    let quantifier: 'any' | 'all' | undefined;
    if (c.peek() === '(' && QUANTIFIABLE.has(name)) {
      if (c.startsWith('(any)')) quantifier = 'any';
      else if (c.startsWith('(all)')) quantifier = 'all';
      else c.unexpected('"(any)" or "(all)"');
      c.pos += 5;
    }
    c.expect('.', 'delimiter (.)');
    return { kind: 'simple', operator: name as SimpleOperator, quantifier, value: value() };
  }
  if (c.eof()) c.unexpected('delimiter (.)');
  c.fail(`unknown single value operator ${name}`, c.pos + 1);
}

/** `[not.]operation`; at top level the operation must consume the whole value. */
export function readOpExpr(c: Cursor, inLogic: boolean): { negated: boolean; operation: Operation } {
  let negated = false;
  if (c.startsWith('not.')) {
    negated = true;
    c.pos += 4;
  }
  const operation = readOperation(c, inLogic);
  if (!inLogic && !c.eof()) c.unexpected('end of input');
  return { negated, operation };
}

/** A filter's value, e.g. `not.in.(1,2)` for `?id=not.in.(1,2)`. */
export function parseFilterValue(field: string, value: string): Condition {
  const c = new Cursor(value, `failed to parse filter (${value})`);
  const { negated, operation } = readOpExpr(c, false);
  const fc = new Cursor(field, `failed to parse tree path (${field})`);
  const name = readFieldName(fc);
  if (fc.peek() === '.') throw notEmbedded(name);
  const json = readJsonPath(fc);
  if (!fc.eof()) fc.unexpected('"->>", "->" or end of input');
  return { kind: 'filter', filter: { field: { name, json }, negated, operation } };
}

/** `or=(a.eq.1,and(b.gt.2,c.lt.3))` with `key` being `or`, `and`, `not.or` or `not.and`. */
export function parseLogicTree(operator: 'and' | 'or', negated: boolean, value: string): Condition {
  const c = new Cursor(operator + value, `failed to parse logic tree (${value})`);
  const tree = readLogic(c, negated);
  c.skipWs();
  if (!c.eof()) c.unexpected('end of input');
  return tree;
}

function readLogic(c: Cursor, negated: boolean): Condition {
  let operator: 'and' | 'or';
  if (c.startsWith('and')) operator = 'and';
  else if (c.startsWith('or')) operator = 'or';
  else c.unexpected('logic operator (and, or)');
  c.pos += operator.length;
  c.skipWs();
  c.expect('(');
  const children: Condition[] = [];
  for (;;) {
    c.skipWs();
    children.push(readLogicChild(c));
    c.skipWs();
    if (c.peek() === ',') {
      c.pos++;
      continue;
    }
    c.expect(')', '"," or ")"');
    return { kind: 'logic', operator, negated, children };
  }
}

function readLogicChild(c: Cursor): Condition {
  const start = c.pos;
  try {
    const field = readField(c);
    c.expect('.', 'delimiter (.)');
    const { negated, operation } = readOpExpr(c, true);
    return { kind: 'filter', filter: { field, negated, operation } };
  } catch (filterError) {
    c.pos = start;
    const negated = c.startsWith('not.');
    if (negated) c.pos += 4;
    if (c.startsWith('and(') || c.startsWith('or(')) return readLogic(c, negated);
    throw filterError;
  }
}

/** Fails like parsec's `string` alternatives: at the word, naming the first character that differs. */
function expectedWord(c: Cursor, words: string[]): never {
  const rest = c.text.slice(c.pos);
  let matched = 0;
  for (const word of words) {
    let n = 0;
    while (n < word.length && rest[n] === word[n]) n++;
    matched = Math.max(matched, n);
  }
  const ch = rest[matched];
  const expecting = words
    .map((w) => `"${w}"`)
    .join(', ')
    .replace(/, ([^,]*)$/, ' or $1');
  c.fail(
    ch === undefined ? `unexpected end of input expecting ${expecting}` : `unexpected "${ch}" expecting ${expecting}`,
  );
}

/** `order=a.desc.nullslast,b` */
export function parseOrder(value: string): OrderTerm[] {
  const c = new Cursor(value, `failed to parse order (${value})`);
  const terms: OrderTerm[] = [];
  for (;;) {
    c.skipWs();
    const name = readFieldName(c);
    if (c.peek() === '(') throw notEmbedded(name);
    const term: OrderTerm = { field: { name, json: readJsonPath(c) } };
    if (c.startsWith('.asc') || c.startsWith('.desc')) {
      term.direction = c.startsWith('.asc') ? 'asc' : 'desc';
      c.pos += term.direction.length + 1;
    }
    if (c.startsWith('.nullsfirst') || c.startsWith('.nullslast')) {
      term.nulls = c.startsWith('.nullsfirst') ? 'first' : 'last';
      c.pos += term.nulls.length + 6;
    } else if (c.peek() === '.') {
      c.pos++;
      expectedWord(c, term.direction ? ['nullsfirst', 'nullslast'] : ['asc', 'desc', 'nullsfirst', 'nullslast']);
    }
    terms.push(term);
    c.skipWs();
    if (c.eof()) return terms;
    if (c.peek() !== ',') c.unexpected('delimiter (.), "," or end of input');
    c.pos++;
  }
}
