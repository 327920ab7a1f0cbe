/**
 * get-profile-data-by-url when the provider cannot be used at all: no RAPIDAPI_KEY configured
 * (refused before any import is counted), and a provider that does not answer (drops connections),
 * which is an API error for the operators.
 */
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSlackSink, type SlackSink } from '../../supabase/local/sandboxes/slack/index.ts';
import { startTestStack, type TestStack } from './support/stack.ts';
import { createTestUser, type TestUser } from './support/users.ts';

process.env.DENO_DIR ??= resolve('.local/deno');

const PROFILE_URL = 'https://www.linkedin.com/in/ada-lovelace/';

/**
 * A provider that never answers: it accepts each connection and drops it at once. (A closed
 * port would do as well, but another test file running in parallel could take it.)
 */
async function droppingServer(): Promise<{ url: string; stop(): Promise<void> }> {
  const server = createServer((socket) => socket.destroy());
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((done) => server.close(() => done())),
  };
}

async function subscribedUser(stack: TestStack, email: string): Promise<TestUser> {
  const user = await createTestUser(stack, email);
  const { error } = await user.client.rpc('setup_new_user', { auth_user_id: user.id });
  expect(error).toBeNull();
  return user;
}

async function fetchProfile(stack: TestStack, user: TestUser) {
  const response = await fetch(
    `${stack.apiUrl}/functions/v1/get-profile-data-by-url?url=${encodeURIComponent(PROFILE_URL)}`,
    { headers: { authorization: `Bearer ${user.accessToken}`, apikey: stack.anonKey } },
  );
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function importsUsed(user: TestUser): Promise<number> {
  const { data, error } = await user.client.rpc('get_linkedin_quota_for_user', { auth_user_id: user.id });
  expect(error).toBeNull();
  return Number((data as { api_calls_used: number }).api_calls_used);
}

describe('without RAPIDAPI_KEY', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ functionEnv: { RAPIDAPI_KEY: '', SLACK_WEBHOOK_URL: '' } });
  });
  afterAll(() => stack?.stop());

  test('503 "Failed to fetch profile data from LinkedIn", and no import is counted', async () => {
    const user = await subscribedUser(stack, 'no-key@example.com');
    expect(await fetchProfile(stack, user)).toEqual({
      status: 503,
      body: { error: 'Failed to fetch profile data from LinkedIn', reason: 'provider_not_configured' },
    });
    expect(await importsUsed(user)).toBe(0);
  });
});

describe('with a provider that does not answer', () => {
  let stack: TestStack;
  let sink: SlackSink;
  let provider: Awaited<ReturnType<typeof droppingServer>>;
  beforeAll(async () => {
    sink = await startSlackSink();
    provider = await droppingServer();
    stack = await startTestStack({
      functionEnv: {
        RAPIDAPI_KEY: '0123456789msh0123456789abcdep1abcdejsn0123456789ab',
        PROFILE_DATA_API_URL: provider.url,
        SLACK_WEBHOOK_URL: sink.webhookUrl,
      },
    });
  });
  afterAll(async () => {
    await stack?.stop();
    await sink?.stop();
    await provider?.stop();
  });

  test('502 "Failed to fetch profile data from LinkedIn", an API-error alert, and a failed api_usage row', async () => {
    const user = await subscribedUser(stack, 'unreachable@example.com');
    expect(await fetchProfile(stack, user)).toEqual({
      status: 502,
      body: { error: 'Failed to fetch profile data from LinkedIn', reason: 'provider_unreachable' },
    });
    const [alert] = sink.received();
    expect(alert.text).toContain('Kind: error');
    expect(alert.text).toContain('User: unreachable@example.com');
    expect(alert.text).not.toContain('0123456789msh');
    const { data } = await user.client.from('api_usage').select('endpoint, successful, status_code');
    expect(data).toEqual([{ endpoint: 'get-profile-data-by-url', successful: false, status_code: null }]);
  });
});
