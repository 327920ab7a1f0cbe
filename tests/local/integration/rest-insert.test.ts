/**
 * /rest/v1 inserts through the real supabase-js: single and bulk (`columns=`), `missing=default`,
 * `return=representation|minimal|headers-only`, counts, `.single()` rolled back when ≠ 1 row,
 * upserts (merge / ignore, `on_conflict`) and the 409s of unique and foreign keys.
 * Every assertion on a write is checked again in the database itself.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CONFORMANCE_SQL, restRequest, tableRows } from './rest-http.ts';
import { startTestStack, type TestStack } from '../../integration/support/stack.ts';
import { createTestUser, type TestUser } from '../../integration/support/users.ts';

let stack: TestStack;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  stack = await startTestStack({ fixtures: [CONFORMANCE_SQL] });
  alice = await createTestUser(stack, 'alice@example.com');
  bob = await createTestUser(stack, 'bob@example.com');
});
afterAll(() => stack?.stop());

const todosTitled = (title: string) =>
  tableRows<{ id: number; user_id: string; done: boolean | null; priority: number | null }>(
    stack,
    'select id::int as id, user_id, done, priority from public.todos where title = $1 order by id',
    [title],
  );

describe('insert', () => {
  test('one row, returned as an object (select().single()), with column defaults applied', async () => {
    const { data, error, status } = await alice.client
      .from('todos')
      .insert({ title: 'alice: buy milk' })
      .select()
      .single();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toMatchObject({ title: 'alice: buy milk', user_id: alice.id, done: false, tags: [], meta: null });
    expect(typeof data.id).toBe('number');
    expect(await todosTitled('alice: buy milk')).toEqual([
      { id: data.id, user_id: alice.id, done: false, priority: null },
    ]);
  });

  test('return=minimal (the default) answers 201 with no body', async () => {
    const { data, error, status } = await alice.client.from('todos').insert({ title: 'minimal insert' });
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toBeNull();
    expect(await todosTitled('minimal insert')).toHaveLength(1);
  });

  test('bulk insert sends columns= and returns the selected columns of every row', async () => {
    const { data, error, status } = await alice.client
      .from('todos')
      .insert([
        { title: 'bulk: walk dog', done: false },
        { title: 'bulk: write PoC', done: true },
      ])
      .select('id,title');
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data?.map((r) => r.title)).toEqual(['bulk: walk dog', 'bulk: write PoC']);
    expect(Object.keys(data![0])).toEqual(['id', 'title']);
    expect((await todosTitled('bulk: write PoC'))[0].done).toBe(true);
  });

  test('a key missing from one object of a bulk insert is NULL — so a NOT NULL column fails, and nothing is written', async () => {
    const { error, status } = await alice.client
      .from('todos')
      .insert([{ title: 'ragged: first', done: true }, { title: 'ragged: second' }]);
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '23502' });
    expect(error?.message).toContain('null value in column "done"');
    expect(await todosTitled('ragged: first')).toEqual([]);
  });

  test('defaultToNull: false (Prefer: missing=default) uses the column default instead', async () => {
    const { data, error } = await alice.client
      .from('todos')
      .insert([{ title: 'default: first', done: true, priority: 5 }, { title: 'default: second' }], {
        defaultToNull: false,
      })
      .select('title, done, priority');
    expect(error).toBeNull();
    expect(data).toEqual([
      { title: 'default: first', done: true, priority: 5 },
      { title: 'default: second', done: false, priority: null },
    ]);
  });

  test('JSON and array values round-trip', async () => {
    const { data } = await alice.client
      .from('todos')
      .insert({ title: 'typed', tags: ['a', 'b c', 'd"e'], meta: { n: 1.5, nested: [true, null] } })
      .select('tags, meta')
      .single();
    expect(data).toEqual({ tags: ['a', 'b c', 'd"e'], meta: { n: 1.5, nested: [true, null] } });
  });

  test('count=exact on an insert is in Content-Range; Preference-Applied echoes the preferences', async () => {
    const response = await restRequest(stack, '/todos', {
      method: 'POST',
      token: alice.accessToken,
      headers: { prefer: 'return=minimal,count=exact' },
      body: JSON.stringify([{ title: 'counted 1' }, { title: 'counted 2' }]),
    });
    expect(response.status).toBe(201);
    expect(response.text).toBe('');
    expect(response.headers.get('content-range')).toBe('*/2');
    expect(response.headers.get('preference-applied')).toBe('return=minimal, count=exact');
  });

  test('return=headers-only answers the new row’s Location', async () => {
    const response = await restRequest(stack, '/todos', {
      method: 'POST',
      token: alice.accessToken,
      headers: { prefer: 'return=headers-only' },
      body: JSON.stringify({ title: 'located' }),
    });
    expect(response.status).toBe(201);
    const [row] = await todosTitled('located');
    expect(response.headers.get('location')).toBe(`/todos?id=eq.${row.id}`);
  });

  test('.single() on an insert of two rows is 406 and the insert is rolled back', async () => {
    const { error, status } = await alice.client
      .from('todos')
      .insert([{ title: 'single-two' }, { title: 'single-two' }])
      .select()
      .single();
    expect(status).toBe(406);
    expect(error).toMatchObject({ code: 'PGRST116', details: 'The result contains 2 rows' });
    expect(await todosTitled('single-two')).toEqual([]);
  });
});

