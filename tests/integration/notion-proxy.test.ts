/**
 * What the notion-proxy edge function forwards, through the whole local stack against the
 * Notion sandbox: the calls Sidenote makes and Notion's answers passed back, the allow-list,
 * that the key never leaks, and that concurrent calls of a key wait in its pacing (its exact rule:
 * tests/deno/notion-proxy-pacing.test.ts). Who may use it: notion-proxy-access.test.ts.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { SEED_IDS, type NotionSandbox } from '../../supabase/local/sandboxes/notion/index.ts';
import {
  MAX_PAGE,
  PEOPLE_DB,
  PEOPLE_SOURCE,
  PROXY_NOTION_VERSION,
  startProxyFixture,
  type ProxyFixture,
} from './support/notionProxy.ts';
import type { Persona } from './support/personas.ts';
import type { TestStack } from './support/stack.ts';

/** The proxy's pacing: 3 requests per second per key, bursts of 3. */
const INTERVAL_MS = 1000 / 3;
const BURST = 3;

let fixture: ProxyFixture;
let sandbox: NotionSandbox;
let stack: TestStack;
let outsider: Persona;
let secondWorkspace: string;
let logLines: string[];
let call: ProxyFixture['call'];

beforeAll(async () => {
  fixture = await startProxyFixture();
  ({ sandbox, stack, outsider, secondWorkspace, logLines, call } = fixture);
});
afterAll(() => fixture?.stop());
afterEach(() => sandbox.configure({ rateLimit: { requestsPerSecond: 3, burst: 10 } }));

describe('what it forwards', () => {
  test('the calls Sidenote makes, with Notion’s status and body passed through', async () => {
    const me = await call('/users/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ type: 'bot', bot: { workspace_name: 'Sidenote Demo' } });
    const query = await call(`/data_sources/${PEOPLE_SOURCE.replace(/-/g, '')}/query`, {
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

  test('it speaks Notion-Version 2026-03-11: a database is a container of data sources; the app may not pick another version', async () => {
    const database = await call(`/databases/${PEOPLE_DB}`);
    expect(database.status).toBe(200);
    expect(database.body).toMatchObject({ object: 'database', data_sources: [{ id: PEOPLE_SOURCE }] });
    expect(database.body).not.toHaveProperty('properties');
    const source = await call(`/data_sources/${PEOPLE_SOURCE}`);
    expect(source.body).toMatchObject({ object: 'data_source', parent: { database_id: PEOPLE_DB } });
    expect(await call('/users/me', { headers: { 'notion-version': PROXY_NOTION_VERSION } })).toMatchObject({
      status: 200,
    });
    sandbox.clearRequestLog();
    const older = await call(`/databases/${PEOPLE_DB}`, { headers: { 'notion-version': '2022-06-28' } });
    expect([older.status, older.body.code, older.headers.get('x-sidenote-proxy')]).toEqual([
      400,
      'invalid_request',
      'refused',
    ]);
    expect(sandbox.requestLog()).toHaveLength(0);
  });

  test('a page’s content: appended at its end and listed page by page, rebuilt from the checked id', async () => {
    const paragraph = (content: string) => ({ paragraph: { rich_text: [{ type: 'text', text: { content } }] } });
    const appended = await call(`/blocks/${MAX_PAGE.replace(/-/g, '')}/children`, {
      method: 'PATCH',
      body: { children: [paragraph('one'), paragraph('two'), paragraph('three')] },
    });
    expect(appended.status).toBe(200);
    expect(appended.body).toMatchObject({ object: 'list', type: 'block', results: [{ type: 'paragraph' }, {}, {}] });
    sandbox.clearRequestLog();
    const first = await call(`/blocks/${MAX_PAGE}/children?page_size=2&unknown=1`);
    expect(first.body).toMatchObject({ object: 'list', has_more: true });
    const cursor = first.body.next_cursor as string;
    const second = await call(`/blocks/${MAX_PAGE}/children?page_size=2&start_cursor=${cursor}`);
    expect(second.body).toMatchObject({
      has_more: false,
      results: [{ paragraph: { rich_text: [{ plain_text: 'three' }] } }],
    });
    expect(sandbox.requestLog().map((r) => r.path)).toEqual([
      `/v1/blocks/${MAX_PAGE}/children`,
      `/v1/blocks/${MAX_PAGE}/children`,
    ]);
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
      // Of blocks, only a page's children are listed and appended to.
      ['GET', `/blocks/${MAX_PAGE}`],
      ['PATCH', `/blocks/${MAX_PAGE}`],
      ['DELETE', `/blocks/${MAX_PAGE}/children`],
      ['POST', `/blocks/${MAX_PAGE}/children`],
      ['PATCH', `/blocks/${MAX_PAGE}/children/%2e%2e`],
      ['GET', `/blocks/${MAX_PAGE}%2f..%2fchildren`],
      ['PATCH', '/users'],
      ['GET', '/databases/not-an-id'],
      // The 2022-06-28 calls a database container no longer answers.
      ['POST', `/databases/${PEOPLE_DB}/query`],
      ['PATCH', `/databases/${PEOPLE_DB}`],
      ['GET', '/data_sources/not-an-id'],
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

test('10 concurrent calls for one workspace are paced before Notion: all answered, the last no sooner than the pacing allows', async () => {
  await new Promise((done) => setTimeout(done, 2 * INTERVAL_MS * BURST)); // let earlier calls of this key age out
  sandbox.clearRequestLog();
  const started = Date.now();
  const responses = await Promise.all(Array.from({ length: 10 }, () => call('/users/me')));
  const elapsed = Date.now() - started;
  expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
  expect(sandbox.requestLog().filter((entry) => entry.workspaceId === SEED_IDS.demoWorkspace)).toHaveLength(10);
  // The proxy sends 3 at once, then one per interval (its rule, on exact clock values, in
  // tests/deno/notion-proxy-pacing.test.ts): the 10th answer cannot come before 7 intervals after
  // the 1st send, itself after this test's start. Arrival times at the sandbox are not compared
  // pairwise: the hop and either process stalling on a busy machine shift them either way.
  expect(elapsed + 1).toBeGreaterThanOrEqual((10 - BURST) * INTERVAL_MS);
});
