/**
 * The /rest/v1 query-string parser: what each PostgREST parameter becomes (filters, or/and trees, order, paging, columns, rpc arguments), and the PGRST100
 * errors (message and position) for what the grammar rejects.
 */
import { describe, expect, test } from 'vitest';
import { RestError } from '../../../supabase/local/rest/errors.ts';
import { parseLogicTree, parseOrder } from '../../../supabase/local/rest/parse-filter.ts';
import { hasOperator, parseQuery } from '../../../supabase/local/rest/parse-query.ts';

const parse = (qs: string, options?: Parameters<typeof parseQuery>[1]) => parseQuery(new URLSearchParams(qs), options);

function errorOf(fn: () => unknown): Pick<RestError, 'status' | 'code' | 'message' | 'details' | 'hint'> {
  try {
    fn();
  } catch (error) {
    if (error instanceof RestError) {
      const { status, code, message, details, hint } = error;
      return { status, code, message, details, hint };
    }
    throw error;
  }
  throw new Error('expected a RestError');
}

describe('filters', () => {
  test('operators become AST nodes with the raw value kept', () => {
    const q = parse('id=eq.1&title=ilike.*milk*&done=not.is.true&tags=cs.{a,b}&n=in.(1,"2,3")&x=not.in.()');
    expect(q.conditions).toEqual([
      {
        kind: 'filter',
        filter: {
          field: { name: 'id', json: [] },
          negated: false,
          operation: { kind: 'simple', operator: 'eq', quantifier: undefined, value: '1' },
        },
      },
      {
        kind: 'filter',
        filter: {
          field: { name: 'title', json: [] },
          negated: false,
          operation: { kind: 'simple', operator: 'ilike', quantifier: undefined, value: '*milk*' },
        },
      },
      {
        kind: 'filter',
        filter: { field: { name: 'done', json: [] }, negated: true, operation: { kind: 'is', value: 'true' } },
      },
      {
        kind: 'filter',
        filter: {
          field: { name: 'tags', json: [] },
          negated: false,
          operation: { kind: 'simple', operator: 'cs', quantifier: undefined, value: '{a,b}' },
        },
      },
      {
        kind: 'filter',
        filter: { field: { name: 'n', json: [] }, negated: false, operation: { kind: 'in', values: ['1', '2,3'] } },
      },
      {
        kind: 'filter',
        filter: { field: { name: 'x', json: [] }, negated: true, operation: { kind: 'in', values: [] } },
      },
    ]);
  });

  test('a value keeps dots and everything after the operator', () => {
    expect(parse('email=eq.a.b@c.d').conditions[0]).toMatchObject({
      filter: { operation: { kind: 'simple', operator: 'eq', value: 'a.b@c.d' } },
    });
  });

  test('is accepts null, not_null and trileans in any case', () => {
    expect(parse('a=is.NULL').conditions[0]).toMatchObject({ filter: { operation: { kind: 'is', value: 'null' } } });
    expect(parse('a=is.not_null').conditions[0]).toMatchObject({
      filter: { operation: { kind: 'is', value: 'not_null' } },
    });
    expect(parse('a=is.Unknown').conditions[0]).toMatchObject({
      filter: { operation: { kind: 'is', value: 'unknown' } },
    });
  });

  test('quantifiers, isdistinct, full-text search with a language, JSON-path fields', () => {
    expect(parse('t=like(any).{a%,b%}').conditions[0]).toMatchObject({
      filter: { operation: { kind: 'simple', operator: 'like', quantifier: 'any', value: '{a%,b%}' } },
    });
    expect(parse('t=isdistinct.x').conditions[0]).toMatchObject({
      filter: { operation: { kind: 'isdistinct', value: 'x' } },
    });
    expect(parse('t=wfts(english).cat or dog').conditions[0]).toMatchObject({
      filter: { operation: { kind: 'fts', operator: 'wfts', language: 'english', value: 'cat or dog' } },
    });
    expect(parse('meta->a->>b=eq.1').conditions[0]).toMatchObject({
      filter: {
        field: {
          name: 'meta',
          json: [
            { arrow: '->', key: 'a', index: false },
            { arrow: '->>', key: 'b', index: false },
          ],
        },
      },
    });
  });

  test('unknown operators, and values with no operator, are PGRST100', () => {
    expect(errorOf(() => parse('a=noop.0'))).toEqual({
      status: 400,
      code: 'PGRST100',
      message: '"failed to parse filter (noop.0)" (line 1, column 6)',
      details: 'unknown single value operator noop',
      hint: null,
    });
    expect(errorOf(() => parse('a=5')).message).toBe('"failed to parse filter (5)" (line 1, column 2)');
    expect(errorOf(() => parse('a=is.maybe')).details).toBe(
      'unexpected "m" expecting null or trilean value (unknown, true, false)',
    );
    expect(errorOf(() => parse('a=in.(1,2')).code).toBe('PGRST100');
    expect(errorOf(() => parse('a=eq(some).1')).code).toBe('PGRST100');
    expect(errorOf(() => parse('a=toString.1')).details).toBe('unknown single value operator toString');
  });

  test('a filter on an embedded resource is PGRST108', () => {
    expect(errorOf(() => parse('author.name=eq.x'))).toMatchObject({
      code: 'PGRST108',
      message: "'author' is not an embedded resource in this request",
    });
    expect(errorOf(() => parse('author.order=name'))).toMatchObject({ code: 'PGRST108' });
    expect(errorOf(() => parse('author.or=(a.eq.1)'))).toMatchObject({ code: 'PGRST108' });
  });

  test('apikey in the query string is ignored', () => {
    expect(parse('apikey=eyJ.x.y').conditions).toEqual([]);
  });
});

