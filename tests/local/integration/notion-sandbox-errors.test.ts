/**
 * The Notion sandbox's errors and traffic knobs: Notion's bodies and codes for 401, 404,
 * 400 (missing_version, invalid_json, invalid_request_url, validation_error), the per-token
 * rate limit (429 rate_limited + Retry-After, honoured by a retry), latency and injected
 * failures — through the official client where it can send the request.
 */
import { APIErrorCode, APIResponseError } from '@notionhq/client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { knobsFromEnv } from '../../../supabase/local/sandboxes/notion/index.ts';
import {
  apiError,
  DB,
  NOTION_VERSION_HEADER,
  notionClient,
  PEOPLE_PAGE,
  rawRequest,
  SEED_IDS,
  startSandbox,
} from './notion-sandbox-support.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
const rawHeaders = (key: string) => ({ authorization: `Bearer ${key}`, 'notion-version': '2026-03-11' });
let notion: ReturnType<typeof notionClient>;

beforeAll(async () => {
  sandbox = await startSandbox();
  notion = notionClient(sandbox.url, sandbox.demoKey);
});
afterAll(() => sandbox?.stop());

const SHARED_HINT = 'Make sure the relevant pages and databases are shared with your integration.';

describe('401 unauthorized', () => {
  test('no key, a malformed key and an unknown well-formed key', async () => {
    const unknownNtn = `ntn_${'1'.repeat(11)}${'a'.repeat(35)}`;
    for (const auth of [
      undefined,
      'ntn_short',
      sandbox.demoKey.slice(0, -1) + 'x',
      unknownNtn,
      `secret_${'b'.repeat(43)}`,
    ]) {
      if (auth === sandbox.demoKey) continue;
      const error = await apiError(notionClient(sandbox.url, auth).users.me({}));
      expect([error.status, error.code, error.message]).toEqual([
        401,
        APIErrorCode.Unauthorized,
        'API token is invalid.',
      ]);
    }
  });
});

describe('404 object_not_found', () => {
  test('unknown ids and objects of another workspace, with Notion’s message', async () => {
    const missing = '0f0e0d0c-0b0a-4909-8807-060504030201';
    const db = await apiError(notion.databases.retrieve({ database_id: missing }));
    expect([db.status, db.code]).toEqual([404, 'object_not_found']);
    expect(db.message).toBe(`Could not find database with ID: ${missing}. ${SHARED_HINT}`);
    const page = await apiError(notion.pages.retrieve({ page_id: missing.replace(/-/g, '') }));
    expect(page.message).toBe(`Could not find page with ID: ${missing}. ${SHARED_HINT}`);
    const other = notionClient(sandbox.url, sandbox.secondKey);
    expect((await apiError(other.databases.query({ database_id: DB.people }))).status).toBe(404);
    expect((await apiError(other.pages.update({ page_id: PEOPLE_PAGE('max'), archived: true }))).status).toBe(404);
    const acmePage = SEED_IDS.page(DB.acme, 'acme');
    expect((await apiError(notion.pages.retrieve({ page_id: acmePage }))).code).toBe('object_not_found');
  });
});

describe('400 errors', () => {
  test('missing Notion-Version header', async () => {
    const response = await rawRequest(sandbox.url, '/v1/users/me', {
      headers: { authorization: `Bearer ${sandbox.demoKey}` },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      object: 'error',
      status: 400,
      code: 'missing_version',
      message:
        'Notion-Version header failed validation: Notion-Version header should be defined, instead was `undefined`.',
    });
  });

  test('invalid JSON and an endpoint Notion does not have', async () => {
    const headers = {
      ...NOTION_VERSION_HEADER,
      authorization: `Bearer ${sandbox.demoKey}`,
      'content-type': 'application/json',
    };
    const json = await rawRequest(sandbox.url, '/v1/search', { method: 'POST', headers, body: '{nope' });
    expect([json.status, json.body.code]).toEqual([400, 'invalid_json']);
    const url = await rawRequest(sandbox.url, '/v1/no-such-endpoint/abc', { headers });
    expect([url.status, url.body.code, url.body.message]).toEqual([400, 'invalid_request_url', 'Invalid request URL.']);
    const method = await rawRequest(sandbox.url, `/v1/pages/${PEOPLE_PAGE('max')}`, { method: 'DELETE', headers });
    expect(method.body.code).toBe('invalid_request_url');
  });

  test('validation_error: malformed ids, page_size over 100, bad cursors, unknown filter properties', async () => {
    const badId = await apiError(notion.pages.retrieve({ page_id: 'not-a-uuid' }));
    expect([badId.status, badId.code]).toEqual([400, 'validation_error']);
    expect(badId.message).toMatch(/path\.page_id should be a valid uuid/);
    const size = await apiError(notion.databases.query({ database_id: DB.people, page_size: 101 }));
    expect(size.message).toBe('body failed validation: body.page_size should be ≤ `100`, instead was `101`.');
    const cursor = await apiError(notion.databases.query({ database_id: DB.people, start_cursor: 'nowhere' }));
    expect(cursor.code).toBe('validation_error');
    const property = await apiError(
      notion.databases.query({ database_id: DB.people, filter: { property: 'Nope', rich_text: { equals: 'x' } } }),
    );
    expect(property.message).toBe('Could not find property with name or id: Nope');
    const mismatch = await apiError(
      notion.databases.query({ database_id: DB.people, filter: { property: 'Score', checkbox: { equals: true } } }),
    );
    expect(mismatch.code).toBe('validation_error');
    const deep = await apiError(
      notion.databases.query({
        database_id: DB.people,
        filter: { and: [{ or: [{ and: [{ property: 'Name', title: { contains: 'a' } }] }] }] } as Any,
      }),
    );
    expect(deep.message).toMatch(/nesting/);
  });
});

