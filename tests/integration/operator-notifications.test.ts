/**
 * Operator notifications through slack-notify in Deno, into the Slack sink (issue 19; spec 1
 * "Serverless functions", spec 2 §7): a new user is announced exactly once whoever asks and
 * however often, each onboarding event and an API error reach the operators as one message,
 * and none of them carries the Notion key, the profile-data key or a JWT. Callers who may not
 * send are refused with a clear error and nothing is posted. (Profile-data rate and quota
 * alerts, sent by get-profile-data-by-url itself: tests/integration/profile-data.test.ts.)
 */
import { resolve } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { onboardingMessage, type OnboardingNotice } from '../../src/domain/billing/onboardingMessages.ts';
import { startSlackSink, type SlackSink } from '../../supabase/local/sandboxes/slack/index.ts';
import { startTestStack, type TestStack } from './support/stack.ts';
import { createTestUser, type TestUser } from './support/users.ts';

process.env.DENO_DIR ??= resolve('.local/deno');

const NOTION_KEY = 'ntn_48213577190aBcDeFgHiJkLmNoPqRsTuVwXyZ012345';
const PROFILE_DATA_KEY = '9f8e7d6c5bmsh0123456789abcdep1f2e3d4jsn0a1b2c3d4e5f';

let sink: SlackSink;
let stack: TestStack;
let userCount = 0;

beforeAll(async () => {
  sink = await startSlackSink();
  stack = await startTestStack({
    functionEnv: { SLACK_WEBHOOK_URL: sink.webhookUrl, RAPIDAPI_KEY: PROFILE_DATA_KEY },
  });
});
afterAll(async () => {
  await stack?.stop();
  await sink?.stop();
});
beforeEach(() => sink.clear());

