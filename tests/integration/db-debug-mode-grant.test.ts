/**
 * Debug mode as a per-user grant (issue 20): profiles.debug_mode_allowed, false by default, read
 * by the user themself and by nobody else; no user can grant it to themselves (insert, update,
 * upsert); set_debug_mode_allowed sets it for admins and the service role only, and the admin
 * user search shows it. Runs on PGlite and on PostgreSQL 15.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from './support/stack.ts';
import { personas, sql, type Personas } from './support/personas.ts';

let stack: TestStack;
let p: Personas;
const DENIED = { code: '42501' };

beforeAll(async () => {
  stack = await startTestStack();
  p = await personas(stack, 'dbg-');
});
afterAll(() => stack?.stop());

const grantOf = async (authId: string) =>
  (
    await sql<{ on: boolean }>(stack, 'select debug_mode_allowed as on from public.profiles where auth_id = $1', [
      authId,
    ])
  )[0]?.on;

describe('profiles.debug_mode_allowed', () => {
  it('is false for a new user, who reads their own', async () => {
    const { data, error } = await p.owner.client
      .from('profiles')
      .select('debug_mode_allowed')
      .eq('auth_id', p.owner.id);
    expect(error).toBeNull();
    expect(data).toEqual([{ debug_mode_allowed: false }]);
  });

  it("is not readable on another user's profile", async () => {
    await sql(stack, 'update public.profiles set debug_mode_allowed = true where auth_id = $1', [p.other.id]);
    for (const c of [p.owner.client, p.member.client, p.admin.client]) {
      const { data } = await c.from('profiles').select('debug_mode_allowed').eq('auth_id', p.other.id);
      expect(data).toEqual([]);
    }
    expect((await p.anon.from('profiles').select('debug_mode_allowed')).error).toMatchObject(DENIED);
    await sql(stack, 'update public.profiles set debug_mode_allowed = false where auth_id = $1', [p.other.id]);
  });

  it('a user cannot grant it to themselves: update, upsert and insert are refused', async () => {
    const update = await p.owner.client
      .from('profiles')
      .update({ debug_mode_allowed: true })
      .eq('auth_id', p.owner.id)
      .select();
    expect(update.error).toMatchObject(DENIED);
    const upsert = await p.owner.client
      .from('profiles')
      .upsert({ id: p.owner.profileId, auth_id: p.owner.id, debug_mode_allowed: true });
    expect(upsert.error).toMatchObject(DENIED);
    expect(await grantOf(p.owner.id)).toBe(false);
    // an allowed column in the same update still works: the refusal is the grant's, not the row's
    const names = await p.owner.client
      .from('profiles')
      .update({ first_name: 'Dee' })
      .eq('auth_id', p.owner.id)
      .select();
    expect(names.error).toBeNull();
    expect(names.data).toHaveLength(1);
  });

  it('a new profile cannot be inserted with the grant', async () => {
    await sql(stack, 'delete from public.profiles where auth_id = $1', [p.member.id]);
    const insert = await p.member.client
      .from('profiles')
      .insert({ auth_id: p.member.id, profile_state: 'empty_profile', debug_mode_allowed: true });
    expect(insert.error).toMatchObject(DENIED);
    expect(await grantOf(p.member.id)).toBeUndefined();
  });
});

describe('set_debug_mode_allowed', () => {
  it('an admin grants and withdraws it; the user reads it; the search shows it', async () => {
    const granted = await p.admin.client.rpc('set_debug_mode_allowed', { target_user_id: p.owner.id, allowed: true });
    expect(granted).toMatchObject({ data: true, error: null });
    const mine = await p.owner.client.from('profiles').select('debug_mode_allowed').eq('auth_id', p.owner.id).single();
    expect(mine.data).toEqual({ debug_mode_allowed: true });
    const found = await p.admin.client.rpc('search_users_by_email', { search_term: 'dbg-owner' });
    expect(found.data).toMatchObject([{ email: 'dbg-owner@example.com', debug_mode_allowed: true }]);
    const others = await p.admin.client.rpc('search_users_by_email', { search_term: 'dbg-admin' });
    expect(others.data).toMatchObject([{ debug_mode_allowed: false }]);
    const withdrawn = await p.admin.client.rpc('set_debug_mode_allowed', {
      target_user_id: p.owner.id,
      allowed: false,
    });
    expect(withdrawn).toMatchObject({ data: false, error: null });
    expect(await grantOf(p.owner.id)).toBe(false);
  });

  it('the service role may set it too', async () => {
    const { data, error } = await stack
      .serviceClient()
      .rpc('set_debug_mode_allowed', { target_user_id: p.other.id, allowed: true });
    expect(error).toBeNull();
    expect(data).toBe(true);
    expect(await grantOf(p.other.id)).toBe(true);
  });

  it('is refused to non-admins (even for themselves) and anon, changing nothing', async () => {
    for (const c of [p.owner.client, p.other.client, p.anon]) {
      for (const target of [p.owner.id, p.other.id]) {
        const { error } = await c.rpc('set_debug_mode_allowed', { target_user_id: target, allowed: true });
        expect(error).toMatchObject(DENIED);
      }
    }
    expect(await grantOf(p.owner.id)).toBe(false);
  });

  it('refuses an unknown user and missing arguments', async () => {
    const unknown = await p.admin.client.rpc('set_debug_mode_allowed', {
      target_user_id: '00000000-0000-4000-8000-000000000000',
      allowed: true,
    });
    expect(unknown.error).toMatchObject({ code: 'P0002', message: 'User not found' });
    const missing = await p.admin.client.rpc('set_debug_mode_allowed', { target_user_id: p.owner.id, allowed: null });
    expect(missing.error).toMatchObject({ code: '22023' });
  });
});
