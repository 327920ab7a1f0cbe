/**
 * `supabase.auth.admin.*` with the service-role key against /auth/v1/admin/users: create,
 * list (pagination), get, update, ban, delete (hard and soft) — and refusal for anyone else.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { uniqueEmail } from '../../integration/support/auth.ts';
import { startTestStack, type TestStack } from '../../integration/support/stack.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack?.stop());

const admin = () => stack.serviceClient().auth.admin;

async function createConfirmed(prefix: string, extra: object = {}) {
  const email = uniqueEmail(prefix);
  const { data, error } = await admin().createUser({ email, password: 'secret123', email_confirm: true, ...extra });
  if (error) throw error;
  return data.user;
}

const countRows = async (table: string, userId: string) => {
  const { rows } = await stack.db.transaction((tx) =>
    tx.query<{ n: number }>(`select count(*)::int as n from auth.${table} where user_id = $1`, [userId]),
  );
  return rows[0].n;
};

describe('create', () => {
  test('a confirmed user with metadata, who can sign in at once', async () => {
    const email = uniqueEmail('made');
    const { data, error } = await admin().createUser({
      email,
      password: 'secret123',
      email_confirm: true,
      user_metadata: { first_name: 'Grace' },
      app_metadata: { plan: 'pro' },
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      email,
      role: 'authenticated',
      aud: 'authenticated',
      user_metadata: { first_name: 'Grace', email_verified: true },
      app_metadata: { plan: 'pro', provider: 'email', providers: ['email'] },
    });
    expect(data.user!.email_confirmed_at).toEqual(expect.any(String));
    expect(data.user!.identities).toHaveLength(1);
    expect((await stack.client().auth.signInWithPassword({ email, password: 'secret123' })).error).toBeNull();
  });

  test('without email_confirm the user cannot sign in yet', async () => {
    const email = uniqueEmail('pending');
    await admin().createUser({ email, password: 'secret123' });
    const { error } = await stack.client().auth.signInWithPassword({ email, password: 'secret123' });
    expect(error?.code).toBe('email_not_confirmed');
  });

  test('an address already taken is 422 email_exists', async () => {
    const user = await createConfirmed('taken');
    const { data, error } = await admin().createUser({ email: user.email!.toUpperCase(), password: 'secret123' });
    expect(data.user).toBeNull();
    expect(error).toMatchObject({
      status: 422,
      code: 'email_exists',
      message: 'A user with this email address has already been registered',
    });
  });

  test('a weak password is 422 weak_password', async () => {
    const { error } = await admin().createUser({ email: uniqueEmail('weak'), password: '123' });
    expect(error).toMatchObject({ status: 422, code: 'weak_password' });
  });
});

describe('list and get', () => {
  test('pages newest first with total, nextPage and lastPage', async () => {
    const made = [await createConfirmed('list-a'), await createConfirmed('list-b'), await createConfirmed('list-c')];
    const { data: everyone } = await admin().listUsers({ page: 1, perPage: 1000 });
    const total = everyone.users.length;
    expect(total).toBeGreaterThanOrEqual(3);

    const { data, error } = await admin().listUsers({ page: 1, perPage: 2 });
    expect(error).toBeNull();
    expect(data.users).toHaveLength(2);
    expect(data.users[0].id).toBe(made[2].id);
    expect(data.users[1].id).toBe(made[1].id);
    expect(data).toMatchObject({ aud: 'authenticated', total, nextPage: 2, lastPage: Math.ceil(total / 2) });

    const { data: second } = await admin().listUsers({ page: 2, perPage: 2 });
    expect(second.users[0].id).toBe(made[0].id);
  });

  test('getUserById answers the user, 404 user_not_found for an unknown id', async () => {
    const user = await createConfirmed('get');
    const { data } = await admin().getUserById(user.id);
    expect(data.user).toMatchObject({ id: user.id, email: user.email });
    const { error } = await admin().getUserById('00000000-0000-4000-8000-000000000000');
    expect(error).toMatchObject({ status: 404, code: 'user_not_found', message: 'User not found' });
  });
});

describe('update', () => {
  test('password, e-mail, metadata; a new password ends the user’s sessions', async () => {
    const user = await createConfirmed('upd', { user_metadata: { first_name: 'Old', keep: 1 } });
    const session = (await stack.client().auth.signInWithPassword({ email: user.email!, password: 'secret123' })).data
      .session!;
    const email = uniqueEmail('renamed');
    const { data, error } = await admin().updateUserById(user.id, {
      email,
      password: 'changed-123',
      user_metadata: { first_name: 'New' },
      app_metadata: { role_in_team: 'owner' },
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      email,
      user_metadata: { first_name: 'New', keep: 1 },
      app_metadata: { role_in_team: 'owner', provider: 'email' },
    });
    expect(data.user!.identities![0].identity_data!.email).toBe(email);

    const { error: refreshError } = await stack.client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refreshError?.code).toBe('refresh_token_not_found');
    expect((await stack.client().auth.signInWithPassword({ email, password: 'changed-123' })).error).toBeNull();
  });

  test('email_confirm confirms a pending user', async () => {
    const email = uniqueEmail('confirm-me');
    const { data: created } = await admin().createUser({ email, password: 'secret123' });
    const { data } = await admin().updateUserById(created.user!.id, { email_confirm: true });
    expect(data.user!.email_confirmed_at).toEqual(expect.any(String));
    expect((await stack.client().auth.signInWithPassword({ email, password: 'secret123' })).error).toBeNull();
  });

  test('a ban refuses sign-in; "none" lifts it', async () => {
    const user = await createConfirmed('banned');
    const { data } = await admin().updateUserById(user.id, { ban_duration: '24h' });
    expect(new Date(data.user!.banned_until!).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    const refused = await stack.client().auth.signInWithPassword({ email: user.email!, password: 'secret123' });
    expect(refused.error).toMatchObject({ status: 400, code: 'user_banned', message: 'User is banned' });
    await admin().updateUserById(user.id, { ban_duration: 'none' });
    const allowed = await stack.client().auth.signInWithPassword({ email: user.email!, password: 'secret123' });
    expect(allowed.error).toBeNull();
  });
});

describe('delete', () => {
  test('removes the user with identities, sessions and refresh tokens', async () => {
    const user = await createConfirmed('gone');
    const { data: signedIn } = await stack.client().auth.signInWithPassword({
      email: user.email!,
      password: 'secret123',
    });
    expect(await countRows('sessions', user.id)).toBe(1);

    const { data, error } = await admin().deleteUser(user.id);
    expect(error).toBeNull();
    expect(data.user).toEqual({});
    expect(await countRows('sessions', user.id)).toBe(0);
    expect(await countRows('identities', user.id)).toBe(0);
    expect(await countRows('refresh_tokens', user.id)).toBe(0);

    expect((await admin().getUserById(user.id)).error?.code).toBe('user_not_found');
    const { error: refreshError } = await stack
      .client()
      .auth.refreshSession({ refresh_token: signedIn.session!.refresh_token });
    expect(refreshError?.code).toBe('refresh_token_not_found');
    const { error: meError } = await stack.client().auth.getUser(signedIn.session!.access_token);
    expect(meError).toMatchObject({
      status: 403,
      code: 'user_not_found',
      message: 'User from sub claim in JWT does not exist',
    });
  });

  test('a soft delete keeps the row but nobody can sign in with it', async () => {
    const user = await createConfirmed('soft');
    await stack.client().auth.signInWithPassword({ email: user.email!, password: 'secret123' });
    const { error } = await admin().deleteUser(user.id, true);
    expect(error).toBeNull();
    const { data } = await admin().getUserById(user.id);
    expect(data.user!.deleted_at).toEqual(expect.any(String));
    expect(data.user!.email).not.toBe(user.email);
    expect(await countRows('sessions', user.id)).toBe(0);
    const { error: signInError } = await stack
      .client()
      .auth.signInWithPassword({ email: user.email!, password: 'secret123' });
    expect(signInError?.code).toBe('invalid_credentials');
  });

  test('deleting an unknown user is 404', async () => {
    const { error } = await admin().deleteUser('00000000-0000-4000-8000-000000000000');
    expect(error).toMatchObject({ status: 404, code: 'user_not_found' });
  });
});

describe('only the service role', () => {
  test('the anon key is 403 not_admin', async () => {
    const { data, error } = await stack.client().auth.admin.listUsers();
    expect(data.users).toEqual([]);
    expect(error).toMatchObject({ status: 403, code: 'not_admin', message: 'User not allowed' });
  });

  test('a signed-in user’s JWT is 403 not_admin', async () => {
    const user = await createConfirmed('sneaky');
    const { data } = await stack.client().auth.signInWithPassword({ email: user.email!, password: 'secret123' });
    const response = await fetch(`${stack.apiUrl}/auth/v1/admin/users/${user.id}`, {
      method: 'DELETE',
      headers: {
        apikey: stack.anonKey,
        authorization: `Bearer ${data.session!.access_token}`,
        'x-supabase-api-version': '2024-01-01',
      },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ code: 'not_admin', message: 'User not allowed' });
    expect((await admin().getUserById(user.id)).data.user).not.toBeNull();
  });

  test('no bearer token at all is 401 no_authorization', async () => {
    const response = await fetch(`${stack.apiUrl}/auth/v1/admin/users`, {
      headers: { apikey: stack.anonKey, 'x-supabase-api-version': '2024-01-01' },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      code: 'no_authorization',
      message: 'This endpoint requires a Bearer token',
    });
  });
});
