/**
 * /rest/v1 reads through the real supabase-js, part 2: order, paging (limit/offset/range and
 * the Range header), `.single()`/`.maybeSingle()`, exact counts, HEAD and max-rows — with the
 * statuses (200/206/406/416) and Content-Range headers PostgREST gives.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CONFORMANCE_SQL, restRequest, resultIds as ids, startSeededRestStack } from './rest-http.ts';
import { startTestStack, type TestStack } from '../../integration/support/stack.ts';
import type { TestUser } from '../../integration/support/users.ts';

let stack: TestStack;
let alice: TestUser;
let bob: TestUser;
let db: SupabaseClient;

beforeAll(async () => {
  ({ stack, alice, bob } = await startSeededRestStack());
  db = alice.client;
});
afterAll(() => stack?.stop());

describe('order', () => {
  test('asc and desc; nulls first and last; several columns', async () => {
    expect(await ids(db.from('todos').select('id').order('priority').order('id'))).toEqual([3, 1, 4, 2, 5]);
    expect(await ids(db.from('todos').select('id').order('priority', { ascending: false }).order('id'))).toEqual([
      2, 5, 4, 1, 3,
    ]);
    expect(
      await ids(
        db.from('todos').select('id').order('priority', { nullsFirst: true }).order('id', { ascending: false }),
      ),
    ).toEqual([5, 2, 3, 1, 4]);
    expect(
      await ids(db.from('todos').select('id').order('priority', { ascending: false, nullsFirst: false }).order('id')),
    ).toEqual([4, 1, 3, 2, 5]);
    expect(await ids(db.from('todos').select('id').order('done').order('id', { ascending: false }))).toEqual([
      4, 2, 1, 5, 3,
    ]);
  });

  test('order on a JSON path', async () => {
    expect(
      await ids(db.from('todos').select('id').not('meta', 'is', null).order('meta->points', { nullsFirst: false })),
    ).toEqual([1, 3, 4]);
  });
});

describe('paging', () => {
  test('limit, offset and range', async () => {
    expect(await ids(db.from('todos').select('id').order('id').limit(2))).toEqual([1, 2]);
    expect(await ids(db.from('todos').select('id').order('id').range(1, 3))).toEqual([2, 3, 4]);
    expect(await ids(db.from('todos').select('id').order('id').range(4, 10))).toEqual([5]);
  });

  test('Content-Range tells the page; the Range header pages too', async () => {
    const page = await restRequest(stack, '/todos?select=id&order=id&offset=1&limit=2', { token: alice.accessToken });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-range')).toBe('1-2/*');
    const ranged = await restRequest(stack, '/todos?select=id&order=id', {
      token: alice.accessToken,
      headers: { range: '2-3' },
    });
    expect(ranged.json()).toEqual([{ id: 3 }, { id: 4 }]);
    expect(ranged.headers.get('content-range')).toBe('2-3/*');
    const empty = await restRequest(stack, '/todos?select=id&id=eq.999', { token: alice.accessToken });
    expect(empty.text).toBe('[]');
    expect(empty.headers.get('content-range')).toBe('*/*');
  });

  test('a negative limit is PostgREST’s 416', async () => {
    const response = await restRequest(stack, '/todos?limit=-1', { token: alice.accessToken });
    expect(response.status).toBe(416);
    expect(response.json()).toEqual({
      code: 'PGRST103',
      message: 'Requested range not satisfiable',
      details: 'Limit should be greater than or equal to zero.',
      hint: null,
    });
  });
});

describe('single and maybeSingle', () => {
  test('.single() returns the object (Accept: application/vnd.pgrst.object+json)', async () => {
    const { data, error, status } = await db.from('todos').select('id,title').eq('id', 2).single();
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual({ id: 2, title: 'walk dog' });
  });

  test('.single() with no row, or several, is 406 PGRST116', async () => {
    const none = await db.from('todos').select().eq('id', 6).single();
    expect(none.status).toBe(406);
    expect(none.error).toEqual({
      code: 'PGRST116',
      message: 'Cannot coerce the result to a single JSON object',
      details: 'The result contains 0 rows',
      hint: null,
    });
    const many = await db.from('todos').select().eq('done', true).single();
    expect(many.status).toBe(406);
    expect(many.error?.details).toBe('The result contains 2 rows');
  });

  test('.maybeSingle() gives null for no row and the object for one', async () => {
    expect(await db.from('todos').select('id').eq('id', 6).maybeSingle()).toMatchObject({ data: null, error: null });
    expect(await db.from('todos').select('id').eq('id', 3).maybeSingle()).toMatchObject({
      data: { id: 3 },
      error: null,
    });
    const many = await db.from('todos').select('id').eq('done', true).maybeSingle();
    expect(many.error?.code).toBe('PGRST116');
  });
});

describe('counts', () => {
  test('count=exact gives the total; a partial page is 206', async () => {
    const all = await db.from('todos').select('id', { count: 'exact' });
    expect(all.count).toBe(5);
    expect(all.status).toBe(200);
    const page = await db.from('todos').select('id', { count: 'exact' }).order('id').range(0, 1);
    expect(page.count).toBe(5);
    expect(page.status).toBe(206);
    expect(page.data).toEqual([{ id: 1 }, { id: 2 }]);
    const raw = await restRequest(stack, '/todos?select=id&order=id&limit=2&offset=2', {
      token: alice.accessToken,
      headers: { prefer: 'count=exact' },
    });
    expect(raw.headers.get('content-range')).toBe('2-3/5');
    expect(raw.headers.get('preference-applied')).toBe('count=exact');
  });

  test('count with head: true (HEAD) returns the count and no body', async () => {
    const { data, count, error, status } = await db.from('todos').select('*', { count: 'exact', head: true });
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toBeNull();
    expect(count).toBe(5);
    const raw = await restRequest(stack, '/todos?done=eq.true', {
      method: 'HEAD',
      token: alice.accessToken,
      headers: { prefer: 'count=exact' },
    });
    expect(raw.text).toBe('');
    expect(raw.headers.get('content-range')).toBe('0-1/2');
  });

  test('counting respects filters and RLS (bob counts his own row only)', async () => {
    expect((await db.from('todos').select('*', { count: 'exact', head: true }).eq('done', false)).count).toBe(3);
    expect((await bob.client.from('todos').select('*', { count: 'exact', head: true })).count).toBe(1);
  });

  test('an offset past the counted rows is 416', async () => {
    const response = await restRequest(stack, '/todos?offset=10', {
      token: alice.accessToken,
      headers: { prefer: 'count=exact' },
    });
    expect(response.status).toBe(416);
    expect(response.headers.get('content-range')).toBe('*/5');
    expect((response.json() as { details: string }).details).toBe(
      'An offset of 10 was requested, but there are only 5 rows.',
    );
  });
});

describe('max-rows', () => {
  let small: TestStack;
  beforeAll(async () => {
    small = await startTestStack({ fixtures: [CONFORMANCE_SQL], config: { maxRows: 2 } });
  });
  afterAll(() => small?.stop());

  test('no page is larger than config max_rows, whatever limit is asked', async () => {
    const anon = small.client();
    expect((await anon.from('slots').select('id').order('id')).data).toEqual([{ id: 1 }, { id: 2 }]);
    const counted = await anon.from('slots').select('id', { count: 'exact' }).order('id').limit(50);
    expect(counted.data).toHaveLength(2);
    expect(counted.count).toBe(3);
    expect(counted.status).toBe(206);
  });
});
