/**
 * The paid profile-data provider, metered (issue 32, item 3), in Deno through the local stack
 * against the profile-data sandbox and the Slack sink: a user's lookups are rate-limited
 * (take_rate_limit_slot, shared by every isolate) before the provider is asked; a failed lookup
 * (a private or unknown profile) gives its import back only within a daily allowance, so failed
 * lookups cannot spend the provider for free; and a provider failure alerts the operators once
 * per incident, not once per request.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { ProfileDataSandbox } from '../../supabase/local/sandboxes/profile-data/index.ts';
import type { SlackSink } from '../../supabase/local/sandboxes/slack/index.ts';
import { sql } from './support/personas.ts';
import { startProfileDataFixture, type ProfileDataFixture } from './support/profileData.ts';
import type { TestStack } from './support/stack.ts';
import { createTestUser, type TestUser } from './support/users.ts';

/** The function's limits (get-profile-data-by-url/metering.ts). */
const LOOKUPS_PER_MINUTE = 10;
const FAILED_LOOKUPS_GIVEN_BACK_PER_DAY = 5;
const RATE_LIMITED = 'Error: Rate limit exceeded. Please try again later.';

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
  sandbox.configure({ monthlyQuota: undefined, ratePerSecond: undefined, outage: false });
  sandbox.reset();
  sink.clear();
});

let userCount = 0;
/** A user with a personal team on the free plan and `quota` imports a month. */
async function subscribedUser(quota = 100): Promise<TestUser> {
  const user = await createTestUser(stack, `metering-${++userCount}@example.com`);
  const { data, error } = await user.client.rpc('setup_new_user', { auth_user_id: user.id });
  expect(error).toBeNull();
  await sql(stack, 'update public.teams set api_quota = $2 where id = $1', [
    (data as { team_id: string }).team_id,
    quota,
  ]);
  return user;
}

async function lookup(user: TestUser, slug: string) {
  const response = await fetch(
    `${stack.apiUrl}/functions/v1/get-profile-data-by-url?url=${encodeURIComponent(`https://www.linkedin.com/in/${slug}/`)}`,
    { headers: { apikey: stack.anonKey, authorization: `Bearer ${user.accessToken}` } },
  );
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

async function importsUsed(user: TestUser): Promise<number> {
  const { data, error } = await user.client.rpc('get_linkedin_quota_for_user', { auth_user_id: user.id });
  expect(error).toBeNull();
  return Number((data as { api_calls_used: number }).api_calls_used);
}

describe('per user', () => {
  test(`past ${LOOKUPS_PER_MINUTE} lookups a minute a user gets 429 with Retry-After, and the provider is not asked; another user is not held`, async () => {
    const [user, other] = await Promise.all([subscribedUser(), subscribedUser()]);
    for (let i = 0; i < LOOKUPS_PER_MINUTE; i++) expect((await lookup(user, 'minimal')).status).toBe(200);
    const refused = await lookup(user, 'minimal');
    expect(refused).toMatchObject({ status: 429, body: { error: RATE_LIMITED, reason: 'rate_limited' } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(sandbox.usage()).toBe(LOOKUPS_PER_MINUTE);
    expect(await importsUsed(user)).toBe(LOOKUPS_PER_MINUTE);
    expect((await lookup(other, 'minimal')).status).toBe(200);
    expect(sink.received()).toHaveLength(0);
  });

  test(`failed lookups give their import back ${FAILED_LOOKUPS_GIVEN_BACK_PER_DAY} times a day; past that they count, so the quota bounds the provider calls`, async () => {
    const user = await subscribedUser(3);
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push((await lookup(user, `nobody-${i}`)).body.reason);
    expect(answers).toEqual([
      ...Array(FAILED_LOOKUPS_GIVEN_BACK_PER_DAY + 3).fill('profile_not_found'),
      'import_quota_exceeded',
      'import_quota_exceeded',
    ]);
    expect(sandbox.usage()).toBe(FAILED_LOOKUPS_GIVEN_BACK_PER_DAY + 3);
    expect(await importsUsed(user)).toBe(3);
  });
});

describe('operator alerts', () => {
  test('a provider rate limit alerts once per incident, whoever meets it; a new kind of failure is a new incident', async () => {
    const users = await Promise.all([subscribedUser(), subscribedUser()]);
    sandbox.configure({ ratePerSecond: 0 });
    for (const user of [...users, ...users]) {
      expect(await lookup(user, 'ada-lovelace')).toMatchObject({ status: 429, body: { reason: 'rate_limited' } });
    }
    expect(sink.received()).toHaveLength(1);
    expect(sink.received()[0].text.split('\n')[0]).toBe('[rate_limit] :warning: LinkedIn API rate limit exceeded');

    sandbox.configure({ ratePerSecond: undefined, outage: true });
    for (const user of users) expect((await lookup(user, 'ada-lovelace')).status).toBe(502);
    expect(sink.received()).toHaveLength(2);
    expect(sink.received()[0].text.split('\n')[0]).toBe('[api_error] :warning: LinkedIn API error'); // newest first
  });

  test('once the incident has been quiet, the next failure alerts again', async () => {
    const user = await subscribedUser();
    sandbox.configure({ monthlyQuota: 0 });
    expect((await lookup(user, 'ada-lovelace')).status).toBe(429);
    expect((await lookup(user, 'ada-lovelace')).status).toBe(429);
    expect(sink.received()).toHaveLength(1);
    await sql(stack, "update private.provider_incidents set last_failure_at = now() - interval '1 day'");
    expect((await lookup(user, 'ada-lovelace')).status).toBe(429);
    expect(sink.received()).toHaveLength(2);
  });
});
