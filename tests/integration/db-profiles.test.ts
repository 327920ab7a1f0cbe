/**
 * profiles, teams, team_members and billing_config through the real supabase-js: who may read
 * and write what (anon, another user, the owner, a team member, an admin), and the column and
 * state rules that keep a profile honest. Runs on PGlite and on PostgreSQL 15.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from './support/stack.ts';
import { personas, sql, type Personas } from './support/personas.ts';

let stack: TestStack;
let p: Personas;
const DENIED = { code: '42501' };

beforeAll(async () => {
  stack = await startTestStack();
  p = await personas(stack);
});
afterAll(() => stack?.stop());

describe('profiles', () => {
  it('a profile exists for every auth user as soon as the user is created', async () => {
    const rows = await sql(
      stack,
      'select count(*)::int as n from auth.users u join public.profiles p on p.auth_id = u.id',
    );
    const [{ n }] = await sql<{ n: number }>(stack, 'select count(*)::int as n from auth.users');
    expect(rows[0].n).toBe(n);
  });

  it('select: each signed-in user sees only their own profile; anon is refused', async () => {
    for (const who of [p.owner, p.member, p.other, p.admin]) {
      const { data, error } = await who.client.from('profiles').select('id, auth_id, role, profile_state');
      expect(error).toBeNull();
      expect(data).toEqual([
        {
          id: who.profileId,
          auth_id: who.id,
          role: who === p.admin ? 'admin' : 'other',
          profile_state: 'setup_complete',
        },
      ]);
    }
    const anon = await p.anon.from('profiles').select();
    expect(anon.error).toMatchObject(DENIED);
    expect(anon.status).toBe(401);
  });

  it('insert: only for oneself, only as empty_profile, never a second one', async () => {
    const before = await sql(stack, 'select * from public.profiles order by id');
    const forOther = await p.other.client.from('profiles').insert({ auth_id: p.owner.id });
    expect(forOther.error).toMatchObject(DENIED); // RLS answers first: no hint that a profile exists
    const bad = await p.other.client.from('profiles').insert({ auth_id: crypto.randomUUID() });
    expect(bad.error).toMatchObject(DENIED);
    const twice = await p.owner.client.from('profiles').insert({ auth_id: p.owner.id, profile_state: 'empty_profile' });
    expect(twice.error).toMatchObject({ code: '23505' });
    const role = await p.owner.client.from('profiles').insert({ auth_id: p.owner.id, role: 'admin' });
    expect(role.error).toMatchObject(DENIED);
    expect(await sql(stack, 'select * from public.profiles order by id')).toEqual(before);
  });

  it('update: the owner edits names; nobody else touches the row', async () => {
    const own = await p.owner.client
      .from('profiles')
      .update({ first_name: 'Ada', company: 'Acme' })
      .eq('id', p.owner.profileId)
      .select('first_name, company');
    expect(own).toMatchObject({ error: null, data: [{ first_name: 'Ada', company: 'Acme' }] });
    for (const who of [p.member, p.other, p.admin]) {
      const { data, error } = await who.client
        .from('profiles')
        .update({ first_name: 'Hacked' })
        .eq('id', p.owner.profileId)
        .select();
      expect(error).toBeNull();
      expect(data).toEqual([]);
    }
    expect((await p.anon.from('profiles').update({ first_name: 'x' }).eq('id', p.owner.profileId)).error).toMatchObject(
      DENIED,
    );
    expect(await sql(stack, 'select first_name from public.profiles where id = $1', [p.owner.profileId])).toEqual([
      { first_name: 'Ada' },
    ]);
  });

  it('update: role and auth_id are not writable through the API, and setup states cannot be skipped', async () => {
    const role = await p.other.client.from('profiles').update({ role: 'admin' }).eq('id', p.other.profileId);
    expect(role.error).toMatchObject(DENIED);
    const moveId = await p.other.client.from('profiles').update({ auth_id: p.owner.id }).eq('id', p.other.profileId);
    expect(moveId.error).toMatchObject(DENIED);
    await sql(stack, "update public.profiles set profile_state = 'team_created' where id = $1", [p.other.profileId]);
    const skip = await p.other.client
      .from('profiles')
      .update({ profile_state: 'setup_complete' })
      .eq('id', p.other.profileId);
    expect(skip.error).toMatchObject({
      code: '42501',
      message: 'profile_state cannot be set to setup_complete by the user',
    });
    const report = await p.other.client.from('profiles').update({ profile_state: 'error' }).eq('id', p.other.profileId);
    expect(report.error).toBeNull();
    await sql(stack, "update public.profiles set profile_state = 'team_activated' where id = $1", [p.other.profileId]);
    const done = await p.other.client
      .from('profiles')
      .update({ profile_state: 'setup_complete' })
      .eq('id', p.other.profileId);
    expect(done.error).toBeNull();
  });

  it('update: the active team must be a team the user belongs to', async () => {
    const foreign = await p.other.client
      .from('profiles')
      .update({ active_team_id: p.owner.teamId })
      .eq('id', p.other.profileId);
    expect(foreign.error).toMatchObject({ code: '42501', message: 'You are not a member of this team' });
    const joined = await p.member.client
      .from('profiles')
      .update({ active_team_id: p.owner.teamId })
      .eq('id', p.member.profileId)
      .select('active_team_id');
    expect(joined).toMatchObject({ error: null, data: [{ active_team_id: p.owner.teamId }] });
  });

  it('delete: nobody deletes a profile through the API (delete_user_complete does)', async () => {
    for (const who of [p.owner, p.admin]) {
      const { error } = await who.client.from('profiles').delete().eq('id', p.owner.profileId);
      expect(error).toMatchObject(DENIED);
    }
    expect(
      await sql(stack, 'select count(*)::int as n from public.profiles where id = $1', [p.owner.profileId]),
    ).toEqual([{ n: 1 }]);
  });
});

describe('teams and team_members', () => {
  it('select: the owner and the member read the team; another user and the admin do not; anon is refused', async () => {
    for (const who of [p.owner, p.member]) {
      const { data } = await who.client
        .from('teams')
        .select('id, owner_id, subscription_status, plan_name')
        .eq('id', p.owner.teamId);
      expect(data).toEqual([
        { id: p.owner.teamId, owner_id: p.owner.profileId, subscription_status: 'active', plan_name: 'free' },
      ]);
      const members = await who.client.from('team_members').select('profile_id').eq('team_id', p.owner.teamId);
      expect(members.data!.map((m) => m.profile_id).sort()).toEqual([p.owner.profileId, p.member.profileId].sort());
    }
    for (const who of [p.other, p.admin]) {
      expect((await who.client.from('teams').select().eq('id', p.owner.teamId)).data).toEqual([]);
      expect((await who.client.from('team_members').select().eq('team_id', p.owner.teamId)).data).toEqual([]);
    }
    expect((await p.anon.from('teams').select()).error).toMatchObject(DENIED);
    expect((await p.anon.from('team_members').select()).error).toMatchObject(DENIED);
  });

  it('insert, update, delete: refused to every API user (setup and billing write teams)', async () => {
    const before = await sql(stack, 'select * from public.teams order by id');
    for (const who of [p.owner, p.member, p.admin]) {
      const c = who.client;
      expect((await c.from('teams').insert({ name: 'x', owner_id: who.profileId })).error).toMatchObject(DENIED);
      expect((await c.from('teams').update({ api_quota: 9999 }).eq('id', p.owner.teamId)).error).toMatchObject(DENIED);
      expect((await c.from('teams').delete().eq('id', p.owner.teamId)).error).toMatchObject(DENIED);
      const join = await c.from('team_members').insert({ team_id: p.other.teamId, profile_id: who.profileId });
      expect(join.error).toMatchObject(DENIED);
      expect((await c.from('team_members').delete().eq('team_id', p.owner.teamId)).error).toMatchObject(DENIED);
    }
    expect(await sql(stack, 'select * from public.teams order by id')).toEqual(before);
  });

  it('one personal team per owner is a constraint, not a convention', async () => {
    const second = sql(stack, 'insert into public.teams (name, owner_id) values ($1, $2)', [
      'again',
      p.owner.profileId,
    ]);
    await expect(second).rejects.toMatchObject({ code: '23505' });
  });
});

describe('billing_config', () => {
  it('is invisible to every API user, and there is exactly one row', async () => {
    for (const c of [p.anon, p.owner.client, p.admin.client]) {
      expect((await c.from('billing_config').select()).error).toMatchObject(DENIED);
      expect((await c.from('billing_config').update({ stripe_enabled: true }).eq('id', true)).error).toMatchObject(
        DENIED,
      );
    }
    expect((await stack.serviceClient().from('billing_config').select('stripe_enabled')).data).toEqual([
      { stripe_enabled: false },
    ]);
    await expect(sql(stack, 'insert into public.billing_config (id) values (false)')).rejects.toMatchObject({
      code: '23514',
    });
  });
});