describe('or / and trees', () => {
  test('nested, negated, with quoted values, lists and arrays', () => {
    expect(parseLogicTree('or', false, '(a.eq.1,and(b.gt.2,c.not.is.null),d.in.(x,y),e.cs.{1,2},f.eq."p,q")')).toEqual({
      kind: 'logic',
      operator: 'or',
      negated: false,
      children: [
        {
          kind: 'filter',
          filter: {
            field: { name: 'a', json: [] },
            negated: false,
            operation: { kind: 'simple', operator: 'eq', quantifier: undefined, value: '1' },
          },
        },
        {
          kind: 'logic',
          operator: 'and',
          negated: false,
          children: [
            {
              kind: 'filter',
              filter: {
                field: { name: 'b', json: [] },
                negated: false,
                operation: { kind: 'simple', operator: 'gt', quantifier: undefined, value: '2' },
              },
            },
            {
              kind: 'filter',
              filter: { field: { name: 'c', json: [] }, negated: true, operation: { kind: 'is', value: 'null' } },
            },
          ],
        },
        {
          kind: 'filter',
          filter: { field: { name: 'd', json: [] }, negated: false, operation: { kind: 'in', values: ['x', 'y'] } },
        },
        {
          kind: 'filter',
          filter: {
            field: { name: 'e', json: [] },
            negated: false,
            operation: { kind: 'simple', operator: 'cs', quantifier: undefined, value: '{1,2}' },
          },
        },
        {
          kind: 'filter',
          filter: {
            field: { name: 'f', json: [] },
            negated: false,
            operation: { kind: 'simple', operator: 'eq', quantifier: undefined, value: 'p,q' },
          },
        },
      ],
    });
  });

  test('not.or= and and= keys', () => {
    const q = parse('not.or=(a.eq.1,b.eq.2)&and=(c.lt.3,not.or(d.eq.4,e.eq.5))');
    expect(q.conditions[0]).toMatchObject({ kind: 'logic', operator: 'or', negated: true });
    expect(q.conditions[1]).toMatchObject({
      kind: 'logic',
      operator: 'and',
      negated: false,
      children: [{ kind: 'filter' }, { kind: 'logic', operator: 'or', negated: true }],
    });
  });

  test('malformed trees are PGRST100 at PostgREST’s position', () => {
    expect(errorOf(() => parseLogicTree('or', false, '()')).message).toBe(
      '"failed to parse logic tree (())" (line 1, column 4)',
    );
    expect(errorOf(() => parseLogicTree('or', false, '(id.in.1,2,id.eq.3)')).message).toBe(
      '"failed to parse logic tree ((id.in.1,2,id.eq.3))" (line 1, column 10)',
    );
    expect(errorOf(() => parseLogicTree('or', false, 'a.eq.1')).code).toBe('PGRST100');
    expect(errorOf(() => parseLogicTree('or', false, '(a.eq.1))')).code).toBe('PGRST100');
  });
});

