/**
 * The permission matrix of the whole public schema, through the real supabase-js: for every
 * table, each of anon, another user, the owner, a member of the owner's team and an admin tries
 * select, insert, update and delete on the owner's rows; for every RPC each calls it on the
 * owner's behalf (an RPC none of them may call is the service role's, which is checked too).
 * Each cell is what the policies intend. The matrix must name every table and
 * function of the schema, so a new one cannot ship without its row here.
 * Cells: rows = sees/changes the owner's row · none = 0 rows · ok = succeeds · denied = 42501 ·
 * a SQLSTATE = that error. Runs on PGlite and on PostgreSQL 15.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from './support/stack.ts';
import { notionKey, personas, sql, type Personas } from './support/personas.ts';

type Who = 'anon' | 'other' | 'owner' | 'member' | 'admin';
const WHO: Who[] = ['anon', 'other', 'owner', 'member', 'admin'];
type Row = [string, string, string, string, string]; // one cell per WHO, in order

let stack: TestStack;
let p: Personas;
let ws: string;
let settingId: string;

beforeAll(async () => {
  stack = await startTestStack();
  p = await personas(stack, 'matrix-');
  const created = await p.owner.client.rpc('create_workspace_with_association', {
    notion_key: notionKey('m'), notion_workspace_id: null, workspace_name: 'Matrix', notion_key_name: null, auth_user_id: p.owner.id,
  }); // prettier-ignore
  ws = created.data.new_workspace.id;
  const setting = await p.owner.client
    .from('settings')
    .insert({
      user_id: p.owner.profileId,
      name: 'Matrix',
      workspace_id: ws,
      notion_db_id: 'a'.repeat(32),
      profile_url: 'u',
      full_name: 't',
    })
    .select('id')
    .single();
  settingId = setting.data!.id;
  // a second setting, on database 'bbbb…', that the settings row below does not delete: claim_profile_add's
  await p.owner.client.from('settings').insert({
    user_id: p.owner.profileId,
    name: 'Matrix claims',
    workspace_id: ws,
    notion_db_id: 'b'.repeat(32),
    profile_url: 'u',
    full_name: 't',
  });
  await p.owner.client.from('errors').insert({ workspace_id: ws, message: 'boom' });
  await p.owner.client.rpc('check_and_increment_notion_quota', { user_auth_id: p.owner.id });
  await sql(stack, "insert into public.api_usage (auth_user_id, endpoint, successful) values ($1, 'e', true)", [
    p.owner.id,
  ]);
  await sql(stack, 'insert into public.stripe_sync_logs (total_teams) values (1)');
  await sql(stack, "insert into public.quota_reset_logs (status) values ('success')");
  await sql(
    stack,
    "insert into public.stripe_webhook_events (id, type, event_created, outcome) values ('evt_matrix', 't', now(), 'o')",
  );
});
afterAll(() => stack?.stop());

const client = (who: Who): SupabaseClient => (who === 'anon' ? p.anon : p[who].client);
const outcome = (r: { error: { code?: string } | null; data: unknown }, ok: 'rows' | 'ok') => {
  if (r.error) return r.error.code === '42501' ? 'denied' : String(r.error.code);
  if (ok === 'ok') return 'ok';
  return Array.isArray(r.data) && r.data.length > 0 ? 'rows' : 'none';
};

interface TableCase {
  match: () => Record<string, unknown>;
  insert: () => Record<string, unknown>;
  update: Record<string, unknown>;
  expect: { select: Row; insert: Row; update: Row; delete: Row };
}
const D = 'denied';
const allDenied: Row = [D, D, D, D, D];
const ownerOnly: Row = [D, 'none', 'rows', 'none', 'none'];
const team: Row = [D, 'none', 'rows', 'rows', 'none'];
const readOnly = (select: Row) => ({ select, insert: allDenied, update: allDenied, delete: allDenied });

const TABLES: Record<string, TableCase> = {
  profiles: {
    match: () => ({ id: p.owner.profileId }),
    insert: () => ({ auth_id: p.owner.id }),
    update: { first_name: 'Z' },
    expect: { select: ownerOnly, insert: [D, D, '23505', D, D], update: ownerOnly, delete: allDenied },
  },
  teams: {
    match: () => ({ id: p.owner.teamId }),
    insert: () => ({ name: 'T', owner_id: p.owner.profileId }),
    update: { name: 'Z' },
    expect: readOnly(team),
  },
  team_members: {
    match: () => ({ team_id: p.owner.teamId, profile_id: p.owner.profileId }),
    insert: () => ({ team_id: p.owner.teamId, profile_id: p.other.profileId }),
    update: { created_at: '2020-01-01T00:00:00Z' },
    expect: readOnly(team),
  },
  billing_config: {
    match: () => ({ id: true }),
    insert: () => ({ id: true }),
    update: { stripe_enabled: true },
    expect: readOnly(allDenied),
  },
  api_usage: {
    match: () => ({ auth_user_id: p.owner.id }),
    insert: () => ({ auth_user_id: p.owner.id, endpoint: 'e', successful: true }),
    update: { successful: false },
    expect: readOnly(ownerOnly),
  },
  monthly_usage: {
    match: () => ({ team_id: p.owner.teamId }),
    insert: () => ({ team_id: p.owner.teamId, period_start: '2020-01-01' }),
    update: { notion_page_views: 0 },
    expect: readOnly(team),
  },
  workspaces: {
    match: () => ({ id: ws }),
    insert: () => ({ notion_key: 'ntn_n…nnn' }),
    update: { health: 'Error' },
    expect: readOnly(ownerOnly),
  },
  workspace_users: {
    match: () => ({ workspace_id: ws }),
    insert: () => ({ workspace_id: ws, user_id: p.member.profileId }),
    update: { created_at: '2020-01-01T00:00:00Z' },
    expect: readOnly(ownerOnly),
  },
  settings: {
    match: () => ({ id: settingId }),
    insert: () => ({
      user_id: p.owner.profileId,
      name: `N${Math.random()}`.slice(0, 20),
      workspace_id: ws,
      notion_db_id: crypto.randomUUID(),
      profile_url: 'u',
      full_name: 't',
    }),
    update: { health: 'Error' },
    expect: {
      select: ownerOnly,
      insert: [D, D, 'ok', D, D],
      update: ownerOnly,
      delete: [D, 'none', 'rows', 'none', 'none'],
    },
  },
  errors: {
    match: () => ({ workspace_id: ws }),
    insert: () => ({ workspace_id: ws, message: 'm' }),
    update: { message: 'x' },
    expect: { select: ownerOnly, insert: [D, D, 'ok', D, D], update: allDenied, delete: allDenied },
  },
  stripe_sync_logs: {
    match: () => ({ id: 1 }),
    insert: () => ({ total_teams: 1 }),
    update: { total_teams: 9 },
    expect: readOnly([D, 'none', 'none', 'none', 'rows']),
  },
  quota_reset_logs: {
    match: () => ({ id: 1 }),
    insert: () => ({ status: 'success' }),
    update: { status: 'error' },
    expect: readOnly([D, 'none', 'none', 'none', 'rows']),
  },
  // stripe-webhook's processed event ids: the service role's only (RLS on, no policy, no grant)
  stripe_webhook_events: {
    match: () => ({ id: 'evt_matrix' }),
    insert: () => ({ id: 'evt_matrix_2', type: 't', event_created: '2026-01-01T00:00:00Z', outcome: 'o' }),
    update: { outcome: 'x' },
    expect: readOnly(allDenied),
  },
};

const RPCS: Record<string, { args: () => Record<string, unknown>; expect: Row }> = {
  check_email_exists: { args: () => ({ email_to_check: p.owner.email }), expect: ['ok', 'ok', 'ok', 'ok', 'ok'] },
  setup_new_user: { args: () => ({ auth_user_id: p.owner.id }), expect: [D, D, 'ok', D, D] },
  get_user_active_team: { args: () => ({}), expect: [D, 'ok', 'ok', 'ok', 'ok'] },
  check_and_increment_notion_quota: { args: () => ({ user_auth_id: p.owner.id }), expect: [D, D, 'ok', D, D] },
  check_and_increment_linkedin_quota: { args: () => ({ user_auth_id: p.owner.id }), expect: [D, D, 'ok', D, D] },
  count_notion_page_view: {
    args: () => ({ user_auth_id: p.owner.id, view_id: '00000000-0000-4000-8000-00000000f1e3' }),
    expect: [D, D, 'ok', D, D],
  },
  get_notion_quota_for_user: { args: () => ({ auth_user_id: p.owner.id }), expect: [D, D, 'ok', D, D] },
  get_linkedin_quota_for_user: { args: () => ({ auth_user_id: p.owner.id }), expect: [D, D, 'ok', D, D] },
  release_linkedin_import: { args: () => ({ user_auth_id: p.owner.id }), expect: allDenied }, // service role only
  take_rate_limit_slot: {
    args: () => ({ p_auth_user_id: p.owner.id, p_bucket: 'matrix', p_limit: 1000, p_window_seconds: 60 }),
    expect: allDenied, // service role only (slack-notify)
  },
  take_notion_key_slot: {
    args: () => ({ p_key_digest: 'a'.repeat(64), p_requests_per_second: 3, p_burst: 3, p_max_wait_ms: 10_000 }),
    expect: allDenied, // service role only (notion-proxy's shared budget per key)
  },
  hold_notion_key: {
    args: () => ({ p_key_digest: 'a'.repeat(64), p_retry_after_seconds: 0, p_requests_per_second: 3, p_burst: 3 }),
    expect: allDenied, // service role only (notion-proxy, on Notion's 429)
  },
  claim_provider_incident: {
    args: () => ({ p_incident: 'matrix', p_quiet_seconds: 60 }),
    expect: allDenied, // service role only (get-profile-data-by-url's once-per-incident alerts)
  },
  claim_operator_notice: {
    args: () => ({ p_auth_user_id: p.owner.id, p_kind: 'new_user' }),
    expect: allDenied, // service role only (slack-notify's once-per-user notices)
  },
  create_workspace_with_association: {
    args: () => ({
      notion_key: notionKey('m'),
      notion_workspace_id: null,
      workspace_name: 'Matrix',
      notion_key_name: null,
      auth_user_id: p.owner.id,
    }),
    expect: [D, D, 'ok', D, D],
  },
  secure_workspace_management: {
    args: () => ({ p_operation: 'get_user_count', p_workspace_id: ws, p_auth_user_id: p.owner.id }),
    expect: [D, D, 'ok', D, D],
  },
  linked_workspace_for_key: { args: () => ({ notion_key: notionKey('m') }), expect: [D, 'ok', 'ok', 'ok', 'ok'] },
  notion_proxy_access: { args: () => ({ p_auth_user_id: p.owner.id, p_workspace_id: ws }), expect: allDenied },
  search_users_by_email: { args: () => ({ search_term: 'matrix' }), expect: [D, D, D, D, 'ok'] },
  delete_user_complete: { args: () => ({ target_email: 'nobody@example.com' }), expect: [D, D, D, D, 'ok'] },
  get_database_info: { args: () => ({}), expect: [D, D, D, D, 'ok'] },
  set_debug_mode_allowed: { args: () => ({ target_user_id: p.owner.id, allowed: false }), expect: [D, D, D, D, 'ok'] },
  get_quota_reset_logs: { args: () => ({}), expect: [D, D, D, D, 'ok'] },
  reset_monthly_quotas: { args: () => ({ p_run_type: 'manual' }), expect: [D, D, D, D, 'ok'] },
  // only a user with a setting on the database (the owner's 'bbbb…') may claim adding to it
  claim_profile_add: {
    args: () => ({ database_id: 'b'.repeat(32), canonical_url: 'https://www.linkedin.com/in/matrix' }),
    expect: [D, D, 'ok', D, D],
  },
  // any signed-in user may call it; it renews only the caller's own claim (tests/integration/profile-add-claims.test.ts)
  renew_profile_add: {
    args: () => ({
      database_id: 'b'.repeat(32),
      canonical_url: 'https://www.linkedin.com/in/matrix',
      token: '00000000-0000-4000-8000-000000000000',
    }),
    expect: [D, 'ok', 'ok', 'ok', 'ok'],
  },
  // any signed-in user may call it; it releases only the caller's own claim (tests/integration/profile-add-claims.test.ts)
  release_profile_add: {
    args: () => ({
      database_id: 'b'.repeat(32),
      canonical_url: 'https://www.linkedin.com/in/matrix',
      token: '00000000-0000-4000-8000-000000000000',
    }),
    expect: [D, 'ok', 'ok', 'ok', 'ok'],
  },
};

describe('permission matrix', () => {
  it('names every table and every function of the public schema', async () => {
    const tables = await sql<{ name: string }>(
      stack,
      "select tablename as name from pg_tables where schemaname = 'public' order by 1",
    );
    expect(tables.map((t) => t.name)).toEqual(Object.keys(TABLES).sort());
    const functions = await sql<{ name: string }>(
      stack,
      `select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.prorettype <> 'pg_catalog.trigger'::regtype order by 1`,
    );
    expect(functions.map((f) => f.name)).toEqual(Object.keys(RPCS).sort());
  });

  for (const [table, c] of Object.entries(TABLES)) {
    it(`${table}: select, insert, update, delete for anon, other, owner, member, admin`, async () => {
      const got: Record<string, string[]> = { select: [], insert: [], update: [], delete: [] };
      for (const who of WHO) got.select.push(outcome(await client(who).from(table).select().match(c.match()), 'rows'));
      for (const who of WHO) got.insert.push(outcome(await client(who).from(table).insert(c.insert()), 'ok'));
      for (const who of WHO)
        got.update.push(outcome(await client(who).from(table).update(c.update).match(c.match()).select(), 'rows'));
      for (const who of ['anon', 'other', 'member', 'admin', 'owner'] as Who[]) {
        const r = outcome(await client(who).from(table).delete().match(c.match()).select(), 'rows');
        got.delete[WHO.indexOf(who)] = r;
      }
      expect(got).toEqual(c.expect);
    });
  }

  for (const [rpc, c] of Object.entries(RPCS)) {
    it(`${rpc}: called by anon, other, owner, member, admin`, async () => {
      const got: string[] = [];
      for (const who of WHO) got.push(outcome(await client(who).rpc(rpc, c.args()), 'ok'));
      expect(got).toEqual(c.expect);
    });
  }

  it('the tables no user may touch are the service role’s (edge functions)', async () => {
    const serviceOnly = Object.keys(TABLES).filter((table) =>
      Object.values(TABLES[table].expect).every((row) => row.every((cell) => cell === D)),
    );
    expect(serviceOnly).toEqual(['billing_config', 'stripe_webhook_events']);
    const service = stack.serviceClient();
    const seen = await service.from('stripe_webhook_events').select('id').eq('id', 'evt_matrix');
    expect(seen.data).toEqual([{ id: 'evt_matrix' }]);
    const recorded = await service.from('stripe_webhook_events').insert(TABLES.stripe_webhook_events.insert());
    expect(recorded.error).toBeNull();
  });

  it('the RPCs no user may call are the service role’s (edge functions)', async () => {
    const serviceOnly = Object.keys(RPCS).filter((rpc) => RPCS[rpc].expect.every((cell) => cell === D));
    expect(serviceOnly).toEqual([
      'release_linkedin_import',
      'take_rate_limit_slot',
      'take_notion_key_slot',
      'hold_notion_key',
      'claim_provider_incident',
      'claim_operator_notice',
      'notion_proxy_access',
    ]);
    for (const rpc of serviceOnly) {
      expect(outcome(await stack.serviceClient().rpc(rpc, RPCS[rpc].args()), 'ok')).toBe('ok');
    }
  });
});
