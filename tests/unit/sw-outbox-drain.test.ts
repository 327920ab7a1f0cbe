/**
 * The service worker's outbox drain (sw/outboxDrain.ts) as the browser drives it: a DRAIN_OUTBOX
 * message, the mirrored session, Web Locks (a fake: Node has none) and `fetch` (a fake Notion
 * behind the proxy's path, and the slack-notify function), in real time on fake-indexeddb.
 * - While it waits on a backed-off entry it does not hold the outbox's lock: a page opened
 *   meanwhile takes it at once, and the worker sends only once it has it again.
 * - A Notion error answer to its drain is reported to the operators as the page's are: the same
 *   text through slack-notify, as the mirrored session's user, with no key and no token in it.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { db } from '../../src/data/db/schema.ts';
import { OUTBOX_LOCK } from '../../src/data/outbox/drainLock.ts';
import { enqueue } from '../../src/data/outbox/enqueue.ts';
import { mirrorSession } from '../../src/data/outbox/workerSession.ts';
import { fakeLocks } from './support/fakeLocks.ts';

const AUTH = 'auth-worker';
const ACCESS_TOKEN = 'mirrored-access-token';
const ANON_KEY = 'anon-key-of-the-project';
const SUPABASE_URL = 'http://supabase.test';

type Answer = { status: number; body: unknown };
interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
  at: number;
}

const locks = fakeLocks();
const listeners = new Map<string, (event: unknown) => void>();
let answers: Answer[] = [];
let calls: Call[] = [];

beforeAll(() => {
  vi.stubEnv('VITE_SUPABASE_URL', SUPABASE_URL);
  vi.stubEnv('VITE_SUPABASE_ANON_KEY', ANON_KEY);
  vi.stubGlobal('navigator', { locks, onLine: true });
  vi.stubGlobal('self', {
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
  });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(new URL(String(input instanceof Request ? input.url : input), 'http://app.test'), init);
    const text = await request.text();
    calls.push({
      url: request.url,
      method: request.method,
      headers: request.headers,
      body: text ? JSON.parse(text) : undefined,
      at: Date.now(),
    });
    if (request.url.includes('/functions/v1/slack-notify'))
      return Response.json({ success: true, delivered: 'posted' });
    const { status, body } = answers.shift() ?? { status: 200, body: { object: 'page', id: 'page-1', properties: {} } };
    return Response.json(body, { status });
  });
});

beforeEach(async () => {
  answers = [];
  calls = [];
  await db.outbox.clear();
  const expiresAt = Math.floor(Date.now() / 1000) + 3600;
  await mirrorSession({ access_token: ACCESS_TOKEN, expires_at: expiresAt, user: { id: AUTH } });
  await enqueue({
    authId: AUTH,
    workspaceId: 'ws-1',
    pageId: 'page-1',
    propertyId: 'name',
    value: { rich_text: [{ type: 'text', text: { content: 'Lyon' } }] },
    base: null,
  });
  const { drainOutboxOnSync } = await import('../../sw/outboxDrain.ts');
  if (listeners.size === 0) drainOutboxOnSync();
});

afterEach(async () => {
  await db.outbox.clear();
});

/** The worker is asked to drain, as a closing page asks it; resolves when its drain ends. */
function askWorkerToDrain(): Promise<unknown> {
  let work: Promise<unknown> = Promise.resolve();
  listeners.get('message')!({
    data: { type: 'DRAIN_OUTBOX' },
    waitUntil: (promise: Promise<unknown>) => (work = promise),
  });
  return work;
}

const notionCalls = () => calls.filter((call) => call.url.includes('/api/notion/v1/'));
const reports = () => calls.filter((call) => call.url === `${SUPABASE_URL}/functions/v1/slack-notify`);

test('a page that asks for the lock while the worker waits on a backed-off entry gets it at once', async () => {
  answers = [
    { status: 500, body: { object: 'error', status: 500, code: 'internal_server_error', message: 'Hiccup.' } },
  ];
  const drained = askWorkerToDrain();
  // the first PATCH failed: the entry waits its backoff (0.5 to 1 s), the worker with it
  await vi.waitFor(
    async () => expect((await db.outbox.toArray())[0]).toMatchObject({ attempts: 1, inFlightSince: null }),
    {
      timeout: 5_000,
    },
  );
  const asked = Date.now();
  const pageTook = await locks.request(OUTBOX_LOCK, { signal: AbortSignal.timeout(300) }, async () => Date.now());
  expect(pageTook - asked).toBeLessThan(300);
  expect(notionCalls()).toHaveLength(1); // nothing was sent while the page held the lock

  await drained;
  expect(notionCalls().map((call) => call.method)).toEqual(['PATCH', 'PATCH']);
  expect(notionCalls()[1].at).toBeGreaterThanOrEqual(pageTook);
  expect(await db.outbox.count()).toBe(0);
});

test("a Notion error answer to the worker's drain reaches the operators, with no key and no token", async () => {
  answers = [
    {
      status: 400,
      body: { object: 'error', status: 400, code: 'validation_error', message: 'name is not a property that exists.' },
    },
  ];
  await askWorkerToDrain();
  expect((await db.outbox.toArray())[0]).toMatchObject({ state: 'failed' });
  await vi.waitFor(() => expect(reports()).toHaveLength(1));
  const [report] = reports();
  expect(report.method).toBe('POST');
  expect(report.body).toEqual({
    type: 'api_error',
    message:
      'Failed to update page properties: name is not a property that exists. (status 400)\nCall: PATCH /pages/page-1',
  });
  // sent as the mirrored session's user, the way the page's client sends it as its own
  expect(report.headers.get('authorization')).toBe(`Bearer ${ACCESS_TOKEN}`);
  expect(report.headers.get('apikey')).toBe(ANON_KEY);
  const message = (report.body as { message: string }).message;
  for (const secret of [ACCESS_TOKEN, ANON_KEY, 'Bearer', 'ws-1']) expect(message).not.toContain(secret);
});
