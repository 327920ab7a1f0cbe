/**
 * Bad input to /rest/v1 gets PostgREST's error, never a silently different result, and writes
 * nothing: malformed JSON, unknown tables and columns, unsupported or malformed filters and
 * selects (embedding, aggregates), type and constraint errors, schemas other than `public`,
 * media types we do not produce, and bodies over the gateway's 1 MiB limit.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { CONFORMANCE_SQL, restRequest, tableRows } from './rest-http.ts';
import { startTestStack, type TestStack } from '../../integration/support/stack.ts';
import { createTestUser, type TestUser } from '../../integration/support/users.ts';

let stack: TestStack;
let alice: TestUser;
let snapshot: string;

/** Every todo as text: compared before and after each failing request. */
const allTodos = async () =>
  JSON.stringify(await tableRows(stack, 'select id::text, title, done, priority from public.todos order by id'));

beforeAll(async () => {
  stack = await startTestStack({ fixtures: [CONFORMANCE_SQL] });
  alice = await createTestUser(stack, 'alice@example.com');
  await alice.client.from('todos').insert([{ title: 'keep me' }, { title: 'keep me too', priority: 2 }]);
});
afterAll(() => stack?.stop());

beforeEach(async () => {
  snapshot = await allTodos();
});

async function expectNothingWritten(): Promise<void> {
  expect(await allTodos()).toBe(snapshot);
}

const as = (path: string, request: Parameters<typeof restRequest>[2] = {}) =>
  restRequest(stack, path, { token: alice.accessToken, ...request });

describe('request bodies', () => {
  test('malformed JSON is 400 PGRST102', async () => {
    const response = await as('/todos', { method: 'POST', body: '{"title": "half' });
    expect(response.status).toBe(400);
    expect(response.json()).toEqual({ code: 'PGRST102', message: 'Empty or invalid json', details: null, hint: null });
    const patch = await as('/todos?id=gt.0', { method: 'PATCH', body: '[1,' });
    expect(patch.json()).toMatchObject({ code: 'PGRST102' });
    await expectNothingWritten();
  });

  test('an empty body, and objects with different keys without columns=, are PGRST102', async () => {
    expect((await as('/todos', { method: 'POST', body: '' })).json()).toMatchObject({
      code: 'PGRST102',
      message: 'Empty or invalid json',
    });
    const ragged = await as('/todos', { method: 'POST', body: JSON.stringify([{ title: 'a' }, { done: true }]) });
    expect(ragged.status).toBe(400);
    expect(ragged.json()).toMatchObject({ code: 'PGRST102', message: 'All object keys must match' });
    await expectNothingWritten();
  });

  test('a body that is not JSON is refused', async () => {
    const response = await as('/todos', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'title=hello',
    });
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({ code: 'PGRST102', message: 'Content-Type not acceptable: text/plain' });
    await expectNothingWritten();
  });

  test('a body over 1 MiB is 413 at the gateway, and nothing is written', async () => {
    const rows = Array.from({ length: 12_000 }, (_, i) => ({ title: `row ${i} ${'x'.repeat(80)}` }));
    const { error, status } = await alice.client.from('todos').insert(rows);
    expect(status).toBe(413);
    expect(error).toMatchObject({ message: 'Request size limit exceeded' });
    await expectNothingWritten();
  });
});

describe('unknown tables and columns', () => {
  test('an unknown table is 404 PGRST205, with a hint when a table is close', async () => {
    const close = await alice.client.from('todo').select();
    expect(close.status).toBe(404);
    expect(close.error).toEqual({
      code: 'PGRST205',
      message: "Could not find the table 'public.todo' in the schema cache",
      details: null,
      hint: "Perhaps you meant the table 'public.todos'",
    });
    const far = await alice.client.from('invoices').insert({ title: 'x' });
    expect(far.error).toEqual({
      code: 'PGRST205',
      message: "Could not find the table 'public.invoices' in the schema cache",
      details: null,
      hint: null,
    });
    await expectNothingWritten();
  });

  test('tables of other schemas are not exposed (auth.users is not public.users)', async () => {
    const { error, status } = await stack.serviceClient().from('users').select();
    expect(status).toBe(404);
    expect(error?.code).toBe('PGRST205');
  });

  test('an unknown column in select, a filter or order is 400 42703', async () => {
    const select = await alice.client.from('todos').select('id, titel');
    expect(select.status).toBe(400);
    expect(select.error).toEqual({
      code: '42703',
      message: 'column todos.titel does not exist',
      details: null,
      hint: 'Perhaps you meant to reference the column "todos.title".',
    });
    expect((await alice.client.from('todos').select().eq('owner', 'x')).error?.message).toBe(
      'column todos.owner does not exist',
    );
    expect((await alice.client.from('todos').select().order('rank')).error?.code).toBe('42703');
    const remove = await alice.client.from('todos').delete().eq('owner', 'x');
    expect(remove.error?.code).toBe('42703');
    await expectNothingWritten();
  });

  test('an unknown column in an insert or update payload is 400 PGRST204', async () => {
    const insert = await alice.client.from('todos').insert({ title: 'ok', colour: 'red' });
    expect(insert.status).toBe(400);
    expect(insert.error).toEqual({
      code: 'PGRST204',
      message: "Could not find the 'colour' column of 'todos' in the schema cache",
      details: null,
      hint: null,
    });
    const update = await alice.client.from('todos').update({ title: 'renamed', colour: 'red' }).gt('id', 0);
    expect(update.error?.code).toBe('PGRST204');
    await expectNothingWritten();
  });
});

