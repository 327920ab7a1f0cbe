/**
 * /rest/v1 updates and deletes through the real supabase-js: `return=representation|minimal`,
 * counts, `.single()` rolled back when ≠ 1 row, `max-affected`, and pg-safeupdate's
 * "requires a WHERE clause". Every assertion on a write is checked again in the database.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CONFORMANCE_SQL, restRequest, tableRows } from './rest-http.ts';
import { startTestStack, type TestStack } from '../../integration/support/stack.ts';
import { createTestUser, type TestUser } from '../../integration/support/users.ts';

let stack: TestStack;
let alice: TestUser;

beforeAll(async () => {
  stack = await startTestStack({ fixtures: [CONFORMANCE_SQL] });
  alice = await createTestUser(stack, 'alice@example.com');
});
afterAll(() => stack?.stop());

const todosTitled = (title: string) =>
  tableRows<{ id: number; user_id: string; done: boolean | null; priority: number | null }>(
    stack,
    'select id::int as id, user_id, done, priority from public.todos where title = $1 order by id',
    [title],
  );

describe('update and delete', () => {
  let ids: number[];
  beforeAll(async () => {
    const { data } = await alice.client
      .from('todos')
      .insert([{ title: 'change me' }, { title: 'change me' }, { title: 'delete me' }, { title: 'delete me too' }])
      .select('id');
    ids = data!.map((r) => r.id);
  });

  test('update returning the row (select()) is 200 with the new values', async () => {
    const { data, error, status } = await alice.client.from('todos').update({ done: true }).eq('id', ids[0]).select();
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toMatchObject([{ id: ids[0], done: true, title: 'change me' }]);
  });

  test('update with return=minimal is 204; count=exact counts the rows changed', async () => {
    const { data, error, status, count } = await alice.client
      .from('todos')
      .update({ priority: 7 }, { count: 'exact' })
      .eq('title', 'change me');
    expect(error).toBeNull();
    expect(status).toBe(204);
    expect(data).toBeNull();
    expect(count).toBe(2);
    expect((await todosTitled('change me')).map((r) => r.priority)).toEqual([7, 7]);
  });

  test('.single() on an update touching two rows is 406 and changes nothing', async () => {
    const { error, status } = await alice.client
      .from('todos')
      .update({ priority: 9 })
      .eq('title', 'change me')
      .select()
      .single();
    expect(status).toBe(406);
    expect(error?.code).toBe('PGRST116');
    expect((await todosTitled('change me')).map((r) => r.priority)).toEqual([7, 7]);
  });

  test('an empty patch ({}) changes nothing and returns no rows', async () => {
    const response = await restRequest(stack, `/todos?id=eq.${ids[0]}`, {
      method: 'PATCH',
      token: alice.accessToken,
      headers: { prefer: 'return=representation' },
      body: '{}',
    });
    expect(response.status).toBe(200);
    expect(response.json()).toEqual([]);
  });

  test('delete returning the row, then delete minimal (204)', async () => {
    const removed = await alice.client.from('todos').delete().eq('title', 'delete me').select('title');
    expect(removed).toMatchObject({ status: 200, data: [{ title: 'delete me' }], error: null });
    const minimal = await alice.client.from('todos').delete().eq('id', ids[3]);
    expect(minimal).toMatchObject({ status: 204, data: null, error: null });
    expect(await todosTitled('delete me')).toEqual([]);
    expect(await todosTitled('delete me too')).toEqual([]);
  });

  test('update or delete without a filter is refused as on hosted Supabase (pg-safeupdate)', async () => {
    const update = await alice.client.from('todos').update({ done: false });
    expect(update.status).toBe(400);
    expect(update.error).toEqual({
      code: '21000',
      message: 'UPDATE requires a WHERE clause',
      details: null,
      hint: null,
    });
    const remove = await alice.client.from('todos').delete();
    expect(remove.error).toMatchObject({ code: '21000', message: 'DELETE requires a WHERE clause' });
    expect(await todosTitled('change me')).toHaveLength(2);
  });

  test('max-affected with handling=strict rolls back a change over the limit', async () => {
    const response = await restRequest(stack, '/todos?title=eq.change%20me', {
      method: 'PATCH',
      token: alice.accessToken,
      headers: { prefer: 'handling=strict, max-affected=1' },
      body: JSON.stringify({ priority: 1 }),
    });
    expect(response.status).toBe(400);
    expect(response.json()).toEqual({
      code: 'PGRST124',
      message: 'Query result exceeds max-affected preference constraint',
      details: 'The query affects 2 rows',
      hint: null,
    });
    expect((await todosTitled('change me')).map((r) => r.priority)).toEqual([7, 7]);
  });
});
