/**
 * The /rest/v1 SQL builder's guarantees: values only ever reach SQL as bound parameters,
 * identifiers are checked against the catalog and quoted, and an unknown column is Postgres'
 * own 42703 error with the hint Postgres would give.
 */
import { describe, expect, test } from 'vitest';
import { orderSql, Params, selectListSql, whereSql, type Relation } from '../../../supabase/local/rest/build-sql.ts';
import { RestError } from '../../../supabase/local/rest/errors.ts';
import { parseSelect } from '../../../supabase/local/rest/parse-field.ts';
import { parseQuery } from '../../../supabase/local/rest/parse-query.ts';

const rel: Relation = {
  qualifier: '"public"."todos"',
  label: 'todos',
  columns: new Map(
    ['id', 'title', 'user_id', 'done', 'meta', 'we"ird'].map((name) => [
      name,
      { name, type: name === 'title' ? 'text' : 'x' },
    ]),
  ),
};

const where = (qs: string) => {
  const params = new Params();
  return { sql: whereSql(rel, parseQuery(new URLSearchParams(qs)).conditions, params), params: params.values };
};

describe('values are parameters', () => {
  test('operands, list items and JSON keys are bound, never spliced', () => {
    const evil = "x'); drop table todos; --";
    const { sql, params } = where(
      `title=eq.${encodeURIComponent(evil)}&id=in.(1,${encodeURIComponent('"a\\"b"')})&meta->${encodeURIComponent('"k\'ey"')}=eq.1`,
    );
    expect(sql).not.toContain('drop');
    expect(sql).not.toContain("k'ey");
    expect(sql).toBe(
      'where ("public"."todos"."title" = $1) and ("public"."todos"."id" = any($2)) and ("public"."todos"."meta"->$3::text = $4)',
    );
    expect(params).toEqual([evil, '{"1","a\\"b"}', "k'ey", '1']);
  });

  test('like turns * into %; logic trees nest with not', () => {
    const { sql, params } = where('or=(title.like.*a*,not.and(id.gt.1,done.is.null))');
    expect(sql).toBe(
      'where (("public"."todos"."title" like $1) or not (("public"."todos"."id" > $2) and ("public"."todos"."done" is null)))',
    );
    expect(params).toEqual(['%a%', '1']);
  });

  test('full-text search on a text column goes through to_tsvector with the language', () => {
    const { sql, params } = where('title=fts(english).cat');
    expect(sql).toBe('where (to_tsvector($1::regconfig, "public"."todos"."title") @@ to_tsquery($1::regconfig, $2))');
    expect(params).toEqual(['english', 'cat']);
  });
});

describe('identifiers', () => {
  test('are quoted, with embedded quotes doubled', () => {
    const params = new Params();
    expect(selectListSql(rel, parseSelect('"we\\"ird",n:id::text'), params)).toBe(
      '"public"."todos"."we""ird" as "we""ird", CAST("public"."todos"."id" AS text) as "n"',
    );
    expect(orderSql(rel, parseQuery(new URLSearchParams('order=id.desc.nullslast')).order, params)).toBe(
      'order by "public"."todos"."id" desc nulls last',
    );
  });

  test('an unknown column is 42703 with Postgres’ hint', () => {
    const attempt = (name: string) => {
      try {
        selectListSql(rel, parseSelect(name), new Params());
      } catch (error) {
        return error as RestError;
      }
      throw new Error('expected an error');
    };
    expect(attempt('titel')).toMatchObject({
      status: 400,
      code: '42703',
      message: 'column todos.titel does not exist',
      hint: 'Perhaps you meant to reference the column "todos.title".',
    });
    expect(attempt('user').hint).toBeNull();
    expect(attempt('x').hint).toBeNull();
  });
});