describe('order, paging, columns', () => {
  test('directions, nulls and JSON paths', () => {
    expect(parseOrder('a,b.desc,c.asc.nullsfirst,d.nullslast,data->x.desc')).toEqual([
      { field: { name: 'a', json: [] } },
      { field: { name: 'b', json: [] }, direction: 'desc' },
      { field: { name: 'c', json: [] }, direction: 'asc', nulls: 'first' },
      { field: { name: 'd', json: [] }, nulls: 'last' },
      { field: { name: 'data', json: [{ arrow: '->', key: 'x', index: false }] }, direction: 'desc' },
    ]);
  });

  test('PostgREST’s order errors', () => {
    expect(errorOf(() => parseOrder('id.ac'))).toMatchObject({
      message: '"failed to parse order (id.ac)" (line 1, column 4)',
      details: 'unexpected "c" expecting "asc", "desc", "nullsfirst" or "nullslast"',
    });
    expect(errorOf(() => parseOrder('id.asc.nlsfst'))).toMatchObject({
      message: '"failed to parse order (id.asc.nlsfst)" (line 1, column 8)',
      details: 'unexpected "l" expecting "nullsfirst" or "nullslast"',
    });
    expect(errorOf(() => parseOrder('clients(name)'))).toMatchObject({ code: 'PGRST108' });
  });

  test('limit and offset; non-integers ignored as PostgREST does', () => {
    expect(parse('limit=10&offset=20')).toMatchObject({ limit: 10, offset: 20 });
    expect(parse('limit=ten').limit).toBeUndefined();
    expect(parse('limit=-1')).toMatchObject({ limit: -1 });
  });

  test('columns= and on_conflict= (quoted, as supabase-js sends them)', () => {
    expect(parse('columns=%22title%22%2C%22done%22&on_conflict=user_id,title')).toMatchObject({
      columns: ['title', 'done'],
      onConflict: ['user_id', 'title'],
    });
  });

  test('select defaults to * and only the first select= counts', () => {
    expect(parse('')).toMatchObject({ select: [{ kind: 'star' }], selectGiven: false });
    expect(parse('select=id&select=title').select).toEqual([
      { kind: 'field', field: { name: 'id', json: [] }, alias: undefined, cast: undefined },
    ]);
  });
});

describe('rpc arguments (GET)', () => {
  test('a parameter without an operator is an argument, one with an operator a filter', () => {
    const q = parse('q=dog&limit=2&done=eq.false&n=5', { rpcArguments: true });
    expect(Object.fromEntries(q.args)).toEqual({ q: 'dog', n: '5' });
    expect(q.conditions).toHaveLength(1);
    expect(q.limit).toBe(2);
  });

  test('hasOperator is PostgREST’s test', () => {
    expect(hasOperator('eq.1')).toBe(true);
    expect(hasOperator('not.eq.1')).toBe(true);
    expect(hasOperator('not.x')).toBe(false);
    expect(hasOperator('in.(1)')).toBe(true);
    expect(hasOperator('fts(english).x')).toBe(true);
    expect(hasOperator('like(any).{a}')).toBe(true);
    expect(hasOperator('dog')).toBe(false);
    expect(hasOperator('a.b')).toBe(false);
  });
});
