/**
 * The /rest/v1 `select=` parser: columns, aliases, casts, JSON paths, and the errors for what
 * PostgREST's grammar rejects or the local stack does not emulate (embedding, aggregates).
 */
import { describe, expect, test } from 'vitest';
import { RestError } from '../../../supabase/local/rest/errors.ts';
import { parseSelect } from '../../../supabase/local/rest/parse-field.ts';

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

describe('select', () => {
  test('star, columns, aliases, casts and JSON paths', () => {
    expect(parseSelect('*')).toEqual([{ kind: 'star' }]);
    expect(parseSelect('id, label:title,n::text,data->a->>b,x:data->0')).toEqual([
      { kind: 'field', field: { name: 'id', json: [] }, alias: undefined, cast: undefined },
      { kind: 'field', field: { name: 'title', json: [] }, alias: 'label', cast: undefined },
      { kind: 'field', field: { name: 'n', json: [] }, alias: undefined, cast: 'text' },
      {
        kind: 'field',
        field: {
          name: 'data',
          json: [
            { arrow: '->', key: 'a', index: false },
            { arrow: '->>', key: 'b', index: false },
          ],
        },
        alias: undefined,
        cast: undefined,
      },
      {
        kind: 'field',
        field: { name: 'data', json: [{ arrow: '->', key: '0', index: true }] },
        alias: 'x',
        cast: undefined,
      },
    ]);
  });

  test('quoted names and names with dashes or spaces', () => {
    expect(parseSelect('"a,b",first-name,my col')).toMatchObject([
      { field: { name: 'a,b' } },
      { field: { name: 'first-name' } },
      { field: { name: 'my col' } },
    ]);
  });

  test('embedding, spreads and aggregates are refused with their own codes', () => {
    expect(errorOf(() => parseSelect('id,author(name)'))).toMatchObject({ status: 400, code: 'PGRST127' });
    expect(errorOf(() => parseSelect('id,author!inner(name)'))).toMatchObject({ code: 'PGRST127' });
    expect(errorOf(() => parseSelect('...author(name)'))).toMatchObject({ code: 'PGRST127' });
    expect(errorOf(() => parseSelect('count()'))).toMatchObject({ code: 'PGRST123' });
    expect(errorOf(() => parseSelect('amount.sum()'))).toMatchObject({ code: 'PGRST123' });
  });

  test('syntax errors carry PostgREST’s message and position', () => {
    expect(errorOf(() => parseSelect('id,,title'))).toEqual({
      status: 400,
      code: 'PGRST100',
      message: '"failed to parse select parameter (id,,title)" (line 1, column 4)',
      details: 'unexpected "," expecting field name (* or [a..z0..9_$])',
      hint: null,
    });
    expect(errorOf(() => parseSelect('name::')).message).toBe(
      '"failed to parse select parameter (name::)" (line 1, column 7)',
    );
    expect(errorOf(() => parseSelect('a;drop table x')).code).toBe('PGRST100');
  });
});
