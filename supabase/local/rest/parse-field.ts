/**
 * The lexical layer of PostgREST's query-string grammar: a cursor that reports errors the way
 * PostgREST does (`"failed to parse select parameter (…)" (line 1, column N)`), field names
 * (`name`, `"quoted,name"`, `with-dash`), JSON paths (`data->a->>0`), and the `select=` list.
 *
 * What must stay true: anything the grammar does not accept is a PGRST100 error, and features
 * we deliberately do not emulate (embedding, spreads, aggregates) are refused with PostgREST's
 * own error for them — never silently read as something else.
 */
import { aggregatesNotAllowed, notImplemented, parseError } from './errors.ts';
import type { Field, JsonStep, SelectItem } from './query-ast.ts';

export class Cursor {
  pos = 0;
  constructor(
    readonly text: string,
    /** The parsec "source name" PostgREST puts in the message. */
    readonly source: string,
  ) {}

  peek(offset = 0): string | undefined {
    return this.text[this.pos + offset];
  }

  startsWith(prefix: string): boolean {
    return this.text.startsWith(prefix, this.pos);
  }

  eof(): boolean {
    return this.pos >= this.text.length;
  }

  skipWs(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.pos++;
  }

  fail(details: string, at = this.pos): never {
    throw parseError(this.source, at + 1, details);
  }

  unexpected(expecting: string): never {
    const ch = this.peek();
    this.fail(
      ch === undefined ? `unexpected end of input expecting ${expecting}` : `unexpected "${ch}" expecting ${expecting}`,
    );
  }

  expect(text: string, expecting = `"${text}"`): void {
    if (!this.startsWith(text)) this.unexpected(expecting);
    this.pos += text.length;
  }
}

const IDENTIFIER_CHAR = /[\p{L}\p{N}_ $]/u;
const FIELD_NAME = 'field name (* or [a..z0..9_$])';

/** `"…"` with backslash escapes, as PostgREST's pQuotedValue. */
export function readQuoted(c: Cursor): string {
  c.expect('"');
  let value = '';
  for (;;) {
    const ch = c.peek();
    if (ch === undefined) c.unexpected('"\\""');
    c.pos++;
    if (ch === '"') return value;
    if (ch === '\\') {
      const escaped = c.peek();
      if (escaped === undefined) c.unexpected('any character');
      value += escaped;
      c.pos++;
    } else value += ch;
  }
}

/** A field name: quoted, or identifiers (letters, digits, `_`, `$`, spaces) joined by `-`. */
export function readFieldName(c: Cursor): string {
  if (c.peek() === '"') return readQuoted(c);
  const parts: string[] = [];
  for (;;) {
    const start = c.pos;
    while (!c.eof() && IDENTIFIER_CHAR.test(c.peek()!)) c.pos++;
    if (c.pos === start) c.unexpected(FIELD_NAME);
    parts.push(c.text.slice(start, c.pos).trim());
    if (c.peek() === '-' && c.peek(1) !== '>') {
      c.pos++;
      continue;
    }
    return parts.join('-');
  }
}

function atJsonOperandEnd(c: Cursor): boolean {
  return c.eof() || c.startsWith('->') || c.startsWith('::') || c.startsWith('.') || c.startsWith(',');
}

export function readJsonPath(c: Cursor): JsonStep[] {
  const steps: JsonStep[] = [];
  while (c.startsWith('->')) {
    const arrow = c.startsWith('->>') ? '->>' : '->';
    c.pos += arrow.length;
    const index = /^-?\d+/.exec(c.text.slice(c.pos));
    if (index) {
      const save = c.pos;
      c.pos += index[0].length;
      if (atJsonOperandEnd(c)) {
        steps.push({ arrow, key: String(Number(index[0])), index: true });
        continue;
      }
      c.pos = save;
    }
    steps.push({ arrow, key: readFieldName(c), index: false });
  }
  return steps;
}

export function readField(c: Cursor): Field {
  c.skipWs();
  const name = readFieldName(c);
  return { name, json: readJsonPath(c) };
}

const AGGREGATES = ['count', 'sum', 'avg', 'max', 'min'];

/** `select=` → items. Embedding (`rel(…)`), spreads and aggregates are refused. */
export function parseSelect(text: string): SelectItem[] {
  const c = new Cursor(text, `failed to parse select parameter (${text})`);
  const items: SelectItem[] = [];
  for (;;) {
    c.skipWs();
    items.push(readSelectItem(c));
    c.skipWs();
    if (c.eof()) return items;
    if (c.peek() !== ',') c.unexpected('"," or end of input');
    c.pos++;
  }
}

function readSelectItem(c: Cursor): SelectItem {
  if (c.peek() === '*') {
    c.pos++;
    return { kind: 'star' };
  }
  if (c.startsWith('..')) {
    throw notImplemented('Spread embedding (select=...relation(...)) is not supported by the local stack');
  }
  let alias: string | undefined;
  const start = c.pos;
  try {
    const name = readFieldName(c);
    if (c.peek() === ':' && c.peek(1) !== ':') {
      alias = name;
      c.pos++;
    } else c.pos = start;
  } catch {
    c.pos = start;
  }
  const name = readFieldName(c);
  if (c.startsWith('()') && AGGREGATES.includes(name)) throw aggregatesNotAllowed();
  if (c.peek() === '(' || c.peek() === '!') {
    throw notImplemented(
      `Resource embedding (select=${name}(...)) is not supported by the local stack; query '${name}' separately`,
    );
  }
  const json = readJsonPath(c);
  if (/^\.(count|sum|avg|max|min)\(\)/.test(c.text.slice(c.pos))) throw aggregatesNotAllowed();
  let cast: string | undefined;
  if (c.startsWith('::')) {
    c.pos += 2;
    const match = /^[\p{L}\p{N}_ $]+/u.exec(c.text.slice(c.pos));
    if (!match || !match[0].trim()) c.unexpected('letter or digit');
    c.pos += match[0].length;
    cast = match[0].trim();
  }
  if (!c.eof() && c.peek() !== ',') {
    c.unexpected('letter, digit, "-", "->>", "->", "::", "," or end of input');
  }
  return { kind: 'field', field: { name, json }, alias, cast };
}

/** `columns=` and `on_conflict=`: field names separated by commas. */
export function parseColumnList(text: string, what: 'columns' | 'on_conflict'): string[] {
  const c = new Cursor(text, `failed to parse ${what} parameter (${text})`);
  const names: string[] = [];
  for (;;) {
    c.skipWs();
    names.push(readFieldName(c));
    c.skipWs();
    if (c.eof()) return names;
    if (c.peek() !== ',') c.unexpected('"," or end of input');
    c.pos++;
  }
}
