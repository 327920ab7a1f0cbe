/**
 * Giving back a LinkedIn import that was counted but not delivered (migration
 * create_release_linkedin_import, get-profile-data-by-url's finally step). The RPC on its own
 * through supabase-js: only the service role may call it, it gives back one import per call and
 * never goes below zero, a new month has nothing to give back, bad input is refused. Then the
 * function in Deno against the profile-data sandbox: after a success the team's count is +1,
 * after every failure that is not the user's (outage, refused key or host, provider rate limit
 * or monthly quota, timeout, private or unknown profile) and after a provider that drops the
 * connection or cuts its answer short, it is unchanged, the answer is the same as before and the
 * provider call is still in api_usage. A release that fails is logged and changes nothing else.
 * Runs on PGlite and on PostgreSQL 15; the RPC under parallel calls is in
 * profile-data-release.postgres.test.ts.
 */
import { createServer, type Socket } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  RAPIDAPI_HOST,
  startProfileDataSandbox,
  type ProfileDataLimits,
  type ProfileDataSandbox,
} from '../../supabase/local/sandboxes/profile-data/index.ts';
import { asRole } from '../../supabase/local/gateway/request-role.ts';
import { startTestStack, type TestStack } from './support/stack.ts';
import { createTestUser, type TestUser } from './support/users.ts';

process.env.DENO_DIR ??= resolve('.local/deno');

const DENIED = { code: '42501' };
/** How long the function waits for the provider here (PROFILE_DATA_TIMEOUT_MS), and the sandbox's delay past it. */
const PROVIDER_TIMEOUT_MS = 1_000;
const SLOWER_THAN_TIMEOUT_MS = 3_000;

type Subscriber = TestUser & { teamId: string };

async function sql<T>(stack: TestStack, text: string, params: unknown[] = []): Promise<T[]> {
  const { rows } = await stack.db.transaction((tx) => tx.query<T>(text, params));
  return rows;
}

let userCount = 0;
/** A user set up as the app does (setup_new_user: a personal team), with `quota` imports a month. */
async function subscribedUser(stack: TestStack, quota = 100): Promise<Subscriber> {
  const user = await createTestUser(stack, `release-${++userCount}@example.com`);
  const { data, error } = await user.client.rpc('setup_new_user', { auth_user_id: user.id });
  expect(error).toBeNull();
  const teamId = (data as { team_id: string }).team_id;
  await sql(stack, 'update public.teams set api_quota = $2 where id = $1', [teamId, quota]);
  return { ...user, teamId };
}

/** The team's LinkedIn imports this month, as the app reads them. */
async function importsUsed(user: TestUser): Promise<number> {
  const { data, error } = await user.client.rpc('get_linkedin_quota_for_user', { auth_user_id: user.id });
  expect(error).toBeNull();
  return Number((data as { api_calls_used: number }).api_calls_used);
}

