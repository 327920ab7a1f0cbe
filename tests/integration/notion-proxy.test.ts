/**
 * The notion-proxy edge function through the whole local stack (gateway relay, the function in
 * Deno, the auth server for the session check, the database for the caller's workspaces and
 * team) against the Notion sandbox: who may use it and with which workspace, that a raw key is
 * taken only to validate it (GET /users/me), the subscription gate on every call, what it
 * forwards and passes back, that the key never leaks, and the per-key pacing measured where
 * Notion would see it — at the sandbox.
 */
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { startNotionSandbox, type NotionSandbox, SEED_IDS } from '../../supabase/local/sandboxes/notion/index.ts';
import { NO_ACTIVE_SUBSCRIPTION } from '../../supabase/functions/_shared/subscription-gate.ts';
import { startTestStack, type TestStack } from './support/stack.ts';
import { setUpUser, sql, type Persona } from './support/personas.ts';
import { createTestUser } from './support/users.ts';

// Share Deno's npm cache with `npm start` (.local/deno) instead of each stack's temp folder.
process.env.DENO_DIR ??= resolve('.local/deno');

const PEOPLE_DB = SEED_IDS.databases.people;
const MAX_PAGE = SEED_IDS.page(PEOPLE_DB, 'max');
/** The proxy's pacing: 3 requests per second per key, bursts of 3. */
const INTERVAL_MS = 1000 / 3;
const BURST = 3;

/** Every call of the allow-list, with a body where it takes one. */
const ALLOWED_CALLS: { method: string; path: string; body?: unknown }[] = [
  { method: 'GET', path: '/users/me' },
  { method: 'GET', path: '/users' },
  { method: 'POST', path: '/search', body: { filter: { property: 'object', value: 'database' } } },
  { method: 'GET', path: `/databases/${PEOPLE_DB}` },
  { method: 'PATCH', path: `/databases/${PEOPLE_DB}`, body: {} },
  { method: 'POST', path: `/databases/${PEOPLE_DB}/query`, body: { page_size: 1 } },
  { method: 'POST', path: '/pages', body: { parent: { database_id: PEOPLE_DB }, properties: {} } },
  { method: 'GET', path: `/pages/${MAX_PAGE}` },
  { method: 'PATCH', path: `/pages/${MAX_PAGE}`, body: { properties: {} } },
  { method: 'GET', path: `/pages/${MAX_PAGE}/properties/title` },
];

let sandbox: NotionSandbox;
let stack: TestStack;
/** Linked to `demoWorkspace` (the demo key); their team is active. */
let user: Persona;
/** Linked to `secondWorkspace` (the second key) only. */
let outsider: Persona;
let demoWorkspace: string;
let secondWorkspace: string;
const logLines: string[] = [];

async function workspaceOf(who: Persona, key: string): Promise<string> {
  const { data, error } = await who.client.rpc('create_workspace_with_association', {
    notion_key: key,
    notion_workspace_id: null,
    workspace_name: 'Proxy test',
    notion_key_name: null,
    auth_user_id: who.id,
  });
  if (error || !data.success) throw new Error(`creating the workspace failed: ${error?.message ?? data.error}`);
  return data.new_workspace.id;
}

beforeAll(async () => {
  sandbox = await startNotionSandbox();
  stack = await startTestStack({ functionEnv: { NOTION_API_URL: sandbox.url } });
  [user, outsider] = await Promise.all([
    setUpUser(stack, `notion-proxy-${Date.now()}@example.com`),
    setUpUser(stack, `notion-proxy-outsider-${Date.now()}@example.com`),
  ]);
  demoWorkspace = await workspaceOf(user, sandbox.demoKey);
  secondWorkspace = await workspaceOf(outsider, sandbox.secondKey);
  // The functions runner logs the child's output through console with a [functions:<name>] prefix.
  for (const method of ['log', 'error', 'warn', 'info'] as const) {
    const original = console[method].bind(console);
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      logLines.push(args.map(String).join(' '));
      original(...args);
    });
  }
});
afterAll(async () => {
  vi.restoreAllMocks();
  await stack?.stop();
  await sandbox?.stop();
});
afterEach(() => sandbox.configure({ rateLimit: { requestsPerSecond: 3, burst: 10 } }));

