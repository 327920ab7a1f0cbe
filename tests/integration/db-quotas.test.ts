/**
 * Quotas through supabase-js: get_user_active_team, get_linkedin_quota_for_user,
 * get_notion_quota_for_user, the two check-and-increment counters (sequentially up to the
 * quota, then refused without a write), the quota month rolling over, who may read api_usage
 * and monthly_usage, and bad input to every quota RPC. Runs on PGlite and on PostgreSQL 15;
 * the same counters under 200 parallel calls are in quotas-concurrency.postgres.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from './support/stack.ts';
import { personas, sql, type Personas } from './support/personas.ts';

let stack: TestStack;
let p: Personas;
const DENIED = { code: '42501' };

beforeAll(async () => {
  stack = await startTestStack();
  p = await personas(stack, 'quota-');
  await sql(
    stack,
    "insert into public.api_usage (auth_user_id, team_id, endpoint, successful) values ($1, $2, 'get-profile-data-by-url', true)",
    [p.owner.id, p.owner.teamId],
  );
});
afterAll(() => stack?.stop());

const usage = () => sql(stack, 'select * from public.monthly_usage order by team_id, period_start');

describe('get_user_active_team', () => {
  it('answers a list whose first item is the active team; the member gets the team they activated', async () => {
    const own = await p.owner.client.rpc('get_user_active_team');
    expect(own.error).toBeNull();
    expect(own.data).toEqual([
      expect.objectContaining({ id: p.owner.teamId, plan_name: 'free', notion_pages_quota: 50 }),
    ]);
    expect((await p.member.client.rpc('get_user_active_team')).data[0].id).toBe(p.member.teamId);
    await p.member.client.from('profiles').update({ active_team_id: p.owner.teamId }).eq('id', p.member.profileId);
    expect((await p.member.client.rpc('get_user_active_team')).data[0].id).toBe(p.owner.teamId);
  });

  it('falls back to the personal team once the user leaves the active team; anon gets no call', async () => {
    await sql(stack, 'delete from public.team_members where team_id = $1 and profile_id = $2', [
      p.owner.teamId,
      p.member.profileId,
    ]);
    expect((await p.member.client.rpc('get_user_active_team')).data[0].id).toBe(p.member.teamId);
    await sql(stack, 'insert into public.team_members (team_id, profile_id) values ($1, $2)', [
      p.owner.teamId,
      p.member.profileId,
    ]);
    expect((await p.anon.rpc('get_user_active_team')).error).toMatchObject(DENIED);
  });
});

describe('check-and-increment counters', () => {
  for (const kind of ['notion', 'linkedin'] as const) {
    const rpc = `check_and_increment_${kind}_quota`;
    const column = kind === 'notion' ? 'notion_pages_quota' : 'api_quota';
    it(`${rpc}: allows exactly the quota, then refuses without writing`, async () => {
      await sql(stack, `update public.teams set ${column} = 3 where id = $1`, [p.other.teamId]);
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push((await p.other.client.rpc(rpc, { user_auth_id: p.other.id })).data);
      expect(answers).toEqual([
        { allowed: true, quota: 3, used: 1 },
        { allowed: true, quota: 3, used: 2 },
        { allowed: true, quota: 3, used: 3 },
        { allowed: false, quota: 3, used: 3 },
        { allowed: false, quota: 3, used: 3 },
      ]);
      const read = kind === 'notion' ? 'get_notion_quota_for_user' : 'get_linkedin_quota_for_user';
      const { data } = await p.other.client.rpc(read, { auth_user_id: p.other.id });
      expect(data).toMatchObject(
        kind === 'notion'
          ? { notion_pages_used: 3, notion_pages_quota: 3, team_id: p.other.teamId }
          : { api_calls_used: 3, api_quota: 3, team_id: p.other.teamId },
      );
    });
  }

  it('a team member counts against the team they activated, shared with the owner', async () => {
    await p.member.client.from('profiles').update({ active_team_id: p.owner.teamId }).eq('id', p.member.profileId);
    await p.owner.client.rpc('check_and_increment_notion_quota', { user_auth_id: p.owner.id });
    const { data } = await p.member.client.rpc('check_and_increment_notion_quota', { user_auth_id: p.member.id });
    expect(data).toEqual({ allowed: true, quota: 50, used: 2 });
  });

  it('a quota of 0 refuses the first use', async () => {
    await sql(stack, 'update public.teams set api_quota = 0 where id = $1', [p.admin.teamId]);
    const { data } = await p.admin.client.rpc('check_and_increment_linkedin_quota', { user_auth_id: p.admin.id });
    expect(data).toEqual({ allowed: false, quota: 0, used: 0 });
  });

  it('a quota month that has ended starts again from zero, and the renewal date moves forward', async () => {
    await sql(
      stack,
      "update public.teams set notion_pages_quota = 3, next_quota_reset = now() - interval '40 days' where id = $1",
      [p.other.teamId],
    );
    const read = await p.other.client.rpc('get_notion_quota_for_user', { auth_user_id: p.other.id });
    expect(read.data).toMatchObject({ notion_pages_used: 0 });
    expect(new Date(read.data.next_quota_reset).getTime()).toBeGreaterThan(Date.now());
    const { data } = await p.other.client.rpc('check_and_increment_notion_quota', { user_auth_id: p.other.id });
    expect(data).toEqual({ allowed: true, quota: 3, used: 1 });
    const [team] = await sql<{ ahead: boolean }>(
      stack,
      'select next_quota_reset > now() as ahead from public.teams where id = $1',
      [p.other.teamId],
    );
    expect(team.ahead).toBe(true);
  });
});

describe('bad input to the quota RPCs', () => {
  const rpcs: Array<[string, string]> = [
    ['check_and_increment_notion_quota', 'user_auth_id'],
    ['check_and_increment_linkedin_quota', 'user_auth_id'],
    ['get_notion_quota_for_user', 'auth_user_id'],
    ['get_linkedin_quota_for_user', 'auth_user_id'],
  ];
  for (const [rpc, arg] of rpcs) {
    it(`${rpc}: null, non-uuid, another user, anon, unknown user, wrong argument — refused, nothing counted`, async () => {
      const before = await usage();
      const expectError = async (client: typeof p.anon, args: Record<string, unknown>, expected: object) =>
        expect((await client.rpc(rpc, args)).error).toMatchObject(expected);
      await expectError(p.owner.client, { [arg]: null }, { code: '22004', message: `${arg} is required` });
      await expectError(p.owner.client, { [arg]: 42 }, { code: '22P02' });
      await expectError(
        p.owner.client,
        { [arg]: p.other.id },
        { code: '42501', message: 'You can only read or use your own quota' },
      );
      await expectError(p.member.client, { [arg]: p.owner.id }, DENIED);
      await expectError(p.admin.client, { [arg]: p.owner.id }, DENIED);
      await expectError(p.anon, { [arg]: p.owner.id }, DENIED);
      await expectError(
        stack.serviceClient(),
        { [arg]: crypto.randomUUID() },
        { code: 'P0002', message: 'Team not found' },
      );
      await expectError(p.owner.client, { user_id: p.owner.id }, { code: 'PGRST202' });
      expect(await usage()).toEqual(before);
    });
  }
});

describe('api_usage and monthly_usage', () => {
  it('the owner reads their api_usage rows; nobody else does; nobody writes them through the API', async () => {
    const own = await p.owner.client
      .from('api_usage')
      .select('endpoint, successful')
      .order('created_at', { ascending: false })
      .limit(10);
    expect(own.data).toEqual([{ endpoint: 'get-profile-data-by-url', successful: true }]);
    for (const who of [p.member, p.other, p.admin])
      expect((await who.client.from('api_usage').select()).data).toEqual([]);
    expect((await p.anon.from('api_usage').select()).error).toMatchObject(DENIED);
    const forged = await p.owner.client
      .from('api_usage')
      .insert({ auth_user_id: p.owner.id, endpoint: 'x', successful: true });
    expect(forged.error).toMatchObject(DENIED);
    expect((await p.owner.client.from('api_usage').delete().eq('auth_user_id', p.owner.id)).error).toMatchObject(
      DENIED,
    );
  });

  it('team members read their team’s counters; others do not; nobody writes them through the API', async () => {
    for (const who of [p.owner, p.member]) {
      const { data } = await who.client.from('monthly_usage').select('team_id').eq('team_id', p.owner.teamId);
      expect(data!.length).toBeGreaterThan(0);
    }
    for (const who of [p.other, p.admin]) {
      expect((await who.client.from('monthly_usage').select().eq('team_id', p.owner.teamId)).data).toEqual([]);
    }
    expect((await p.anon.from('monthly_usage').select()).error).toMatchObject(DENIED);
    const reset = await p.owner.client
      .from('monthly_usage')
      .update({ notion_page_views: 0 })
      .eq('team_id', p.owner.teamId);
    expect(reset.error).toMatchObject(DENIED);
  });
});