describe('rate limit', () => {
  test('a burst past the bucket gets 429 rate_limited with Retry-After, and a retry after it succeeds', async () => {
    // A token back every 2 s: the five calls' arrival, spread by a loaded machine, cannot refill
    // the bucket (at Notion's 3/s, one came back within a clean-clone run and 4 passed).
    const limited = await startSandbox({ rateLimit: { requestsPerSecond: 0.5, burst: 3 } });
    try {
      const client = notionClient(limited.url, limited.demoKey);
      const results = await Promise.allSettled(Array.from({ length: 5 }, () => client.users.me({})));
      const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
      expect(rejected).toHaveLength(2);
      const error = rejected[0].reason as APIResponseError;
      expect([error.status, error.code]).toEqual([429, APIErrorCode.RateLimited]);
      const retryAfter = Number((error.headers as unknown as Headers).get('retry-after'));
      expect(Number.isInteger(retryAfter) && retryAfter >= 1).toBe(true);
      // Another key has its own bucket.
      expect(await notionClient(limited.url, limited.secondKey).users.me({})).toMatchObject({ type: 'bot' });

      // @notionhq/client 2.x does not retry by itself: the caller honours Retry-After, as the
      // outbox drain does. Waiting what the header says is enough for the next call to pass.
      const waitedFrom = Date.now();
      await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
      expect(await client.users.me({})).toMatchObject({ type: 'bot' });
      expect(Date.now() - waitedFrom).toBeGreaterThanOrEqual(retryAfter * 1000);
    } finally {
      await limited.stop();
    }
  });

  test('rate limiting, latency and failures are per-run knobs', async () => {
    const chaos = await startSandbox({ latencyMs: 150 });
    try {
      const client = notionClient(chaos.url, chaos.demoKey);
      const started = Date.now();
      await client.users.me({});
      expect(Date.now() - started).toBeGreaterThanOrEqual(140);
      chaos.configure({ latencyMs: 0, failureRate: 1 });
      const failure = await apiError(client.users.me({}));
      expect([500, 503]).toContain(failure.status);
      expect(['internal_server_error', 'service_unavailable']).toContain(failure.code);
      // one token, back in 5 s: the second call comes before it, however loaded the machine
      chaos.configure({ failureRate: 0, rateLimit: { requestsPerSecond: 0.2, burst: 1 } });
      await client.users.me({});
      expect((await apiError(client.users.me({}))).status).toBe(429);
      chaos.configure({ rateLimit: false });
      await Promise.all(Array.from({ length: 20 }, () => client.users.me({})));
      expect(chaos.requestLog().length).toBeGreaterThanOrEqual(24);
      expect(JSON.stringify(chaos.requestLog())).not.toContain(chaos.demoKey);
    } finally {
      await chaos.stop();
    }
  });

  test('injected failures, when asked: a 429 marked injected, a dropped connection, an answer lost after the write', async () => {
    const chaos = await startSandbox({ rateLimit: false });
    try {
      const client = notionClient(chaos.url, chaos.demoKey);
      chaos.configure({ failureRate: 1, failureKinds: ['429'] });
      const limited = await apiError(client.users.me({}));
      expect(limited).toMatchObject({ status: 429, code: 'rate_limited' });
      expect((limited.headers as unknown as Headers).get('retry-after')).toBe('1');
      expect(chaos.requestLog().at(-1)).toMatchObject({ status: 429, injected: '429' });

      chaos.configure({ failureKinds: ['drop'] });
      await expect(fetch(`${chaos.url}/v1/users/me`, { headers: rawHeaders(chaos.demoKey) })).rejects.toThrow();

      // 'lose' hits writes only: a GET passes, a PATCH is applied and its answer never comes
      chaos.configure({ failureKinds: ['lose'] });
      expect((await fetch(`${chaos.url}/v1/users/me`, { headers: rawHeaders(chaos.demoKey) })).status).toBe(200);
      const patch = fetch(`${chaos.url}/v1/pages/${PEOPLE_PAGE('max')}`, {
        method: 'PATCH',
        headers: { ...rawHeaders(chaos.demoKey), 'content-type': 'application/json' },
        body: JSON.stringify({ properties: { City: { rich_text: [{ text: { content: 'Lost in transit' } }] } } }),
      });
      await expect(patch).rejects.toThrow();
      chaos.configure({ failureRate: 0 });
      const page = (await client.pages.retrieve({ page_id: PEOPLE_PAGE('max') })) as Any;
      expect(page.properties.City.rich_text[0].plain_text).toBe('Lost in transit');
    } finally {
      await chaos.stop();
    }
  });

  test('the knobs can come from the environment (npm start, benches)', () => {
    expect(
      knobsFromEnv({
        NOTION_SANDBOX_RATE_LIMIT: 'off',
        NOTION_SANDBOX_LATENCY_MS: '20-200',
        NOTION_SANDBOX_FAILURE_RATE: '0.1',
      }),
    ).toEqual({ rateLimit: false, latencyMs: [20, 200], failureRate: 0.1 });
    expect(knobsFromEnv({ NOTION_SANDBOX_RATE_LIMIT: '5/20', NOTION_SANDBOX_LATENCY_MS: '50' })).toEqual({
      rateLimit: { requestsPerSecond: 5, burst: 20 },
      latencyMs: 50,
    });
    expect(knobsFromEnv({})).toEqual({});
  });
});