interface CallOptions {
  method?: string;
  token?: string | null;
  /** The workspace header (default: the user's demo workspace, unless a raw key is sent). */
  workspace?: string | null;
  key?: string | null;
  body?: unknown;
  headers?: Record<string, string>;
}

async function call(path: string, options: CallOptions = {}) {
  const headers: Record<string, string> = { ...options.headers };
  const token = options.token === undefined ? user.accessToken : options.token;
  const workspace = options.workspace === undefined ? (options.key ? null : demoWorkspace) : options.workspace;
  if (token) headers.authorization = `Bearer ${token}`;
  if (workspace) headers['x-sidenote-workspace'] = workspace;
  if (options.key) headers['x-notion-key'] = options.key;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${stack.apiUrl}/functions/v1/notion-proxy${path}`, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: JSON.parse(text) as Record<string, unknown>,
  };
}

describe('who may use it, with which workspace', () => {
  test('no session → 401, and nothing reaches Notion', async () => {
    sandbox.clearRequestLog();
    expect((await call('/users/me', { token: null })).status).toBe(401);
    const anon = await call('/users/me', { token: stack.anonKey });
    expect(anon.status).toBe(401);
    expect(anon.body).toMatchObject({ object: 'error', code: 'unauthorized' });
    expect(sandbox.requestLog()).toHaveLength(0);
  });

  test('the CORS preflight allows the app’s origin and the workspace and key headers', async () => {
    const response = await fetch(`${stack.apiUrl}/functions/v1/notion-proxy/users/me`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-headers': 'authorization, x-sidenote-workspace',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(response.headers.get('access-control-allow-headers')).toContain('x-sidenote-workspace');
    expect(response.headers.get('access-control-allow-headers')).toContain('x-notion-key');
  });

  test('a signed-in user naming no workspace → 400', async () => {
    const response = await call('/search', { method: 'POST', workspace: null, body: {} });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'invalid_request',
      message: expect.stringContaining('x-sidenote-workspace'),
    });
  });

  test('a workspace the caller is not in, or none at all → 403, the same answer, before Notion', async () => {
    sandbox.clearRequestLog();
    const answers = [];
    for (const workspace of [secondWorkspace, randomUUID(), 'not-a-workspace']) {
      for (const { method, path, body } of ALLOWED_CALLS) {
        const response = await call(path, { method, body, workspace });
        expect([workspace, method, path, response.status]).toEqual([workspace, method, path, 403]);
        expect(response.headers.get('x-sidenote-proxy')).toBe('refused');
        answers.push(response.body);
      }
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0]).toEqual({
      object: 'error',
      status: 403,
      code: 'restricted_resource',
      message: 'This workspace is not available to you.',
    });
    expect(sandbox.requestLog()).toHaveLength(0);
    // The outsider uses their own workspace.
    expect((await call('/users/me', { token: outsider.accessToken, workspace: secondWorkspace })).status).toBe(200);
  });

  test('a raw key is taken by GET /users/me only; on any other call, even a valid key → 400, before Notion', async () => {
    const validation = await call('/users/me', { key: sandbox.demoKey });
    expect(validation.status).toBe(200);
    expect(validation.body).toMatchObject({ type: 'bot', bot: { workspace_name: 'Sidenote Demo' } });
    sandbox.clearRequestLog();
    for (const { method, path, body } of ALLOWED_CALLS.slice(1)) {
      const response = await call(path, { method, body, key: sandbox.demoKey });
      expect([method, path, response.status, response.body.code]).toEqual([method, path, 400, 'invalid_request']);
    }
    const both = await call('/users/me', { key: sandbox.demoKey, workspace: demoWorkspace });
    expect([both.status, both.body.code]).toEqual([400, 'invalid_request']);
    expect(sandbox.requestLog()).toHaveLength(0);
  });
});

describe('the subscription gate', () => {
  test('a canceled team: every allowed call → 402 with the subscription message, nothing reaches Notion', async () => {
    await sql(stack, "update public.teams set subscription_status = 'canceled', trial_end_date = null where id = $1", [
      user.teamId,
    ]);
    try {
      sandbox.clearRequestLog();
      const calls: ((typeof ALLOWED_CALLS)[number] & { key?: string })[] = [
        ...ALLOWED_CALLS,
        { method: 'GET', path: '/users/me', key: sandbox.demoKey },
      ];
      for (const { method, path, body, key } of calls) {
        const response = await call(path, { method, body, key });
        expect([method, path, response.status]).toEqual([method, path, 402]);
        expect(response.body).toEqual({
          object: 'error',
          status: 402,
          code: 'subscription_inactive',
          message: NO_ACTIVE_SUBSCRIPTION,
        });
      }
      expect(sandbox.requestLog()).toHaveLength(0);
    } finally {
      await sql(stack, "update public.teams set subscription_status = 'active' where id = $1", [user.teamId]);
    }
    expect((await call('/users/me')).status).toBe(200);
  });

  test('a trial still running opens it; a user without a team → 402', async () => {
    await sql(
      stack,
      "update public.teams set subscription_status = 'canceled', trial_end_date = now() + interval '1 day' where id = $1",
      [user.teamId],
    );
    try {
      expect((await call('/users/me')).status).toBe(200);
    } finally {
      await sql(stack, "update public.teams set subscription_status = 'active' where id = $1", [user.teamId]);
    }
    const teamless = await createTestUser(stack, `notion-proxy-teamless-${Date.now()}@example.com`);
    const refused = await call('/users/me', { token: teamless.accessToken, key: sandbox.demoKey });
    expect([refused.status, refused.body.message]).toEqual([402, NO_ACTIVE_SUBSCRIPTION]);
  });
});

describe('what it forwards', () => {
  test('the calls Sidenote makes, with Notion’s status and body passed through', async () => {
    const me = await call('/users/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ type: 'bot', bot: { workspace_name: 'Sidenote Demo' } });
    const query = await call(`/databases/${PEOPLE_DB.replace(/-/g, '')}/query`, {
      method: 'POST',
      body: { filter: { property: 'LinkedIn URL', url: { contains: 'camille-dupont' } }, page_size: 1 },
    });
    expect(query.status).toBe(200);
    expect(query.body).toMatchObject({ object: 'list', has_more: true });
    const items = await call(`/pages/${MAX_PAGE}/properties/title?page_size=1&unknown=1`);
    expect(items.body).toMatchObject({ object: 'list', type: 'property_item' });
    // The second integration cannot see the demo workspace's pages.
    const hidden = await call(`/pages/${MAX_PAGE}`, { token: outsider.accessToken, workspace: secondWorkspace });
    expect(hidden.status).toBe(404);
    expect(hidden.body).toMatchObject({ object: 'error', code: 'object_not_found' });
    const invalid = await call('/users/me', { key: `ntn_${'1'.repeat(11)}${'z'.repeat(35)}` });
    expect([invalid.status, invalid.body.message]).toEqual([401, 'API token is invalid.']);
  });

  test('Notion’s 429 and Retry-After reach the caller', async () => {
    sandbox.configure({ rateLimit: { requestsPerSecond: 0.2, burst: 1 } });
    const asOutsider = { token: outsider.accessToken, workspace: secondWorkspace };
    await call('/users/me', asOutsider);
    const limited = await call('/users/me', asOutsider);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'rate_limited' });
    expect(limited.headers.get('retry-after')).toBe('5');
  });

  test('paths and methods outside the allow-list are refused before Notion', async () => {
    sandbox.clearRequestLog();
    const refused: [string, string][] = [
      ['DELETE', `/pages/${MAX_PAGE}`],
      ['POST', '/users/me'],
      ['GET', '/blocks/abc/children'],
      ['GET', `/blocks/${MAX_PAGE}/children`],
      ['PATCH', '/users'],
      ['GET', '/databases/not-an-id'],
      ['GET', `/pages/${MAX_PAGE}/properties/%2e%2e`],
      ['GET', `/pages/${MAX_PAGE}/properties/a%2Fb`],
      ['GET', '/https://example.com/v1/users/me'],
      ['GET', '/v1/users/me'],
      ['GET', ''],
      ['PUT', '/pages'],
    ];
    for (const [method, path] of refused) {
      const response = await call(path, { method, body: method === 'GET' ? undefined : {} });
      expect([method, path, response.status]).toEqual([method, path, 400]);
      expect(response.body).toMatchObject({ object: 'error', code: 'invalid_request_url' });
      expect(response.headers.get('x-sidenote-proxy')).toBe('refused');
    }
    expect(sandbox.requestLog()).toHaveLength(0);
  });
});

test('the key never appears in a log line or a response', async () => {
  const start = logLines.length;
  const texts: string[] = [];
  const key = sandbox.demoKey;
  const record = (r: Awaited<ReturnType<typeof call>>) => texts.push(r.text, JSON.stringify([...r.headers]));
  record(await call('/users/me', { key }));
  record(await call('/users/me'));
  record(await call(`/pages/${MAX_PAGE}`, { method: 'PATCH', body: { properties: { Nope: { rich_text: [] } } } }));
  record(await call('/search', { method: 'POST', body: '{"query":' }));
  record(await call('/search', { method: 'POST', key, body: {} }));
  record(await call('/blocks/x'));
  record(await call('/users/me', { key, token: stack.anonKey }));
  record(await call('/users/me', { headers: { 'notion-version': '2021-05-13' } }));
  record(await call('/users/me', { key: `${key}x` }));
  // A key pasted into the path: the sandbox's 404 names the property id, the proxy redacts it.
  const echoed = await call(`/pages/${MAX_PAGE}/properties/${key}`);
  expect([echoed.status, echoed.body.message]).toEqual([404, 'Could not find property with ID: [redacted].']);
  record(echoed);
  const lines = logLines.slice(start);
  expect(lines.some((line) => line.includes('[functions:notion-proxy]'))).toBe(true);
  for (const text of [...lines, ...texts]) {
    expect(text).not.toContain(key);
    expect(text).not.toContain(key.slice(4, 30));
  }
});

test('10 concurrent calls for one workspace never exceed the pacing at Notion', async () => {
  await new Promise((done) => setTimeout(done, 2 * INTERVAL_MS * BURST)); // let earlier calls of this key age out
  sandbox.clearRequestLog();
  const responses = await Promise.all(Array.from({ length: 10 }, () => call('/users/me')));
  expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
  const arrivals = sandbox
    .requestLog()
    .filter((entry) => entry.workspaceId === SEED_IDS.demoWorkspace)
    .map((entry) => entry.at)
    .sort((a, b) => a - b);
  expect(arrivals).toHaveLength(10);
  // Arrival times include the proxy→sandbox hop: a request that opens a new connection lands
  // up to a few tens of ms later than one reusing a connection, so allow that much either way.
  const JITTER_MS = 100;
  for (let i = 0; i < arrivals.length; i++) {
    for (let j = i + 1; j < arrivals.length; j++) {
      // At most BURST requests at once, then one more per interval: j - i + 1 requests need
      // (j - i + 1 - BURST) intervals between the first and the last of them.
      const needed = Math.max(0, j - i + 1 - BURST) * INTERVAL_MS;
      expect(arrivals[j] - arrivals[i] + JITTER_MS).toBeGreaterThanOrEqual(needed);
    }
  }
  expect(arrivals[9] - arrivals[0]).toBeGreaterThanOrEqual((10 - BURST) * INTERVAL_MS - JITTER_MS);
});