async function notify(token: string, body: unknown) {
  const response = await fetch(`${stack.apiUrl}/functions/v1/slack-notify`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, apikey: stack.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A user whose account setup ran, as after the app's first sign-in. */
async function newUser(): Promise<TestUser> {
  const user = await createTestUser(stack, `operators-${++userCount}@example.com`);
  const { error } = await user.client.rpc('setup_new_user', { auth_user_id: user.id });
  expect(error).toBeNull();
  return user;
}

/** Every message posted carries none of the secrets this suite uses. */
function expectNoSecrets(user: TestUser) {
  const everything = sink.received().map((m) => JSON.stringify(m.payload));
  for (const secret of [NOTION_KEY, PROFILE_DATA_KEY, user.accessToken, stack.serviceRoleKey, stack.anonKey]) {
    for (const posted of everything) expect(posted).not.toContain(secret);
  }
}

async function createdAtOf(user: TestUser): Promise<string> {
  const { rows } = await stack.db.transaction((tx) =>
    tx.query<{ created_at: Date }>('select created_at from auth.users where id = $1', [user.id]),
  );
  return rows[0].created_at.toISOString();
}

describe('a new user', () => {
  test('is announced exactly once, written from the account, though asked three times at once and again', async () => {
    const user = await newUser();
    const answers = await Promise.all([1, 2, 3].map(() => notify(user.accessToken, { type: 'new_user' })));
    answers.push(await notify(user.accessToken, { type: 'new_user' }));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(answers.map((a) => a.body.delivered).sort()).toEqual([
      'already_sent',
      'already_sent',
      'already_sent',
      'posted',
    ]);
    expect(sink.received()).toHaveLength(1);
    const createdAt = new Date(await createdAtOf(user));
    const [message] = sink.received();
    const match = /^\[new_user\] New user registered: (\S+) \(signed up (\S+)\)\nFrom: (\S+)$/.exec(message.text);
    expect(match?.[1]).toBe(user.email);
    expect(match?.[3]).toBe(user.email);
    expect(new Date(match?.[2] ?? '').getTime()).toBe(createdAt.getTime());
    expectNoSecrets(user);
  });

  test("the body's message cannot change the announcement", async () => {
    const user = await newUser();
    await notify(user.accessToken, { type: 'new_user', message: 'New user registered: ceo@rival.example' });
    expect(sink.received()).toHaveLength(1);
    expect(sink.received()[0].text).toContain(`New user registered: ${user.email} (signed up `);
    expect(sink.received()[0].text).not.toContain('ceo@rival.example');
  });

  test('announced by the service role about a user, it is not announced again by the user', async () => {
    const user = await newUser();
    const byService = await notify(stack.serviceRoleKey, {
      type: 'new_user',
      auth_user_id: user.id,
      message: `New user registered: ${user.email}`,
    });
    expect(byService).toEqual({ status: 200, body: { success: true, delivered: 'posted' } });
    expect(await notify(user.accessToken, { type: 'new_user' })).toEqual({
      status: 200,
      body: { success: true, delivered: 'already_sent' },
    });
    expect(sink.received().map((m) => m.text)).toEqual([
      `[new_user] New user registered: ${user.email}\nFrom: service`,
    ]);
  });
});

describe('onboarding events and API errors, as the app sends them', () => {
  const notices: OnboardingNotice[] = [
    { notify: 'stateChanged', state: 'setup_complete' },
    { notify: 'stateChanged', state: 'error' },
    { notify: 'stateChanged', state: 'team_activated' },
    { notify: 'stuck', state: 'team_created' },
    { notify: 'recovered', state: 'setup_complete' },
    { notify: 'recoveryFailed', state: 'error', error: `setup_new_user failed (key ${NOTION_KEY})` },
  ];

  test.each(notices.map((n) => [onboardingMessage(n), n] as const))(
    'onboarding event "%s": one message, tagged and signed by the user',
    async (text, notice) => {
      const user = await newUser();
      const result = await notify(user.accessToken, { type: 'onboarding_event', message: onboardingMessage(notice) });
      expect(result).toEqual({ status: 200, body: { success: true, delivered: 'posted' } });
      expect(sink.received()).toHaveLength(1);
      expect(sink.received()[0].text).toBe(
        `[onboarding_event] ${text.replace(NOTION_KEY, '[REDACTED]')}\nFrom: ${user.email}`,
      );
      expectNoSecrets(user);
    },
  );

  test('an API error quoting the request (key, Authorization header) reaches the operators scrubbed', async () => {
    const user = await newUser();
    const message = [
      'Failed to fetch databases: API token is invalid. (401)',
      `POST https://api.notion.com/v1/search with Authorization: Bearer ${NOTION_KEY}`,
      `x-rapidapi-key: ${PROFILE_DATA_KEY}; session ${user.accessToken}`,
    ].join('\n');
    expect((await notify(user.accessToken, { type: 'api_error', message })).status).toBe(200);
    expect(sink.received()).toHaveLength(1);
    const { text } = sink.received()[0];
    expect(text).toContain('[api_error] Failed to fetch databases: API token is invalid. (401)');
    expect(text).toContain('Authorization: Bearer [REDACTED]');
    expect(text).toContain('x-rapidapi-key: [REDACTED]');
    expect(text).toContain(`From: ${user.email}`);
    expectNoSecrets(user);
  });
});

describe('callers who may not send are refused, and nothing is posted', () => {
  let user: TestUser;
  let other: TestUser;
  let goneToken: string;
  beforeAll(async () => {
    user = await newUser();
    other = await newUser();
    const gone = await newUser();
    goneToken = gone.accessToken;
    await stack.db.transaction((tx) => tx.query('delete from auth.users where id = $1', [gone.id]));
  });

  test.each([
    [
      'anonymous (the anon key)',
      () => stack.anonKey,
      { type: 'api_error', message: 'spam' },
      401,
      'Authentication required',
    ],
    ["a deleted user's token", () => goneToken, { type: 'new_user' }, 401, 'Authentication required'],
    [
      'a user sending a rate-limit alert',
      () => user.accessToken,
      { type: 'rate_limit', message: 'LinkedIn API rate limit exceeded' },
      403,
      'rate_limit notifications are sent by the server only',
    ],
    [
      'a user sending a quota alert',
      () => user.accessToken,
      { type: 'quota_exceeded', message: 'LinkedIn API monthly quota exceeded' },
      403,
      'quota_exceeded notifications are sent by the server only',
    ],
    ['a user without a type', () => user.accessToken, { message: 'hello' }, 400, 'type is required'],
    [
      "a user announcing another user's sign-up",
      () => user.accessToken,
      { type: 'new_user', auth_user_id: '00000000-0000-4000-8000-000000000000' },
      403,
      'You may only send notifications about your own account',
    ],
    [
      'a user reporting about another e-mail',
      () => user.accessToken,
      { type: 'api_error', message: 'their error', email: 'someone-else@example.com' },
      403,
      'You may only send notifications about your own account',
    ],
    ['a user without a message', () => user.accessToken, { type: 'api_error' }, 400, 'message is required'],
  ])('%s', async (_, token, body, status, error) => {
    expect(await notify(token(), body)).toEqual({ status, body: { success: false, error } });
    expect(sink.received()).toHaveLength(0);
  });

  test('a refused announcement of another user leaves theirs to come', async () => {
    expect((await notify(user.accessToken, { type: 'new_user', auth_user_id: other.id })).status).toBe(403);
    expect(await notify(other.accessToken, { type: 'new_user' })).toEqual({
      status: 200,
      body: { success: true, delivered: 'posted' },
    });
    expect(sink.received()).toHaveLength(1);
    expect(sink.received()[0].text).toContain(`New user registered: ${other.email}`);
  });
});
