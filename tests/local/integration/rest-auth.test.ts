/**
 * Who may do what through /rest/v1, decided in SQL: RLS hides and protects other users' rows,
 * a forged `user_id` is refused (42501 → 403), anon is not authenticated (42501 → 401), the
 * service role bypasses RLS, and JWTs that are expired, forged, malformed or name a role the
 * API may not assume are refused the way PostgREST refuses them.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signJwt } from '../../../supabase/local/jwt.ts';
import { CONFORMANCE_SQL, restRequest, tableRows } from './rest-http.ts';
import { startTestStack, type TestStack } from '../../integration/support/stack.ts';
import { clientWithToken, createTestUser, userToken, type TestUser } from '../../integration/support/users.ts';

let stack: TestStack;
let alice: TestUser;
let bob: TestUser;
let bobTodo: number;

beforeAll(async () => {
  stack = await startTestStack({ fixtures: [CONFORMANCE_SQL] });
  alice = await createTestUser(stack, 'alice@example.com');
  bob = await createTestUser(stack, 'bob@example.com');
  await alice.client.from('todos').insert([{ title: 'alice: one' }, { title: 'alice: two' }]);
  const { data } = await bob.client.from('todos').insert({ title: 'bob: secret plan' }).select('id').single();
  bobTodo = data!.id;
});
afterAll(() => stack?.stop());

const bobsTitle = async () =>
  (await tableRows<{ title: string }>(stack, 'select title from public.todos where id = $1', [bobTodo]))[0]?.title;

describe('row-level security', () => {
  test('another user’s rows are invisible', async () => {
    const { data } = await alice.client.from('todos').select('title').order('id');
    expect(data).toEqual([{ title: 'alice: one' }, { title: 'alice: two' }]);
    expect((await alice.client.from('todos').select().eq('id', bobTodo)).data).toEqual([]);
    expect((await alice.client.from('todos').select().eq('id', bobTodo).maybeSingle()).data).toBeNull();
  });

  test('inserting a row for another user (forged user_id) is 403 42501, and nothing is written', async () => {
    const { error, status } = await alice.client.from('todos').insert({ title: 'forged', user_id: bob.id });
    expect(status).toBe(403);
    expect(error).toEqual({
      code: '42501',
      message: 'new row violates row-level security policy for table "todos"',
      details: null,
      hint: null,
    });
    expect(await tableRows(stack, `select 1 from public.todos where title = 'forged'`)).toEqual([]);
  });

  test('updating or deleting another user’s row affects nothing', async () => {
    const update = await alice.client.from('todos').update({ title: 'pwned' }).eq('id', bobTodo).select();
    expect(update).toMatchObject({ status: 200, error: null, data: [] });
    const remove = await alice.client.from('todos').delete({ count: 'exact' }).eq('id', bobTodo);
    expect(remove).toMatchObject({ status: 204, error: null, count: 0 });
    expect(await bobsTitle()).toBe('bob: secret plan');
  });

  test('giving one’s own row away (user_id → bob) fails the WITH CHECK', async () => {
    const { data: mine } = await alice.client.from('todos').select('id').limit(1).single();
    const { error, status } = await alice.client.from('todos').update({ user_id: bob.id }).eq('id', mine!.id);
    expect(status).toBe(403);
    expect(error?.code).toBe('42501');
    expect(await tableRows(stack, 'select user_id from public.todos where id = $1', [mine!.id])).toEqual([
      { user_id: alice.id },
    ]);
  });
});

describe('anon, authenticated and service role', () => {
  test('anon sees public rows only, and none of the owned ones', async () => {
    const anon = stack.client();
    expect((await anon.from('notices').select('body').order('id')).data).toEqual([
      { body: 'welcome' },
      { body: 'maintenance' },
    ]);
    expect(await anon.from('todos').select()).toMatchObject({ status: 200, data: [], error: null });
  });

  test('a write refused to anon is 401 (not authenticated) with WWW-Authenticate', async () => {
    const response = await restRequest(stack, '/todos', { method: 'POST', body: JSON.stringify({ title: 'anon' }) });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
    expect((response.json() as { code: string }).code).toBe('42501');
    const { error, status } = await stack.client().from('notices').insert({ id: 9, body: 'spam' });
    expect(status).toBe(401);
    expect(error).toMatchObject({ code: '42501', message: 'permission denied for table notices' });
  });

  test('the same refusal for a signed-in user is 403', async () => {
    const { error, status } = await alice.client.from('notices').insert({ id: 9, body: 'spam' });
    expect(status).toBe(403);
    expect(error).toMatchObject({ code: '42501', message: 'permission denied for table notices' });
    expect(await tableRows(stack, 'select 1 from public.notices where id = 9')).toEqual([]);
  });

  test('functions see the caller: role and auth.uid()', async () => {
    expect((await alice.client.rpc('whoami')).data).toEqual({ role: 'authenticated', uid: alice.id });
    expect((await stack.client().rpc('whoami')).data).toEqual({ role: 'anon', uid: null });
    expect((await stack.serviceClient().rpc('whoami')).data).toEqual({ role: 'service_role', uid: null });
  });

  test('the service role bypasses RLS: it reads every row and writes for any user', async () => {
    const service = stack.serviceClient();
    const { count } = await service.from('todos').select('*', { count: 'exact', head: true });
    expect(count).toBe(3);
    const { data, error } = await service
      .from('todos')
      .insert({ title: 'assigned by admin', user_id: bob.id })
      .select('user_id')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ user_id: bob.id });
    expect((await bob.client.from('todos').select('title').order('id')).data).toEqual([
      { title: 'bob: secret plan' },
      { title: 'assigned by admin' },
    ]);
  });
});

describe('JWTs PostgREST refuses', () => {
  test('an expired token is 401 PGRST303 "JWT expired"', async () => {
    const expired = clientWithToken(stack, userToken(stack, alice.id, alice.email, -60));
    const { error, status } = await expired.from('todos').select();
    expect(status).toBe(401);
    expect(error).toEqual({ code: 'PGRST303', message: 'JWT expired', details: null, hint: null });
    const write = await expired.from('todos').insert({ title: 'late' });
    expect(write.status).toBe(401);
    expect(await tableRows(stack, `select 1 from public.todos where title = 'late'`)).toEqual([]);
  });

  test('a token signed with another secret is 401 PGRST301', async () => {
    const now = Math.floor(Date.now() / 1000);
    const forged = signJwt(
      { sub: bob.id, role: 'service_role', exp: now + 600 },
      'not-the-project-secret-at-all-0123456789',
    );
    const response = await restRequest(stack, '/todos', { token: forged });
    expect(response.status).toBe(401);
    expect(response.json()).toEqual({
      code: 'PGRST301',
      message: 'JWT cryptographic operation failed',
      details: null,
      hint: null,
    });
    expect(response.headers.get('www-authenticate')).toBe(
      'Bearer error="invalid_token", error_description="JWT cryptographic operation failed"',
    );
    const { error } = await clientWithToken(stack, forged).from('todos').delete().eq('id', bobTodo);
    expect(error?.code).toBe('PGRST301');
    expect(await bobsTitle()).toBe('bob: secret plan');
  });

  test('a malformed token and an unsigned (alg: none) token are 401 PGRST301', async () => {
    const malformed = await restRequest(stack, '/todos', { token: 'not-a-jwt' });
    expect(malformed.status).toBe(401);
    expect(malformed.json()).toMatchObject({ code: 'PGRST301', message: 'Expected 3 parts in JWT; got 1' });
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const claims = Buffer.from(JSON.stringify({ role: 'service_role' })).toString('base64url');
    const unsigned = await restRequest(stack, '/todos', { token: `${header}.${claims}.` });
    expect(unsigned.status).toBe(401);
    expect(unsigned.json()).toMatchObject({ code: 'PGRST301', message: 'Wrong or unsupported encoding algorithm' });
  });

  test('a valid token naming a role the API may not assume is refused like Postgres’ SET ROLE', async () => {
    const superuser = signJwt({ role: 'postgres', exp: Math.floor(Date.now() / 1000) + 600 }, stack.jwtSecret);
    const denied = await restRequest(stack, '/todos', { token: superuser });
    expect(denied.status).toBe(403);
    expect(denied.json()).toMatchObject({ code: '42501', message: 'permission denied to set role "postgres"' });
    const unknown = signJwt({ role: 'wizard', exp: Math.floor(Date.now() / 1000) + 600 }, stack.jwtSecret);
    const missing = await restRequest(stack, '/todos', { token: unknown });
    expect(missing.status).toBe(401);
    expect(missing.json()).toMatchObject({ code: '22023', message: 'role "wizard" does not exist' });
  });
});
