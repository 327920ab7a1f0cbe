/**
 * /rest/v1 reads through the real supabase-js, part 1: column lists (aliases, casts, JSON
 * paths), every filter operator and or/and trees — with the rows PostgREST would return.
 * Order, paging, single rows and counts are in rest-paging.test.ts.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { restRequest, resultIds as ids, startSeededRestStack } from './rest-http.ts';
import type { TestStack } from '../../integration/support/stack.ts';
import type { TestUser } from '../../integration/support/users.ts';

let stack: TestStack;
let alice: TestUser;
let db: SupabaseClient;

beforeAll(async () => {
  ({ stack, alice } = await startSeededRestStack());
  db = alice.client;
});
afterAll(() => stack?.stop());

describe('column lists', () => {
  test('select=* returns every column, formatted by Postgres', async () => {
    const { data, error, status } = await db.from('todos').select().eq('id', 1);
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([
      {
        id: 1,
        user_id: alice.id,
        title: 'buy milk',
        done: false,
        priority: 2,
        tags: ['home', 'shop'],
        meta: { due: { day: 'mon' }, points: 3 },
        inserted_at: '2026-01-01T10:00:00+00:00',
      },
    ]);
  });

  test('a column list, an alias and a cast', async () => {
    const { data } = await db.from('todos').select('id, label:title, priority::text').in('id', [1, 2]).order('id');
    expect(data).toEqual([
      { id: 1, label: 'buy milk', priority: '2' },
      { id: 2, label: 'walk dog', priority: null },
    ]);
  });

  test('JSON paths name the output after the last key unless aliased', async () => {
    const { data } = await db
      .from('todos')
      .select('id, meta->due->>day, pts:meta->points')
      .in('id', [1, 3])
      .order('id');
    expect(data).toEqual([
      { id: 1, day: 'mon', pts: 3 },
      { id: 3, day: null, pts: 5 },
    ]);
  });
});

describe('filters', () => {
  test('eq, neq, gt, gte, lt, lte', async () => {
    expect(await ids(db.from('todos').select('id').eq('priority', 2))).toEqual([1]);
    expect(await ids(db.from('todos').select('id').neq('priority', 2).order('id'))).toEqual([3, 4]);
    expect(await ids(db.from('todos').select('id').gt('priority', 2))).toEqual([4]);
    expect(await ids(db.from('todos').select('id').gte('priority', 2).order('id'))).toEqual([1, 4]);
    expect(await ids(db.from('todos').select('id').lt('priority', 2))).toEqual([3]);
    expect(await ids(db.from('todos').select('id').lte('priority', 2).order('id'))).toEqual([1, 3]);
    expect(await ids(db.from('todos').select('id').gte('inserted_at', '2026-01-04T00:00:00Z').order('id'))).toEqual([
      4, 5,
    ]);
  });

  test('like and ilike, with % or PostgREST’s *', async () => {
    expect(await ids(db.from('todos').select('id').like('title', '%o%').order('id'))).toEqual([2, 3, 4]);
    expect(await ids(db.from('todos').select('id').like('title', 'call*'))).toEqual([]);
    expect(await ids(db.from('todos').select('id').ilike('title', 'call*'))).toEqual([4]);
    expect(await ids(db.from('todos').select('id').likeAnyOf('title', ['buy%', 'walk%']).order('id'))).toEqual([1, 2]);
    expect(await ids(db.from('todos').select('id').ilikeAllOf('title', ['%a%', '%l%']).order('id'))).toEqual([2, 4, 5]);
  });

  test('is null / not null / true / false, and isdistinct', async () => {
    expect(await ids(db.from('todos').select('id').is('priority', null).order('id'))).toEqual([2, 5]);
    expect(await ids(db.from('todos').select('id').not('priority', 'is', null).order('id'))).toEqual([1, 3, 4]);
    expect(await ids(db.from('todos').select('id').is('done', true).order('id'))).toEqual([3, 5]);
    expect(await ids(db.from('todos').select('id').isDistinct('priority', 2).order('id'))).toEqual([2, 3, 4, 5]);
  });

  test('in and not.in, with quoted values containing commas', async () => {
    expect(await ids(db.from('todos').select('id').in('id', [5, 1, 99]).order('id'))).toEqual([1, 5]);
    expect(await ids(db.from('todos').select('id').notIn('id', [1, 2, 3]).order('id'))).toEqual([4, 5]);
    expect(await ids(db.from('todos').select('id').in('title', ['walk dog', 'a,b']))).toEqual([2]);
    expect(await ids(db.from('todos').select('id').in('id', []))).toEqual([]);
  });

  test('not.<op> negates any operator', async () => {
    expect(await ids(db.from('todos').select('id').not('title', 'ilike', '%o%').order('id'))).toEqual([1, 5]);
    expect(await ids(db.from('todos').select('id').not('done', 'eq', true).order('id'))).toEqual([1, 2, 4]);
  });

  test('the request shape of the conformance list: in, not.is, neq, ilike, order desc, limit', async () => {
    const { data } = await db
      .from('todos')
      .select('title')
      .in('done', [false])
      .not('title', 'is', null)
      .neq('title', 'x')
      .ilike('title', '%l%')
      .order('id', { ascending: false })
      .limit(1);
    expect(data).toEqual([{ title: 'Call Mom' }]);
  });

  test('or=, with nested and() and not', async () => {
    expect(await ids(db.from('todos').select('id').or('priority.eq.1,title.eq.walk dog').order('id'))).toEqual([2, 3]);
    expect(
      await ids(db.from('todos').select('id').or('done.is.true,and(priority.gte.2,tags.cs.{home})').order('id')),
    ).toEqual([1, 3, 5]);
    expect(
      await ids(db.from('todos').select('id').or('id.in.(1,2),not.and(done.is.false,priority.is.null)').order('id')),
    ).toEqual([1, 2, 3, 4, 5]);
    const negated = await restRequest(stack, '/todos?select=id&order=id&not.or=(done.is.true,priority.is.null)', {
      token: alice.accessToken,
    });
    expect(negated.json()).toEqual([{ id: 1 }, { id: 4 }]);
  });

  test('an or= tree combines with other filters by AND', async () => {
    expect(
      await ids(db.from('todos').select('id').eq('done', false).or('priority.is.null,priority.gt.2').order('id')),
    ).toEqual([2, 4]);
  });

  test('regular expressions: match and imatch', async () => {
    expect(await ids(db.from('todos').select('id').regexMatch('title', '^[a-z]+ [a-z]+$').order('id'))).toEqual([
      1, 2, 5,
    ]);
    expect(await ids(db.from('todos').select('id').regexIMatch('title', '^call'))).toEqual([4]);
  });

  test('arrays: contains, containedBy, overlaps', async () => {
    expect(await ids(db.from('todos').select('id').contains('tags', ['home']).order('id'))).toEqual([1, 2, 5]);
    expect(await ids(db.from('todos').select('id').containedBy('tags', ['home', 'work']).order('id'))).toEqual([
      2, 3, 4, 5,
    ]);
    expect(await ids(db.from('todos').select('id').overlaps('tags', ['shop', 'work']).order('id'))).toEqual([1, 3, 5]);
  });

  test('jsonb: contains an object, and filters on a JSON path', async () => {
    expect(
      await ids(
        db
          .from('todos')
          .select('id')
          .contains('meta', { due: { day: 'sun' } }),
      ),
    ).toEqual([4]);
    expect(await ids(db.from('todos').select('id').eq('meta->>points', '5'))).toEqual([3]);
    expect(await ids(db.from('todos').select('id').eq('meta->due->>day', 'mon'))).toEqual([1]);
  });

  test('ranges: sl, sr, nxl, nxr, adj, ov', async () => {
    const slots = stack.client();
    expect(await ids(slots.from('slots').select('id').rangeLt('during', '[5,6)'))).toEqual([1]);
    expect(await ids(slots.from('slots').select('id').rangeGt('during', '[5,6)'))).toEqual([3]);
    expect(await ids(slots.from('slots').select('id').rangeGte('during', '[5,6)').order('id'))).toEqual([2, 3]);
    expect(await ids(slots.from('slots').select('id').rangeLte('during', '[5,6)').order('id'))).toEqual([1]);
    expect(await ids(slots.from('slots').select('id').rangeAdjacent('during', '[5,10)').order('id'))).toEqual([1, 3]);
    expect(await ids(slots.from('slots').select('id').overlaps('during', '[4,6)').order('id'))).toEqual([1, 2]);
  });

  test('full-text search: fts, plfts, phfts, wfts with a config', async () => {
    expect(await ids(db.from('todos').select('id').textSearch('title', 'dog'))).toEqual([2]);
    expect(
      await ids(db.from('todos').select('id').textSearch('title', 'file taxes', { type: 'plain', config: 'english' })),
    ).toEqual([5]);
    expect(await ids(db.from('todos').select('id').textSearch('title', 'walk dog', { type: 'phrase' }))).toEqual([2]);
    expect(
      await ids(db.from('todos').select('id').textSearch('title', 'milk or mom', { type: 'websearch' }).order('id')),
    ).toEqual([1, 4]);
  });

  test('match() sends one eq per key', async () => {
    expect(await ids(db.from('todos').select('id').match({ done: false, priority: 3 }))).toEqual([4]);
  });
});

describe('schema changes after the stack started', () => {
  test('new tables, added and dropped columns, and new or changed functions are seen at once', async () => {
    const anon = stack.client();
    await stack.db.exec(`create table public.late (id int primary key, note text);
                         insert into public.late values (1, 'first');`);
    expect((await anon.from('late').select()).data).toEqual([{ id: 1, note: 'first' }]);

    await stack.db.exec(`alter table public.late add column extra text not null default 'x'`);
    expect((await anon.from('late').select('id, extra')).data).toEqual([{ id: 1, extra: 'x' }]);
    const inserted = await anon.from('late').insert({ id: 2, note: 'second', extra: 'y' }).select('extra').single();
    expect(inserted.data).toEqual({ extra: 'y' });

    await stack.db.exec(`alter table public.late drop column note`);
    const dropped = await anon.from('late').select('note');
    expect(dropped.status).toBe(400);
    expect(dropped.error).toMatchObject({ code: '42703', message: 'column late.note does not exist' });
    expect((await anon.from('late').select().order('id')).data).toEqual([
      { id: 1, extra: 'x' },
      { id: 2, extra: 'y' },
    ]);

    await stack.db.exec(
      `create function public.late_fn() returns int language sql as 'select 1'; grant execute on function public.late_fn() to anon`,
    );
    expect((await anon.rpc('late_fn')).data).toBe(1);
    await stack.db.exec(`drop function public.late_fn();
                         create function public.late_fn(n int) returns int language sql as 'select n * 2';
                         grant execute on function public.late_fn(int) to anon`);
    expect((await anon.rpc('late_fn', { n: 21 })).data).toBe(42);
  });
});
