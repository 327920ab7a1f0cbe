/**
 * Privileges at their edges: who may list avatar rows, what a JWT without a role may do with
 * the admin guard, and whether a function created later starts callable by anon.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asRole } from '../../supabase/local/gateway/request-role.ts';
import { signJwt } from '../../supabase/local/jwt.ts';
import { startTestStack, type TestStack } from './support/stack.ts';
import { imageFile, pngBytes } from './support/storage.ts';
import { clientWithToken, createTestUser, type TestUser } from './support/users.ts';

let stack: TestStack;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  stack = await startTestStack();
  alice = await createTestUser(stack, 'edge-alice@example.com');
  bob = await createTestUser(stack, 'edge-bob@example.com');
  for (const user of [alice, bob]) {
    const { error } = await user.client.storage
      .from('avatars')
      .upload(`public/${user.id}.png`, imageFile(pngBytes(20)), { upsert: true });
    expect(error).toBeNull();
  }
});
afterAll(() => stack?.stop());

describe('listing the avatars bucket', () => {
  it('anon sees no rows, so no user ids', async () => {
    const { data, error } = await stack.client().storage.from('avatars').list('public', { limit: 100 });
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });

  it('a user sees only their own avatar, as the profile screen lists it', async () => {
    const all = await bob.client.storage.from('avatars').list('public', { limit: 100 });
    expect(all.data?.map((o) => o.name)).toEqual([`${bob.id}.png`]);
    const search = await bob.client.storage.from('avatars').list('public', { limit: 100, search: alice.id });
    expect(search.data).toEqual([]);
  });

  it('public avatar URLs still serve every avatar without a key', async () => {
    const { data } = stack.client().storage.from('avatars').getPublicUrl(`public/${alice.id}.png`);
    const response = await fetch(data.publicUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
  });
});

describe('the admin guard', () => {
  it('refuses a signed JWT that names no role, even where the function is executable', async () => {
    const call = asRole(
      stack.db,
      { claims: { sub: bob.id }, role: 'authenticated' },
      { method: 'POST', path: '/rpc/search_users_by_email', headers: {} },
      (tx) => tx.query('select * from public.search_users_by_email($1)', ['edge']),
    );
    await expect(call).rejects.toMatchObject({ code: '42501', message: 'Admins only' });
  });

  it('refuses such a JWT through the API too', async () => {
    const token = signJwt({ sub: bob.id, exp: Math.floor(Date.now() / 1000) + 60 }, stack.jwtSecret);
    const { error } = await clientWithToken(stack, token).rpc('search_users_by_email', { search_term: 'edge' });
    expect(error?.code).toBe('42501');
  });
});

it('a function created later is not executable by anon (no EXECUTE through PUBLIC)', async () => {
  await stack.db.exec('create function public.later_added() returns int language sql as $$ select 1 $$;');
  const { rows } = await stack.db.transaction((tx) =>
    tx.query<Record<string, boolean>>(
      `select has_function_privilege('anon', 'public.later_added()', 'execute') as anon,
              has_function_privilege('authenticated', 'public.later_added()', 'execute') as authenticated`,
    ),
  );
  expect(rows[0]).toEqual({ anon: false, authenticated: true });
});