describe('query syntax', () => {
  test('an unknown operator is PGRST100 — and a DELETE with it deletes nothing', async () => {
    const { error, status } = await alice.client.from('todos').select().filter('title', 'nope', 'x');
    expect(status).toBe(400);
    expect(error).toEqual({
      code: 'PGRST100',
      message: '"failed to parse filter (nope.x)" (line 1, column 6)',
      details: 'unknown single value operator nope',
      hint: null,
    });
    const remove = await alice.client.from('todos').delete().filter('id', 'greater', 0);
    expect(remove.error?.code).toBe('PGRST100');
    expect((await alice.client.from('todos').delete().not('id', 'nope', 0)).error?.message).toBe(
      '"failed to parse filter (not.nope.0)" (line 1, column 10)',
    );
    await expectNothingWritten();
  });

  test('a value without an operator is refused rather than ignored (so it cannot widen a DELETE)', async () => {
    const response = await as('/todos?id=5', { method: 'DELETE' });
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'PGRST100',
      message: '"failed to parse filter (5)" (line 1, column 2)',
    });
    await expectNothingWritten();
  });

  test('malformed is, in, or, order and select are PGRST100 with PostgREST’s message', async () => {
    expect((await alice.client.from('todos').select().filter('done', 'is', 'maybe')).error).toMatchObject({
      code: 'PGRST100',
      message: '"failed to parse filter (is.maybe)" (line 1, column 4)',
    });
    expect((await alice.client.from('todos').select().filter('id', 'in', '1,2')).error).toMatchObject({
      code: 'PGRST100',
      message: '"failed to parse filter (in.1,2)" (line 1, column 4)',
    });
    expect((await alice.client.from('todos').select().or('id.eq.1,')).error).toMatchObject({
      code: 'PGRST100',
      message: '"failed to parse logic tree ((id.eq.1,))" (line 1, column 12)',
    });
    expect((await as('/todos?order=id.sideways')).json()).toMatchObject({
      code: 'PGRST100',
      message: '"failed to parse order (id.sideways)" (line 1, column 4)',
      details: 'unexpected "s" expecting "asc", "desc", "nullsfirst" or "nullslast"',
    });
    expect((await as('/todos?select=id,,title')).json()).toMatchObject({
      code: 'PGRST100',
      message: '"failed to parse select parameter (id,,title)" (line 1, column 4)',
    });
  });

  test('resource embedding, spreads and aggregates are refused, not ignored', async () => {
    const embed = await alice.client.from('todos').select('id, handles(username)');
    expect(embed.status).toBe(400);
    expect(embed.error).toMatchObject({ code: 'PGRST127', message: 'Feature not implemented' });
    expect((await alice.client.from('todos').select('id, ...handles(username)')).error?.code).toBe('PGRST127');
    expect((await alice.client.from('todos').select('count()')).error).toMatchObject({
      code: 'PGRST123',
      message: 'Use of aggregate functions is not allowed',
    });
    const nested = await alice.client.from('todos').select().eq('handles.username', 'alice');
    expect(nested.error).toEqual({
      code: 'PGRST108',
      message: "'handles' is not an embedded resource in this request",
      details: null,
      hint: "Verify that 'handles' is included in the 'select' query parameter.",
    });
  });

  test('a value of the wrong type is 400 22P02', async () => {
    const { error, status } = await alice.client.from('todos').select().eq('id', 'abc');
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '22P02', message: 'invalid input syntax for type bigint: "abc"' });
  });

  test('handling=strict refuses unknown preferences (PGRST122)', async () => {
    const response = await as('/todos', { headers: { prefer: 'handling=strict, return=everything' } });
    expect(response.status).toBe(400);
    expect(response.json()).toEqual({
      code: 'PGRST122',
      message: 'Invalid preferences given with handling=strict',
      details: 'Invalid preferences: return=everything',
      hint: null,
    });
  });
});

describe('constraints', () => {
  test('a check constraint is 400 23514, a not-null one 400 23502; nothing is written', async () => {
    const empty = await alice.client.from('todos').insert({ title: '' });
    expect(empty.status).toBe(400);
    expect(empty.error).toMatchObject({
      code: '23514',
      message: 'new row for relation "todos" violates check constraint "todos_title_check"',
    });
    const missing = await alice.client.from('todos').insert({ title: null });
    expect(missing.status).toBe(400);
    expect(missing.error?.code).toBe('23502');
    await expectNothingWritten();
  });
});

describe('negotiation and routes', () => {
  test('a schema other than public is 406 PGRST106', async () => {
    const { error, status } = await alice.client.schema('private').from('todos').select();
    expect(status).toBe(406);
    expect(error).toEqual({
      code: 'PGRST106',
      message: 'Invalid schema: private',
      details: null,
      hint: 'Only the following schemas are exposed: public',
    });
    const write = await alice.client.schema('private').from('todos').insert({ title: 'elsewhere' });
    expect(write.status).toBe(406);
    await expectNothingWritten();
  });

  test('a media type we do not produce (CSV) is 406 PGRST107', async () => {
    const { error, status } = await alice.client.from('todos').select().csv();
    expect(status).toBe(406);
    expect(error).toMatchObject({ code: 'PGRST107', message: 'None of these media types are available: text/csv' });
  });

  test('paths below a table and PUT are refused with PostgREST’s errors', async () => {
    expect((await as('/todos/1')).json()).toMatchObject({
      code: 'PGRST125',
      message: 'Invalid path specified in request URL',
    });
    const put = await as('/todos?id=eq.1', { method: 'PUT', body: JSON.stringify({ id: 1, title: 'put' }) });
    expect(put.status).toBe(400);
    expect(put.json()).toMatchObject({ code: 'PGRST127', message: 'Feature not implemented' });
    await expectNothingWritten();
  });
});
