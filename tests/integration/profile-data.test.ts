/**
 * get-profile-data-by-url in Deno through the local stack, against the profile-data sandbox
 * and the Slack sink: every fixture profile, each refusal (session, URL, subscription, the
 * team's import quota) and each provider error mapped to spec 2 §8's texts, the usage counted
 * in api_usage and the LinkedIn quota, and the operator alerts for rate and quota errors.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { PUBLIC_PROFILES } from '../../supabase/local/sandboxes/profile-data/fixtures.ts';
import type { ProfileDataSandbox } from '../../supabase/local/sandboxes/profile-data/index.ts';
import type { SlackSink } from '../../supabase/local/sandboxes/slack/index.ts';
import { startProfileDataFixture, type ProfileDataFixture } from './support/profileData.ts';
import type { TestStack } from './support/stack.ts';
import { createTestUser, userToken, type TestUser } from './support/users.ts';

const MESSAGES = {
  unauthenticated: 'Authentication required to access LinkedIn API',
  urlRequired: 'LinkedIn profile URL is required',
  notAProfile: "This doesn't appear to be a LinkedIn profile URL.",
  noSubscription: "You don't have an active subscription.",
  importQuota: 'Monthly LinkedIn Imports Exceeded',
  providerQuota: 'Error: Monthly quota exceeded. Please contact your administrator.',
  rateLimited: 'Error: Rate limit exceeded. Please try again later.',
  notFound: 'Failed to retrieve profile data',
  providerError: 'Failed to fetch profile data from LinkedIn',
};

const APP_ORIGIN = 'http://localhost:5173';

let fixture: ProfileDataFixture;
let sandbox: ProfileDataSandbox;
let sink: SlackSink;
let stack: TestStack;

beforeAll(async () => {
  fixture = await startProfileDataFixture();
  ({ sandbox, sink, stack } = fixture);
});
afterAll(() => fixture?.stop());
beforeEach(() => {
  sandbox.configure({
    monthlyQuota: undefined,
    ratePerSecond: undefined,
    outage: false,
    key: sandbox.key,
    apiHost: sandbox.apiHost,
  });
  sandbox.reset();
  sink.clear();
});

async function sql<T>(text: string, params: unknown[] = []): Promise<T[]> {
  const { rows } = await stack.db.transaction((tx) => tx.query<T>(text, params));
  return rows;
}

let userCount = 0;
/** A user set up as the app does (setup_new_user: personal team on the free plan), with `quota` imports a month. */
async function subscribedUser(quota = 100): Promise<TestUser & { teamId: string }> {
  const user = await createTestUser(stack, `linkedin-${++userCount}@example.com`);
  const { data, error } = await user.client.rpc('setup_new_user', { auth_user_id: user.id });
  expect(error).toBeNull();
  const teamId = (data as { team_id: string }).team_id;
  await sql('update public.teams set api_quota = $2 where id = $1', [teamId, quota]);
  return { ...user, teamId };
}