describe('upsert', () => {
  test('merge-duplicates on the primary key updates the existing row', async () => {
    const first = await alice.client.from('handles').insert({ username: 'alice' }).select().single();
    expect(first.error).toBeNull();
    const { data, error, status } = await alice.client
      .from('handles')
      .upsert({ id: alice.id, username: 'alice_2', bio: 'hi' })
      .select();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual([{ id: alice.id, username: 'alice_2', bio: 'hi' }]);
    expect(await tableRows(stack, 'select username from public.handles where id = $1', [alice.id])).toEqual([
      { username: 'alice_2' },
    ]);
  });

  test('on_conflict names the unique columns to merge on', async () => {
    const { data, error } = await alice.client
      .from('handles')
      .upsert({ username: 'alice_2', bio: 'merged by username' }, { onConflict: 'username' })
      .select('username, bio');
    expect(error).toBeNull();
    expect(data).toEqual([{ username: 'alice_2', bio: 'merged by username' }]);
  });

  test('ignoreDuplicates leaves the existing row and returns nothing for it', async () => {
    const { data, error } = await alice.client
      .from('handles')
      .upsert({ id: alice.id, username: 'alice_3' }, { ignoreDuplicates: true })
      .select();
    expect(error).toBeNull();
    expect(data).toEqual([]);
    expect(await tableRows(stack, 'select username from public.handles where id = $1', [alice.id])).toEqual([
      { username: 'alice_2' },
    ]);
  });

  test('a unique violation is 409 with Postgres’ code (no key values: RLS hides them from the caller)', async () => {
    const { error, status } = await bob.client.from('handles').insert({ username: 'alice_2' });
    expect(status).toBe(409);
    expect(error).toEqual({
      code: '23505',
      message: 'duplicate key value violates unique constraint "handles_username_key"',
      details: null,
      hint: null,
    });
    expect(await tableRows(stack, 'select 1 from public.handles where id = $1', [bob.id])).toEqual([]);
  });

  test('anyone reads a profile by username as a single object (the app’s lookup shape)', async () => {
    const { data, error, status } = await stack.client().from('handles').select('*').eq('username', 'alice_2').single();
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual({ id: alice.id, username: 'alice_2', bio: 'merged by username' });
  });

  test('a foreign-key violation is 409', async () => {
    const ghost = '00000000-0000-4000-8000-000000000000';
    const { error, status } = await stack.serviceClient().from('handles').insert({ id: ghost, username: 'ghost' });
    expect(status).toBe(409);
    expect(error).toMatchObject({ code: '23503', message: expect.stringContaining('handles_id_fkey') });
  });
});
