/**
 * The admin surface through supabase-js: stripe_sync_logs and quota_reset_logs (admins read,
 * nobody writes), reset_monthly_quotas and get_quota_reset_logs, search_users_by_email,
 * delete_user_complete (everything of the user goes, avatar row included; shared workspaces
 * stay) and get_database_info — each refused to non-admins and anon, with bad input refused
 * cleanly. Runs on PGlite and on PostgreSQL 15.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from './support/stack.ts';
import { notionKey, personas, setUpUser, sql, type Personas } from './support/personas.ts';
import { imageFile, pngBytes } from './support/storage.ts';

let stack: TestStack;
let p: Personas;
const DENIED = { code: '42501' };
const ADMINS_ONLY = { code: '42501', message: 'Admins only' };

beforeAll(async () => {
  stack = await startTestStack();
  p = await personas(stack, 'adm-');
  await sql(
    stack,
    `insert into public.stripe_sync_logs (successful_teams, total_teams, execution_time_ms, details)
                    values (2, 3, 120, '{"status": "partial", "run_type": "manual", "run_by": "admin_user"}')`,
  );
});
afterAll(() => stack?.stop());

const nonAdmins = () => [p.owner.client, p.member.client, p.other.client];

describe('logs', () => {
  it('stripe_sync_logs: admins read them; other users see none; anon refused; nobody writes through the API', async () => {
    const { data } = await p.admin.client
      .from('stripe_sync_logs')
      .select('successful_teams, total_teams, details')
      .order('run_date', { ascending: false });
    expect(data).toEqual([
      { successful_teams: 2, total_teams: 3, details: { status: 'partial', run_type: 'manual', run_by: 'admin_user' } },
    ]);
    for (const c of nonAdmins()) expect((await c.from('stripe_sync_logs').select()).data).toEqual([]);
    expect((await p.anon.from('stripe_sync_logs').select()).error).toMatchObject(DENIED);
    expect((await p.admin.client.from('stripe_sync_logs').insert({ total_teams: 1 })).error).toMatchObject(DENIED);
    expect((await p.admin.client.from('stripe_sync_logs').delete().gte('id', 0)).error).toMatchObject(DENIED);
  });

  it('reset_monthly_quotas moves ended quota months forward and records the run; admins read the log', async () => {
    await sql(stack, "update public.teams set next_quota_reset = now() - interval '1 day' where id in ($1, $2)", [
      p.owner.teamId,
      p.other.teamId,
    ]);
    const run = await p.admin.client.rpc('reset_monthly_quotas', { p_run_type: 'manual' });
    expect(run.data).toMatchObject({ status: 'success', teams_affected: 2, run_type: 'manual', error: null });
    expect(await sql(stack, 'select count(*)::int as n from public.teams where next_quota_reset <= now()')).toEqual([
      { n: 0 },
    ]);
    const again = await stack.serviceClient().rpc('reset_monthly_quotas');
    expect(again.data).toMatchObject({ status: 'success', teams_affected: 0, run_type: 'scheduled' });
    const logs = await p.admin.client.rpc('get_quota_reset_logs');
    expect(logs.data.map((l: { teams_affected: number }) => l.teams_affected)).toEqual([0, 2]);
    expect((await p.admin.client.from('quota_reset_logs').select('id')).data).toHaveLength(2);
    for (const c of nonAdmins()) expect((await c.from('quota_reset_logs').select()).data).toEqual([]);
  });

  it('non-admins, anon and bad run types are refused without a log row', async () => {
    const before = await sql(stack, 'select * from public.quota_reset_logs');
    for (const c of [...nonAdmins(), p.anon]) {
      expect((await c.rpc('reset_monthly_quotas', { p_run_type: 'manual' })).error).toMatchObject(DENIED);
      expect((await c.rpc('get_quota_reset_logs')).error).toMatchObject(DENIED);
    }
    for (const p_run_type of [null, 'hourly']) {
      const { error } = await p.admin.client.rpc('reset_monthly_quotas', { p_run_type });
      expect(error).toMatchObject({ code: '22023', message: `Unknown run type: ${p_run_type ?? ''}` });
    }
    expect(await sql(stack, 'select * from public.quota_reset_logs')).toEqual(before);
  });
});

describe('search_users_by_email', () => {
  it('finds users by part of their e-mail, with profile, team and usage', async () => {
    await p.owner.client.rpc('check_and_increment_notion_quota', { user_auth_id: p.owner.id });
    await p.owner.client.storage.from('avatars').upload(`public/${p.owner.id}.png`, imageFile(pngBytes(32)));
    const { data, error } = await p.admin.client.rpc('search_users_by_email', { search_term: 'ADM-OWNER' });
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        user_id: p.owner.id,
        email: 'adm-owner@example.com',
        first_name: null,
        last_name: null,
        company: null,
        avatar_url: `public/${p.owner.id}.png`,
        user_role: 'member',
        profile_state: 'setup_complete',
        team_name: "adm-owner's team",
        plan_name: 'free',
        billing_cycle: 'monthly',
        subscription_status: 'active',
        api_calls_used: 0,
        api_quota: 10,
        notion_pages_used: 1,
        notion_pages_quota: 50,
        debug_mode_allowed: false,
      },
    ]);
    expect((await p.admin.client.rpc('search_users_by_email', { search_term: 'adm-' })).data).toHaveLength(4);
    expect((await p.admin.client.rpc('search_users_by_email', { search_term: '%' })).data).toEqual([]);
  });

  it('refuses a blank term, non-admins and anon', async () => {
    for (const search_term of [null, '   ']) {
      const { error } = await p.admin.client.rpc('search_users_by_email', { search_term });
      expect(error).toMatchObject({ code: '22023', message: 'Please enter a search term' });
    }
    for (const c of [...nonAdmins(), p.anon]) {
      expect((await c.rpc('search_users_by_email', { search_term: 'adm' })).error).toMatchObject(DENIED);
    }
  });
});

describe('delete_user_complete', () => {
  it('removes the user and everything of theirs, avatar row included; a workspace shared with others stays', async () => {
    const victim = await setUpUser(stack, 'victim@example.com');
    const mk = (key: string) =>
      victim.client.rpc('create_workspace_with_association', {
        notion_key: key,
        notion_workspace_id: null,
        workspace_name: key.slice(0, 6),
        notion_key_name: null,
        auth_user_id: victim.id,
      });
    const solo = (await mk(notionKey('v'))).data.new_workspace.id;
    const shared = (await mk(notionKey('w'))).data.new_workspace.id;
    await p.other.client.rpc('create_workspace_with_association', {
      notion_key: notionKey('w'),
      notion_workspace_id: null,
      workspace_name: 'w',
      notion_key_name: null,
      auth_user_id: p.other.id,
    });
    await victim.client.from('settings').insert({
      user_id: victim.profileId,
      name: 'Mine',
      workspace_id: shared,
      notion_db_id: 'c'.repeat(32),
      profile_url: 'u',
      full_name: 't',
    });
    await victim.client.storage
      .from('avatars')
      .upload(`public/${victim.id}.jpg`, imageFile(pngBytes(16), 'image/jpeg'));
    await sql(stack, "insert into public.api_usage (auth_user_id, endpoint, successful) values ($1, 'x', true)", [
      victim.id,
    ]);

    const refused = await p.owner.client.rpc('delete_user_complete', { target_email: 'victim@example.com' });
    expect(refused.error).toMatchObject(ADMINS_ONLY);
    const { data, error } = await p.admin.client.rpc('delete_user_complete', { target_email: 'VICTIM@example.com' });
    expect(error).toBeNull();
    expect(data).toEqual({ success: true, message: 'User deleted successfully' });

    const [left] = await sql(
      stack,
      `select
      (select count(*)::int from auth.users where id = $1) + (select count(*)::int from public.profiles where auth_id = $1)
      + (select count(*)::int from public.teams where id = $2) + (select count(*)::int from public.settings where user_id = $3)
      + (select count(*)::int from public.api_usage where auth_user_id = $1) + (select count(*)::int from public.workspaces where id = $4)
      + (select count(*)::int from storage.objects where name like 'public/' || $1 || '.%') as remaining,
      (select count(*)::int from public.workspace_users where workspace_id = $5) as shared_links`,
      [victim.id, victim.teamId, victim.profileId, solo, shared],
    );
    expect(left).toEqual({ remaining: 0, shared_links: 1 });
  });

  it('answers per user: unknown e-mail and one’s own account are not deleted; bad input and non-admins are refused', async () => {
    const users = () => sql(stack, 'select id from auth.users order by id');
    const before = await users();
    expect((await p.admin.client.rpc('delete_user_complete', { target_email: 'ghost@example.com' })).data).toEqual({
      success: false,
      message: 'User not found',
    });
    expect((await p.admin.client.rpc('delete_user_complete', { target_email: p.admin.email })).data).toEqual({
      success: false,
      message: 'You cannot delete your own account',
    });
    expect((await p.admin.client.rpc('delete_user_complete', { target_email: null })).error).toMatchObject({
      code: '22023',
    });
    expect((await p.admin.client.rpc('delete_user_complete', { email: p.owner.email })).error).toMatchObject({
      code: 'PGRST202',
    });
    for (const c of [...nonAdmins(), p.anon]) {
      expect((await c.rpc('delete_user_complete', { target_email: p.other.email })).error).toMatchObject(DENIED);
    }
    expect(await users()).toEqual(before);
  });
});

describe('get_database_info', () => {
  it('tells admins the branch and whether it is production; refuses everyone else', async () => {
    expect((await p.admin.client.rpc('get_database_info')).data).toEqual({
      branch_name: 'local',
      is_production: false,
    });
    for (const c of [...nonAdmins(), p.anon]) expect((await c.rpc('get_database_info')).error).toMatchObject(DENIED);
  });
});