async function fetchProfile(stack: TestStack, user: TestUser, slug: string) {
  const url = `https://www.linkedin.com/in/${slug}/`;
  const response = await fetch(`${stack.apiUrl}/functions/v1/get-profile-data-by-url?url=${encodeURIComponent(url)}`, {
    headers: { authorization: `Bearer ${user.accessToken}`, apikey: stack.anonKey },
  });
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function apiUsage(user: TestUser) {
  const { data, error } = await user.client
    .from('api_usage')
    .select('successful, status_code')
    .order('id', { ascending: true });
  expect(error).toBeNull();
  return data;
}

describe('release_linkedin_import', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(() => stack?.stop());

  const release = (user: TestUser) => stack.serviceClient().rpc('release_linkedin_import', { user_auth_id: user.id });
  const take = (user: TestUser) => user.client.rpc('check_and_increment_linkedin_quota', { user_auth_id: user.id });

  test('only the service role may call it: anon and the user themselves get 42501, and nothing is given back', async () => {
    const user = await subscribedUser(stack, 5);
    await take(user);
    expect((await stack.client().rpc('release_linkedin_import', { user_auth_id: user.id })).error).toMatchObject(
      DENIED,
    );
    expect((await user.client.rpc('release_linkedin_import', { user_auth_id: user.id })).error).toMatchObject(DENIED);
    expect(await importsUsed(user)).toBe(1);
    expect(await release(user)).toMatchObject({ error: null, data: { released: true, quota: 5, used: 0 } });
  });

  test('its body refuses any other role too, even a JWT naming no role, should a grant ever be widened', async () => {
    const user = await subscribedUser(stack, 5);
    await take(user);
    await sql(stack, 'grant execute on function public.release_linkedin_import(uuid) to authenticated');
    try {
      expect((await user.client.rpc('release_linkedin_import', { user_auth_id: user.id })).error).toMatchObject({
        code: '42501',
        message: 'Only the service role can give back an import',
      });
      const noRoleClaim = asRole(
        stack.db,
        { claims: { sub: user.id }, role: 'authenticated' },
        { method: 'POST', path: '/rpc/release_linkedin_import', headers: {} },
        (tx) => tx.query('select * from public.release_linkedin_import($1)', [user.id]),
      );
      await expect(noRoleClaim).rejects.toMatchObject({ code: '42501' });
    } finally {
      await sql(stack, 'revoke execute on function public.release_linkedin_import(uuid) from authenticated');
    }
    expect(await importsUsed(user)).toBe(1);
  });

  test('gives back one import per call, the shape of the check, and never goes below zero', async () => {
    const user = await subscribedUser(stack, 5);
    await take(user);
    await take(user);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await release(user)).data);
    expect(answers).toEqual([
      { released: true, quota: 5, used: 1 },
      { released: true, quota: 5, used: 0 },
      { released: false, quota: 5, used: 0 },
      { released: false, quota: 5, used: 0 },
    ]);
    expect(await importsUsed(user)).toBe(0);
    expect((await take(user)).data).toEqual({ allowed: true, quota: 5, used: 1 });
  });

  test('a team with no imports this month has nothing to give back, and no row is written', async () => {
    const user = await subscribedUser(stack, 5);
    expect((await release(user)).data).toEqual({ released: false, quota: 5, used: 0 });
    expect(await sql(stack, 'select 1 from public.monthly_usage where team_id = $1', [user.teamId])).toEqual([]);
  });

  test('gives an import back to a full team, which may then import again', async () => {
    const user = await subscribedUser(stack, 1);
    await take(user);
    expect((await take(user)).data).toEqual({ allowed: false, quota: 1, used: 1 });
    expect((await release(user)).data).toEqual({ released: true, quota: 1, used: 0 });
    expect((await take(user)).data).toEqual({ allowed: true, quota: 1, used: 1 });
  });

  test('once the month has ended the old month stays as history and the new one has nothing to give back', async () => {
    const user = await subscribedUser(stack, 5);
    await take(user);
    await take(user);
    await sql(stack, "update public.teams set next_quota_reset = now() - interval '1 day' where id = $1", [
      user.teamId,
    ]);
    expect((await release(user)).data).toEqual({ released: false, quota: 5, used: 0 });
    const rows = await sql<{ linkedin_imports: number }>(
      stack,
      'select linkedin_imports from public.monthly_usage where team_id = $1 order by period_start',
      [user.teamId],
    );
    expect(rows).toEqual([{ linkedin_imports: 2 }]);
  });

  test('bad input: null, not a uuid, a user without a team, a wrong argument name', async () => {
    const service = stack.serviceClient();
    expect((await service.rpc('release_linkedin_import', { user_auth_id: null })).error).toMatchObject({
      code: '22004',
      message: 'user_auth_id is required',
    });
    expect((await service.rpc('release_linkedin_import', { user_auth_id: 42 })).error).toMatchObject({
      code: '22P02',
    });
    expect((await service.rpc('release_linkedin_import', { user_auth_id: crypto.randomUUID() })).error).toMatchObject({
      code: 'P0002',
      message: 'Team not found',
    });
    expect((await service.rpc('release_linkedin_import', { user_id: crypto.randomUUID() })).error).toMatchObject({
      code: 'PGRST202',
    });
  });
});

