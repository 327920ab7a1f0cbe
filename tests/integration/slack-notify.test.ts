/**
 * slack-notify in Deno through the local stack, posting to the Slack sink: delivery as a
 * signed-in user or the service role, refusal of anonymous callers and bad bodies (who may send
 * which type: tests/integration/operator-notifications.test.ts), the caller's
 * `webhook_url` ignored (no open relay), a failing or missing webhook counted as success, and
 * keys and tokens redacted from what reaches Slack.
 */
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { startSlackSink, type SlackSink } from '../../supabase/local/sandboxes/slack/index.ts';
import { startTestStack, type TestStack } from './support/stack.ts';
import { createTestUser, type TestUser } from './support/users.ts';

process.env.DENO_DIR ??= resolve('.local/deno');

const FAKE_RAPIDAPI_KEY = '0123456789msh0123456789abcdep1abcdejsn0123456789ab';

async function notify(stack: TestStack, token: string, body: unknown) {
  const response = await fetch(`${stack.apiUrl}/functions/v1/slack-notify`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, apikey: stack.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('slack-notify with a webhook configured', () => {
  let sink: SlackSink;
  let otherSink: SlackSink;
  let stack: TestStack;
  let user: TestUser;

  beforeAll(async () => {
    sink = await startSlackSink();
    otherSink = await startSlackSink();
    stack = await startTestStack({
      functionEnv: { SLACK_WEBHOOK_URL: sink.webhookUrl, RAPIDAPI_KEY: FAKE_RAPIDAPI_KEY },
    });
    user = await createTestUser(stack, 'notify-user@example.com');
  });
  afterAll(async () => {
    await stack?.stop();
    await sink?.stop();
    await otherSink?.stop();
  });

  test('a signed-in user posts an onboarding event: it reaches the webhook with the sender', async () => {
    sink.clear();
    const result = await notify(stack, user.accessToken, {
      type: 'onboarding_event',
      message: 'State changed to setup_complete',
    });
    expect(result).toEqual({ status: 200, body: { success: true, delivered: 'posted' } });
    const [received] = sink.received();
    expect(sink.received()).toHaveLength(1);
    expect(received.text).toBe('[onboarding_event] State changed to setup_complete\nFrom: notify-user@example.com');
    expect(received.payload).toEqual({ text: received.text });
  });

  test("a caller's text cannot ping the channel or disguise a link: Slack markup is escaped", async () => {
    sink.clear();
    const result = await notify(stack, user.accessToken, {
      type: 'api_error',
      message: '<!channel> pay <https://evil.example|Stripe invoice> & more',
    });
    expect(result.status).toBe(200);
    expect(sink.received()[0].text).toBe(
      '[api_error] &lt;!channel&gt; pay &lt;https://evil.example|Stripe invoice&gt; &amp; more\nFrom: notify-user@example.com',
    );
  });

  test('a type outside the fixed list is refused (400) and nothing is posted', async () => {
    sink.clear();
    for (const type of ['<!here>', 'payment_received', 'API_ERROR', '']) {
      const result = await notify(stack, user.accessToken, { type, message: 'Your invoice is overdue' });
      expect(result.status).toBe(400);
      expect(result.body.error).toBe(
        'type must be one of api_error, new_user, debug_mode, rate_limit, quota_exceeded, onboarding_event',
      );
    }
    expect(sink.received()).toHaveLength(0);
  });

  test('a user over 10 notifications a minute gets 429 with Retry-After; others are not held back', async () => {
    const flooder = await createTestUser(stack, 'notify-flooder@example.com');
    sink.clear();
    for (let i = 1; i <= 10; i += 1) {
      expect((await notify(stack, flooder.accessToken, { type: 'api_error', message: `error ${i}` })).status).toBe(200);
    }
    const response = await fetch(`${stack.apiUrl}/functions/v1/slack-notify`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${flooder.accessToken}`,
        apikey: stack.anonKey,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ type: 'api_error', message: 'error 11' }),
    });
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({ success: false, error: 'Too many notifications. Please retry later.' });
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(sink.received().map((m) => m.text.split('\n')[0])).not.toContain('[api_error] error 11');
    expect(sink.received()).toHaveLength(10);
    expect((await notify(stack, user.accessToken, { type: 'api_error', message: 'another user' })).status).toBe(200);
  });

  test('the service role may notify too (other functions)', async () => {
    sink.clear();
    const result = await notify(stack, stack.serviceRoleKey, { message: 'New user registered: a@example.com' });
    expect(result).toEqual({ status: 200, body: { success: true, delivered: 'posted' } });
    expect(sink.received()[0].text).toBe('New user registered: a@example.com\nFrom: service');
  });

  test("a caller's webhook_url is ignored: only the configured webhook receives the message", async () => {
    sink.clear();
    const result = await notify(stack, user.accessToken, {
      type: 'api_error',
      webhook_url: otherSink.webhookUrl,
      message: 'hello',
    });
    expect(result.status).toBe(200);
    expect(sink.received()).toHaveLength(1);
    expect(otherSink.received()).toHaveLength(0);
  });

  test('anonymous callers (the anon key alone) are refused and nothing is posted', async () => {
    sink.clear();
    expect(await notify(stack, stack.anonKey, { message: 'spam' })).toEqual({
      status: 401,
      body: { success: false, error: 'Authentication required' },
    });
    expect(sink.received()).toHaveLength(0);
  });

  test.each([
    [undefined, 'The request body must be a JSON object with a message'],
    [{ type: 'api_error' }, 'message is required'],
    [{ message: '   ' }, 'message is required'],
    [{ message: 'x'.repeat(10_001) }, 'message must be at most 10000 characters'],
    [
      { message: 'ok', type: 3 },
      'type must be one of api_error, new_user, debug_mode, rate_limit, quota_exceeded, onboarding_event',
    ],
  ])('an invalid body %j is refused: %s', async (body, error) => {
    expect(await notify(stack, user.accessToken, body)).toEqual({ status: 400, body: { success: false, error } });
  });

  test('keys and tokens are redacted from the notification', async () => {
    sink.clear();
    const secrets = [
      stack.serviceRoleKey,
      user.accessToken,
      FAKE_RAPIDAPI_KEY,
      'ntn_12345678901abcdefghijklmnopqrstuvwxyzABCDEF123',
      'secret_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
      'sk_test_51ABCdefGHIjklMNOpqr',
      'whsec_abcdefghijklmnop123456',
      'xoxb-123456789012-abcdefghijkl',
      'https://hooks.slack.com/services/T000/B000/XXXXXXXXXXXX',
      // a RapidAPI key that is not this deployment's (redacted by its shape, not its value)
      'abcdef0123mshabcdef012345678p1abcdejsnabcdef012345',
    ];
    const message = [
      `Error calling API with key ${secrets[2]} and Authorization: Bearer ${secrets[1]}`,
      `service key ${secrets[0]}`,
      `notion ${secrets[3]} legacy ${secrets[4]} stripe ${secrets[5]} ${secrets[6]} slack ${secrets[7]} ${secrets[8]}`,
      `other rapidapi key ${secrets[9]}`,
      'password=hunter2hunter2 apikey: abc123def456',
    ].join('\n');
    const result = await notify(stack, user.accessToken, { type: 'api_error', message });
    expect(result.status).toBe(200);
    const { text } = sink.received()[0];
    for (const secret of [...secrets, 'hunter2hunter2', 'abc123def456']) expect(text).not.toContain(secret);
    expect(text).toContain('[REDACTED]');
    expect(text).toContain('Error calling API with key [REDACTED] and Authorization: Bearer [REDACTED]');
    expect(text).toContain('From: notify-user@example.com');
  });

  test('a failing webhook is logged only and still counts as success', async () => {
    sink.clear();
    sink.configure({ failWith: { status: 500, body: 'internal_error' } });
    try {
      const result = await notify(stack, user.accessToken, { type: 'api_error', message: 'while Slack is down' });
      expect(result).toEqual({ status: 200, body: { success: true, delivered: 'logged_webhook_failed' } });
      expect(sink.received()).toHaveLength(0);
    } finally {
      sink.configure({ failWith: undefined });
    }
  });
});

describe('slack-notify without a webhook', () => {
  let stack: TestStack;
  let user: TestUser;

  beforeAll(async () => {
    // An empty value also overrides any SLACK_WEBHOOK_URL in a developer's supabase/functions/.env.
    stack = await startTestStack({ functionEnv: { SLACK_WEBHOOK_URL: '' } });
    user = await createTestUser(stack, 'no-webhook@example.com');
  });
  afterAll(() => stack?.stop());

  test('the notification is logged only, redacted, and counts as success', async () => {
    const lines: string[] = [];
    const spy = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void lines.push(args.join(' ')));
    try {
      const result = await notify(stack, user.accessToken, {
        type: 'onboarding_event',
        message: `stuck at team_created (token ${user.accessToken})`,
      });
      expect(result).toEqual({ status: 200, body: { success: true, delivered: 'logged_no_webhook' } });
      // The function's output reaches this process line by line, shortly after the response.
      await vi.waitFor(() => expect(lines.join('\n')).toContain('stuck at team_created (token [REDACTED])'));
      expect(lines.join('\n')).toContain('no SLACK_WEBHOOK_URL configured');
      expect(lines.join('\n')).not.toContain(user.accessToken);
    } finally {
      spy.mockRestore();
    }
  });
});