async function fetchProfile(token: string | undefined, profileUrl?: string, init: RequestInit = {}) {
  const query = profileUrl === undefined ? '' : `?url=${encodeURIComponent(profileUrl)}`;
  const response = await fetch(`${stack.apiUrl}/functions/v1/get-profile-data-by-url${query}`, {
    ...init,
    headers: {
      apikey: stack.anonKey,
      origin: APP_ORIGIN,
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
  });
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

async function linkedinQuota(user: TestUser) {
  const { data, error } = await user.client.rpc('get_linkedin_quota_for_user', { auth_user_id: user.id });
  expect(error).toBeNull();
  const row = (Array.isArray(data) ? data[0] : data) as { api_calls_used: number; api_quota: number };
  return { used: Number(row.api_calls_used), quota: Number(row.api_quota) };
}

const profileUrl = (slug: string) => `https://www.linkedin.com/in/${slug}/`;

/** An operator alert names the user by e-mail and carries neither the provider key nor a JWT. */
function expectNoSecretsIn(text: string, user: TestUser) {
  for (const secret of [sandbox.key, user.accessToken, stack.serviceRoleKey, stack.anonKey]) {
    expect(text).not.toContain(secret);
  }
}

describe('success', () => {
  test.each(PUBLIC_PROFILES.map((p) => [p.username, p] as const))(
    'fixture %s comes back as the provider sent it',
    async (slug, fixture) => {
      const user = await subscribedUser();
      const result = await fetchProfile(user.accessToken, profileUrl(slug));
      expect(result.status).toBe(200);
      expect(result.body).toEqual(fixture);
      expect(await linkedinQuota(user)).toEqual({ used: 1, quota: 100 });
    },
  );

  test('URL variants are accepted and asked for in canonical form', async () => {
    const user = await subscribedUser();
    for (const variant of ['linkedin.com/in/zoe-muller', 'https://de.linkedin.com/in/zoe-muller?trk=x']) {
      const result = await fetchProfile(user.accessToken, variant);
      expect(result.status).toBe(200);
      expect(result.body.lastName).toBe('Müller');
    }
  });
});

describe('refusals before the provider is called', () => {
  test('no session: the anon key, an expired token or none at all get 401 with the spec text, readable by the app', async () => {
    const user = await subscribedUser();
    const expired = userToken(stack, user.id, user.email, -60);
    for (const token of [stack.anonKey, expired, 'not-a-jwt', undefined]) {
      const result = await fetchProfile(token, profileUrl('ada-lovelace'));
      expect(result).toMatchObject({
        status: 401,
        body: { error: MESSAGES.unauthenticated, reason: 'unauthenticated' },
      });
      expect(result.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    }
    expect(sandbox.usage()).toBe(0);
  });

  test('a missing or non-profile URL gets 400 with the spec texts', async () => {
    const user = await subscribedUser();
    expect(await fetchProfile(user.accessToken)).toMatchObject({ status: 400, body: { error: MESSAGES.urlRequired } });
    for (const bad of ['https://www.linkedin.com/company/acme/', 'https://example.com/in/ada-lovelace', 'not a url']) {
      expect(await fetchProfile(user.accessToken, bad)).toMatchObject({
        status: 400,
        body: { error: MESSAGES.notAProfile },
      });
    }
    expect(sandbox.usage()).toBe(0);
    expect((await linkedinQuota(user)).used).toBe(0);
  });

  test('no subscription: a canceled team, or no team at all, gets 403', async () => {
    const canceled = await subscribedUser();
    await sql("update public.teams set subscription_status = 'canceled' where id = $1", [canceled.teamId]);
    expect(await fetchProfile(canceled.accessToken, profileUrl('ada-lovelace'))).toMatchObject({
      status: 403,
      body: { error: MESSAGES.noSubscription, reason: 'subscription_inactive' },
    });
    const noTeam = await createTestUser(stack, 'no-team@example.com');
    expect(await fetchProfile(noTeam.accessToken, profileUrl('ada-lovelace'))).toMatchObject({
      status: 403,
      body: { error: MESSAGES.noSubscription },
    });
    expect(sandbox.usage()).toBe(0);
  });

  test('a trialing team and one whose trial is still running may fetch', async () => {
    const trial = await subscribedUser();
    await sql(
      "update public.teams set subscription_status = 'past_due', trial_end_date = now() + interval '3 days' where id = $1",
      [trial.teamId],
    );
    expect((await fetchProfile(trial.accessToken, profileUrl('minimal'))).status).toBe(200);
  });

  test('only GET is served, still as JSON', async () => {
    const user = await subscribedUser();
    expect(await fetchProfile(user.accessToken, profileUrl('minimal'), { method: 'POST' })).toMatchObject({
      status: 405,
      body: { error: 'Method not allowed' },
    });
  });
});

describe('the LinkedIn import quota', () => {
  test('is counted per call and refuses the call over quota without reaching the provider', async () => {
    const user = await subscribedUser(2);
    expect((await fetchProfile(user.accessToken, profileUrl('ada-lovelace'))).status).toBe(200);
    expect((await fetchProfile(user.accessToken, profileUrl('li-wei'))).status).toBe(200);
    expect(await fetchProfile(user.accessToken, profileUrl('yuki-tanaka'))).toMatchObject({
      status: 403,
      body: { error: MESSAGES.importQuota, reason: 'import_quota_exceeded', quota: 2, used: 2 },
    });
    expect(sandbox.usage()).toBe(2);
    expect(await linkedinQuota(user)).toEqual({ used: 2, quota: 2 });
    expect(sink.received()).toHaveLength(0);
  });

  test('concurrent calls never exceed the quota', async () => {
    const user = await subscribedUser(3);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => fetchProfile(user.accessToken, profileUrl('minimal'))),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 403 && r.body.reason === 'import_quota_exceeded')).toHaveLength(5);
    expect(await linkedinQuota(user)).toEqual({ used: 3, quota: 3 });
  });

  test('every call that reached the provider is in api_usage, with its outcome', async () => {
    const user = await subscribedUser();
    await fetchProfile(user.accessToken, profileUrl('ada-lovelace'));
    await fetchProfile(user.accessToken, profileUrl('private-profile'));
    const { data, error } = await user.client
      .from('api_usage')
      .select('endpoint, successful, created_at')
      .order('id', { ascending: true });
    expect(error).toBeNull();
    expect(data!.map((row) => [row.endpoint, row.successful])).toEqual([
      ['get-profile-data-by-url', true],
      ['get-profile-data-by-url', false],
    ]);
  });
});

