/**
 * /rest/v1/rpc through the real supabase-js: scalar, single-row (OUT parameters, a table's row
 * type), `setof` and `returns table` functions; `void`; a single unnamed jsonb parameter;
 * filters, order, paging and counts on set results; GET calls (read-only); and PostgREST's
 * errors for unknown functions, raised exceptions and bad arguments.
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
  await alice.client.from('todos').insert([
    { title: 'walk dog', done: false },
    { title: 'write PoC', done: true },
    { title: 'dog food', done: false },
  ]);
  await bob.client.from('todos').insert({ title: 'bob: feed dog' });
});
afterAll(() => stack?.stop());

describe('return shapes', () => {
  test('a scalar function returns the bare JSON value (RLS applies inside)', async () => {
    expect(await alice.client.rpc('count_open_todos')).toMatchObject({ data: 2, error: null, status: 200 });
    expect((await bob.client.rpc('count_open_todos')).data).toBe(1);
    expect((await stack.client().rpc('count_open_todos')).data).toBe(0);
  });

  test('a setof function returns an array of rows', async () => {
    const { data, error } = await alice.client.rpc('search_todos', { q: 'dog' });
    expect(error).toBeNull();
    expect(data.map((r: { title: string }) => r.title)).toEqual(['walk dog', 'dog food']);
    expect(data[0]).toMatchObject({ user_id: alice.id, done: false, tags: [] });
  });

  test('returns table(…) is an array of objects', async () => {
    expect((await alice.client.rpc('todo_stats')).data).toEqual([{ total: 3, open: 2, done: 1 }]);
  });

  test('a function with OUT parameters returns one object', async () => {
    expect((await alice.client.rpc('todo_summary')).data).toEqual({ total: 3, latest: 'dog food' });
  });

  test('a function returning a table’s row type returns that row as an object; defaults may be omitted', async () => {
    const { data, error, status } = await alice.client.rpc('add_todo', { title: 'via rpc' });
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toMatchObject({ title: 'via rpc', done: false, user_id: alice.id });
    const done = await alice.client.rpc('add_todo', { title: 'via rpc, done', done: true });
    expect(done.data).toMatchObject({ title: 'via rpc, done', done: true });
    await alice.client.from('todos').delete().like('title', 'via rpc%');
  });

  test('setof a scalar type is an array of values', async () => {
    expect((await alice.client.rpc('titles_matching', { pattern: '%o%' })).data).toEqual([
      'dog food',
      'walk dog',
      'write PoC',
    ]);
  });

  test('a void function answers 204 and its effects are committed', async () => {
    const { data, error, status } = await bob.client.rpc('complete_all');
    expect(error).toBeNull();
    expect(status).toBe(204);
    expect(data).toBeNull();
    expect(await tableRows(stack, 'select done from public.todos where user_id = $1', [bob.id])).toEqual([
      { done: true },
    ]);
  });

  test('a function with one unnamed jsonb parameter receives the whole body', async () => {
    const payload = { any: ['shape', 1, null], nested: { ok: true } };
    expect((await alice.client.rpc('echo_payload', payload)).data).toEqual(payload);
  });
});

describe('shaping set results', () => {
  test('select, filters, order and limit apply to the rows a function returns', async () => {
    const { data, error } = await alice.client
      .rpc('search_todos', { q: '' })
      .select('id, title')
      .eq('done', false)
      .order('title', { ascending: false })
      .limit(1);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: expect.any(Number), title: 'walk dog' }]);
  });

  test('.single() on a set result, and count with head', async () => {
    expect((await alice.client.rpc('search_todos', { q: 'PoC' }).select('title').single()).data).toEqual({
      title: 'write PoC',
    });
    const counted = await alice.client.rpc('search_todos', { q: 'o' }, { count: 'exact', head: true });
    expect(counted).toMatchObject({ count: 3, data: null, error: null });
  });

  test('an unknown column in a filter on the result is 42703', async () => {
    const { error, status } = await alice.client.rpc('search_todos', { q: '' }).eq('nope', 1);
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '42703', message: 'column pgrst_call.nope does not exist' });
  });
});

describe('GET calls', () => {
  test('arguments travel as query parameters; other parameters filter the result', async () => {
    const { data, error } = await alice.client
      .rpc('search_todos', { q: 'dog' }, { get: true })
      .select('title')
      .eq('done', false);
    expect(error).toBeNull();
    expect(data).toEqual([{ title: 'walk dog' }, { title: 'dog food' }]);
    const raw = await restRequest(stack, '/rpc/count_open_todos', { token: alice.accessToken });
    expect(raw.status).toBe(200);
    expect(raw.text).toBe('2');
  });

  test('a volatile function over GET fails read-only (405, 25006) and writes nothing', async () => {
    const { error, status } = await alice.client.rpc('add_todo', { title: 'over get' }, { get: true });
    expect(status).toBe(405);
    expect(error).toMatchObject({ code: '25006', message: 'cannot execute INSERT in a read-only transaction' });
    expect(await tableRows(stack, `select 1 from public.todos where title = 'over get'`)).toEqual([]);
  });
});

describe('errors', () => {
  test('an unknown function is 404 PGRST202 with PostgREST’s message and a hint', async () => {
    const { error, status } = await alice.client.rpc('count_open_todo');
    expect(status).toBe(404);
    expect(error).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function public.count_open_todo without parameters in the schema cache',
      details:
        'Searched for the function public.count_open_todo without parameters or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.count_open_todos',
    });
  });

  test('arguments no overload accepts are PGRST202 too, naming the parameters', async () => {
    const { error, status } = await alice.client.rpc('search_todos', { query: 'dog', limit: 2 });
    expect(status).toBe(404);
    expect(error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.search_todos(limit, query) in the schema cache',
      details:
        'Searched for the function public.search_todos with parameters limit, query or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
    });
    const close = await alice.client.rpc('search_todos', { qq: 'dog' }, { get: true });
    expect(close.error).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function public.search_todos(qq) in the schema cache',
      details:
        'Searched for the function public.search_todos with parameter qq, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.search_todos(q)',
    });
  });

  test('RAISE EXCEPTION is 400 P0001 with its message and hint', async () => {
    const { error, status } = await alice.client.rpc('fail_with', { message: 'quota exceeded' });
    expect(status).toBe(400);
    expect(error).toEqual({ code: 'P0001', message: 'quota exceeded', details: null, hint: 'raised by fail_with' });
  });

  test('an argument of the wrong type is 400 22P02', async () => {
    const { error, status } = await alice.client.rpc('add_todo', { title: 'typed', done: 'maybe' });
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '22P02', message: 'invalid input syntax for type boolean: "maybe"' });
  });

  test('PATCH on /rpc is PGRST101', async () => {
    const response = await restRequest(stack, '/rpc/count_open_todos', { method: 'PATCH', body: '{}' });
    expect(response.status).toBe(405);
    expect(response.json()).toEqual({
      code: 'PGRST101',
      message: 'Cannot use the PATCH method on RPC',
      details: null,
      hint: null,
    });
  });
});