describe('get-profile-data-by-url against the sandbox', () => {
  let stack: TestStack;
  let sandbox: ProfileDataSandbox;
  beforeAll(async () => {
    sandbox = await startProfileDataSandbox();
    stack = await startTestStack({
      functionEnv: {
        PROFILE_DATA_API_URL: sandbox.url,
        RAPIDAPI_KEY: sandbox.key,
        RAPIDAPI_HOST: RAPIDAPI_HOST,
        PROFILE_DATA_TIMEOUT_MS: String(PROVIDER_TIMEOUT_MS),
        SLACK_WEBHOOK_URL: '',
      },
    });
  });
  afterAll(async () => {
    await stack?.stop();
    await sandbox?.stop();
  });
  beforeEach(() => {
    sandbox.configure({
      monthlyQuota: undefined,
      ratePerSecond: undefined,
      outage: false,
      latencyMs: undefined,
      key: sandbox.key,
      apiHost: sandbox.apiHost,
    });
    sandbox.reset();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  test('a profile delivered counts one import', async () => {
    const user = await subscribedUser(stack);
    expect((await fetchProfile(stack, user, 'ada-lovelace')).status).toBe(200);
    expect(await importsUsed(user)).toBe(1);
    expect((await fetchProfile(stack, user, 'li-wei')).status).toBe(200);
    expect(await importsUsed(user)).toBe(2);
    expect(await apiUsage(user)).toEqual([
      { successful: true, status_code: 200 },
      { successful: true, status_code: 200 },
    ]);
  });

  const failures: Array<[string, ProfileDataLimits, string, number, string, number | null]> = [
    ['a provider outage', { outage: true }, 'ada-lovelace', 502, 'provider_error', 502],
    ['a revoked RapidAPI key', { key: 'revoked-elsewhere' }, 'ada-lovelace', 502, 'provider_error', 401],
    ['an unsubscribed RapidAPI host', { apiHost: 'linkedin-api8.p.rapidapi.com' }, 'ada-lovelace', 502, 'provider_error', 403],
    ['the provider rate limit', { ratePerSecond: 0 }, 'ada-lovelace', 429, 'rate_limited', 429],
    ['the provider monthly quota', { monthlyQuota: 0 }, 'ada-lovelace', 429, 'provider_quota_exceeded', 429],
    ['no answer within the timeout', { latencyMs: SLOWER_THAN_TIMEOUT_MS }, 'ada-lovelace', 502, 'provider_unreachable', null],
    ['a private profile', {}, 'private-profile', 404, 'profile_not_found', 404],
    ['an unknown profile', {}, 'nobody-by-this-name', 404, 'profile_not_found', 404],
  ]; // prettier-ignore

  test.each(failures)(
    '%s: the answer as before, the team’s count unchanged, the call still in api_usage',
    async (_, knobs, slug, status, reason, providerStatus) => {
      const user = await subscribedUser(stack);
      expect((await fetchProfile(stack, user, 'minimal')).status).toBe(200);
      expect(await importsUsed(user)).toBe(1);
      sandbox.reset();
      sandbox.configure(knobs);
      expect(await fetchProfile(stack, user, slug)).toMatchObject({ status, body: { reason } });
      expect(await importsUsed(user)).toBe(1);
      expect(await apiUsage(user)).toEqual([
        { successful: true, status_code: 200 },
        { successful: false, status_code: providerStatus },
      ]);
    },
  );

  test('a failed call does not use up a team’s last import', async () => {
    const user = await subscribedUser(stack, 1);
    sandbox.configure({ outage: true });
    expect((await fetchProfile(stack, user, 'ada-lovelace')).status).toBe(502);
    sandbox.configure({ outage: false });
    expect(await fetchProfile(stack, user, 'private-profile')).toMatchObject({ status: 404 });
    expect(await importsUsed(user)).toBe(0);
    expect((await fetchProfile(stack, user, 'ada-lovelace')).status).toBe(200);
    expect(await fetchProfile(stack, user, 'li-wei')).toMatchObject({
      status: 403,
      body: { reason: 'import_quota_exceeded', quota: 1, used: 1 },
    });
    expect(await importsUsed(user)).toBe(1);
  });

  test('a release that fails is logged without secrets and changes nothing in the answer', async () => {
    const user = await subscribedUser(stack);
    const logged = vi.spyOn(console, 'error');
    await sql(stack, 'revoke execute on function public.release_linkedin_import(uuid) from service_role');
    try {
      sandbox.configure({ outage: true });
      expect(await fetchProfile(stack, user, 'ada-lovelace')).toEqual({
        status: 502,
        body: { error: 'Failed to fetch profile data from LinkedIn', reason: 'provider_error' },
      });
      expect(await importsUsed(user)).toBe(1);
      const lines = () => logged.mock.calls.map((call) => call.map(String).join(' '));
      await vi.waitFor(() =>
        expect(lines().filter((line) => line.includes('giving back the LinkedIn import'))).toEqual([
          expect.stringContaining(`of user ${user.id} failed: 42501`),
        ]),
      );
      for (const line of lines()) {
        expect(line).not.toContain(sandbox.key);
        expect(line).not.toContain(stack.serviceRoleKey);
      }
    } finally {
      await sql(stack, 'grant execute on function public.release_linkedin_import(uuid) to service_role');
    }
  });
});

/**
 * A provider that fails below HTTP: `drop` closes each connection at once; `cut` sends a 200's
 * headers and a few bytes of the promised body, then closes.
 */
async function brokenProvider(): Promise<{ url: string; mode: 'drop' | 'cut'; stop(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const provider = {
    url: '',
    mode: 'drop' as 'drop' | 'cut',
    stop: () => new Promise<void>((done) => server.close(() => done())),
  };
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    if (provider.mode === 'drop') return socket.destroy();
    socket.once('data', () => {
      socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{"usern');
      setTimeout(() => socket.destroy(), 50);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  provider.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const stop = provider.stop;
  provider.stop = () => {
    for (const socket of sockets) socket.destroy();
    return stop();
  };
  return provider;
}

describe('get-profile-data-by-url with a provider that fails below HTTP', () => {
  let stack: TestStack;
  let provider: Awaited<ReturnType<typeof brokenProvider>>;
  beforeAll(async () => {
    provider = await brokenProvider();
    stack = await startTestStack({
      functionEnv: {
        RAPIDAPI_KEY: '0123456789msh0123456789abcdep1abcdejsn0123456789ab',
        PROFILE_DATA_API_URL: provider.url,
        SLACK_WEBHOOK_URL: '',
      },
    });
  });
  afterAll(async () => {
    await stack?.stop();
    await provider?.stop();
  });

  test.each(['drop', 'cut'] as const)('%s: 502 provider_unreachable and the team’s count unchanged', async (mode) => {
    provider.mode = mode;
    const user = await subscribedUser(stack);
    await user.client.rpc('check_and_increment_linkedin_quota', { user_auth_id: user.id });
    expect(await fetchProfile(stack, user, 'ada-lovelace')).toEqual({
      status: 502,
      body: { error: 'Failed to fetch profile data from LinkedIn', reason: 'provider_unreachable' },
    });
    expect(await importsUsed(user)).toBe(1);
    expect(await apiUsage(user)).toEqual([{ successful: false, status_code: null }]);
  });
});