describe('provider errors', () => {
  test.each(['private-profile', 'nobody-here'])('%s: 404 with the spec text, no operator alert', async (slug) => {
    const user = await subscribedUser();
    expect(await fetchProfile(user.accessToken, profileUrl(slug))).toMatchObject({
      status: 404,
      body: { error: MESSAGES.notFound, reason: 'profile_not_found' },
    });
    expect(sink.received()).toHaveLength(0);
  });

  test('the provider monthly quota: 429 "Monthly quota exceeded", and the operators are told (kind quota)', async () => {
    const user = await subscribedUser();
    sandbox.configure({ monthlyQuota: 0 });
    expect(await fetchProfile(user.accessToken, profileUrl('ada-lovelace'))).toMatchObject({
      status: 429,
      body: { error: MESSAGES.providerQuota, reason: 'provider_quota_exceeded' },
    });
    expect(sink.received()).toHaveLength(1);
    const [alert] = sink.received();
    expect(alert.text.split('\n')[0]).toBe('[quota_exceeded] :warning: LinkedIn API monthly quota exceeded');
    expect(alert.text).toContain('Provider: LinkedIn');
    expect(alert.text).toContain('Kind: quota');
    expect(alert.text).toContain(`User: ${user.email}`);
    expect(alert.text).toContain('Endpoint: get-profile-data-by-url');
    expect(alert.text).toContain('Method: GET');
    expect(alert.text).toContain(
      'Error: You have exceeded the MONTHLY quota for Requests on your current plan, BASIC.',
    );
    expect(alert.text).toContain('Status: 429');
    expect(alert.text).toMatch(/Timestamp: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/);
    expectNoSecretsIn(alert.text, user);
  });

  test('the provider rate limit: 429 "Rate limit exceeded" with Retry-After, and an alert (kind rate)', async () => {
    const user = await subscribedUser();
    sandbox.configure({ ratePerSecond: 0 });
    const result = await fetchProfile(user.accessToken, profileUrl('ada-lovelace'));
    expect(result).toMatchObject({ status: 429, body: { error: MESSAGES.rateLimited, reason: 'rate_limited' } });
    expect(result.headers.get('retry-after')).toBe('1');
    expect(result.headers.get('access-control-expose-headers')).toBe('retry-after');
    expect(sink.received()).toHaveLength(1);
    const [alert] = sink.received();
    expect(alert.text.split('\n')[0]).toBe('[rate_limit] :warning: LinkedIn API rate limit exceeded');
    for (const field of [
      'Provider: LinkedIn',
      'Kind: rate',
      `User: ${user.email}`,
      'Endpoint: get-profile-data-by-url',
      'Method: GET',
      'Error: You have exceeded the rate limit per second',
      'Status: 429',
    ]) {
      expect(alert.text).toContain(field);
    }
    expect(alert.text).toMatch(/Timestamp: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/);
    expectNoSecretsIn(alert.text, user);
  });

  test.each([
    ['a revoked key (401)', { key: 'revoked-elsewhere' }, 401],
    ['an unsubscribed host (403)', { apiHost: 'linkedin-api8.p.rapidapi.com' }, 403],
    ['an outage (502)', { outage: true }, 502],
  ])('%s: 502 "Failed to fetch profile data from LinkedIn" and an API-error alert', async (_, knobs, status) => {
    const user = await subscribedUser();
    sandbox.configure(knobs);
    const result = await fetchProfile(user.accessToken, profileUrl('ada-lovelace'));
    expect(result).toMatchObject({ status: 502, body: { error: MESSAGES.providerError, reason: 'provider_error' } });
    expect(JSON.stringify(result.body)).not.toContain(sandbox.key);
    expect(sink.received()).toHaveLength(1);
    expect(sink.received()[0].text.split('\n')[0]).toBe('[api_error] :warning: LinkedIn API error');
    expect(sink.received()[0].text).toContain('Kind: error');
    expect(sink.received()[0].text).toContain(`Status: ${status}`);
    expectNoSecretsIn(sink.received()[0].text, user);
  });
});
