/**
 * The Notion client's paging and error rules (spec 1 §7, §8, §9) with an in-memory fetch: the
 * databases step lists data sources (search object=data_source, Notion-Version 2026-03-11) and
 * follows Notion's cursors past 100 with page_size 100, and errors carry the
 * response's message or 'Notion API returned status N'.
 */
import { describe, expect, test } from 'vitest';
import { createNotionClient } from '../../src/data/notion/client.ts';
import { AppError } from '../../src/data/errors/appError.ts';
import { NO_ACTIVE_SUBSCRIPTION } from '../../supabase/functions/_shared/subscription-gate.ts';

const KEY = 'ntn_' + '1'.repeat(46);
const WORKSPACE = '00000000-0000-4000-8000-000000000001';

function fakeNotion(total: number) {
  const requests: { url: string; headers: Record<string, string>; body: Record<string, unknown> }[] = [];
  const databases = Array.from({ length: total }, (_, i) => ({
    object: 'data_source',
    id: `ds-${i}`,
    title: [{ plain_text: `Contacts ${i}` }],
    icon: null,
    url: `https://notion.so/db-${i}`,
    parent: { type: 'database_id', database_id: `db-${i}` },
  }));
  const fetch = (async (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
    requests.push({ url, headers: init.headers as Record<string, string>, body });
    const size = Number(body.page_size);
    const start = body.start_cursor ? databases.findIndex((d) => d.id === body.start_cursor) : 0;
    const results = databases.slice(start, start + size);
    const next = databases[start + size];
    return new Response(
      JSON.stringify({ object: 'list', results, has_more: Boolean(next), next_cursor: next?.id ?? null }),
    );
  }) as unknown as typeof globalThis.fetch;
  return { fetch, requests };
}

describe('data sources', () => {
  test.each([
    [0, 1],
    [3, 1],
    [100, 1],
    [101, 2],
    [250, 3],
  ])('%d data sources take %d search calls of page_size 100', async (total, calls) => {
    const fake = fakeNotion(total);
    const client = createNotionClient({ fetch: fake.fetch, accessToken: async () => 'jwt' });
    const found = await client.allDataSources(WORKSPACE);
    expect(found.map((d) => [d.id, d.databaseId, d.title])).toEqual(
      Array.from({ length: total }, (_, i) => [`ds-${i}`, `db-${i}`, `Contacts ${i}`]),
    );
    expect(fake.requests).toHaveLength(calls);
    for (const request of fake.requests) {
      expect(request.url).toBe('/api/notion/v1/search');
      expect(request.body.page_size).toBe(100);
      expect(request.body.filter).toEqual({ property: 'object', value: 'data_source' });
      expect(request.headers['x-sidenote-workspace']).toBe(WORKSPACE);
      expect(request.headers['x-notion-key']).toBeUndefined();
      expect(request.headers.authorization).toBe('Bearer jwt');
    }
  });
});

describe('errors', () => {
  const failing = (status: number, body: string) =>
    createNotionClient({
      fetch: (async () => new Response(body, { status })) as unknown as typeof fetch,
      accessToken: async () => null,
    });

  test('the response message is kept', async () => {
    const error = await failing(401, JSON.stringify({ code: 'unauthorized', message: 'API token is invalid.' }))
      .validateKey(KEY)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      reason: { kind: 'unauthorized' },
      debug: { source: 'notion', status: 401, code: 'unauthorized' },
      message: 'API token is invalid.',
    });
  });

  test.each(['', 'not json', '{}'])('without a message (%j): Notion API returned status N', async (body) => {
    await expect(failing(502, body).validateKey(KEY)).rejects.toThrow('Notion API returned status 502');
  });

  test('a failed fetch is a network error', async () => {
    const client = createNotionClient({
      fetch: (async () => {
        throw new TypeError('Failed to fetch');
      }) as unknown as typeof fetch,
      accessToken: async () => null,
    });
    await expect(client.validateKey(KEY)).rejects.toMatchObject({
      reason: { kind: 'network' },
      debug: { source: 'fetch' },
    });
  });

  test('a 429 keeps Retry-After in milliseconds', async () => {
    const client = createNotionClient({
      fetch: (async () =>
        new Response(JSON.stringify({ object: 'error', status: 429, code: 'rate_limited', message: 'Slow down.' }), {
          status: 429,
          headers: { 'retry-after': '2' },
        })) as unknown as typeof fetch,
      accessToken: async () => null,
    });
    await expect(client.validateKey(KEY)).rejects.toMatchObject({
      reason: { kind: 'rateLimited', retryAfterMs: 2000 },
    });
  });

  test('the proxy’s refusal for an inactive subscription is forbidden, with the spec’s text', async () => {
    const body = JSON.stringify({
      object: 'error',
      status: 402,
      code: 'subscription_inactive',
      message: NO_ACTIVE_SUBSCRIPTION,
    });
    await expect(failing(402, body).allDataSources(WORKSPACE)).rejects.toMatchObject({
      reason: { kind: 'forbidden' },
      message: "You don't have an active subscription.",
    });
  });

  test('users/me validates a typed key: the only call that sends one', async () => {
    const sent: Record<string, string>[] = [];
    const client = createNotionClient({
      fetch: (async (_url: string, init: RequestInit) => (
        sent.push(init.headers as Record<string, string>),
        new Response(
          JSON.stringify({
            object: 'user',
            id: 'bot-1',
            name: 'Sidenote Demo Integration',
            type: 'bot',
            bot: { workspace_name: 'Sidenote Demo' },
          }),
        )
      )) as unknown as typeof fetch,
      accessToken: async () => null,
    });
    expect(await client.validateKey(` ${KEY} `)).toEqual({
      id: 'bot-1',
      name: 'Sidenote Demo Integration',
      workspaceName: 'Sidenote Demo',
    });
    expect(sent).toEqual([{ 'x-notion-key': KEY, 'content-type': 'application/json' }]);
  });
});

describe('error answers are told to onErrorAnswer (the app reports them to the operators)', () => {
  const PAGE = '00000000-0000-4000-8000-0000000000aa';

  test('once per error answer, with the call and the thrown error', async () => {
    const told: { method: string; path: string; body: unknown; error: unknown }[] = [];
    const client = createNotionClient({
      fetch: (async () =>
        new Response(JSON.stringify({ code: 'validation_error', message: 'Name is not a property.' }), {
          status: 400,
        })) as unknown as typeof fetch,
      accessToken: async () => 'jwt',
      onErrorAnswer: (call) => told.push(call),
    });
    const patch = { properties: { Name: { title: [] } } };
    const thrown = await client.updatePage(WORKSPACE, PAGE, patch).catch((e: unknown) => e);
    expect(told).toHaveLength(1);
    expect(told[0]).toEqual({ method: 'PATCH', path: `/pages/${PAGE}`, body: patch, error: thrown });
    expect(thrown).toMatchObject({ reason: { kind: 'validation' }, message: 'Name is not a property.' });
  });

  test('not for an answer that succeeds, nor for a fetch that fails (no answer)', async () => {
    let told = 0;
    const answering = createNotionClient({
      fetch: (async () => new Response(JSON.stringify({ object: 'user', id: 'bot' }))) as unknown as typeof fetch,
      accessToken: async () => null,
      onErrorAnswer: () => (told += 1),
    });
    await answering.validateKey(KEY);
    const unreachable = createNotionClient({
      fetch: (async () => {
        throw new TypeError('Failed to fetch');
      }) as unknown as typeof fetch,
      accessToken: async () => null,
      onErrorAnswer: () => (told += 1),
    });
    await expect(unreachable.validateKey(KEY)).rejects.toMatchObject({ reason: { kind: 'network' } });
    expect(told).toBe(0);
  });
});

describe('property items', () => {
  test('a relation of 230 pages is read whole: 3 requests of page_size 100 following the cursors', async () => {
    const related = Array.from({ length: 230 }, (_, i) => ({
      object: 'property_item',
      type: 'relation',
      relation: { id: `p-${i}` },
    }));
    const urls: string[] = [];
    const fetch = (async (url: string) => {
      urls.push(url);
      const query = new URL(url, 'http://app').searchParams;
      const start = Number(query.get('start_cursor') ?? 0);
      const size = Number(query.get('page_size'));
      const more = start + size < related.length;
      return new Response(
        JSON.stringify({
          object: 'list',
          results: related.slice(start, start + size),
          has_more: more,
          next_cursor: more ? String(start + size) : null,
        }),
      );
    }) as unknown as typeof globalThis.fetch;
    const client = createNotionClient({ fetch, accessToken: async () => 'jwt' });
    const items = await client.propertyItems(WORKSPACE, 'page-1', '%3Arel');
    expect(items.map((item) => (item.relation as { id: string }).id)).toEqual(related.map((r) => r.relation.id));
    expect(urls).toHaveLength(3);
    expect(urls[0]).toContain('/pages/page-1/properties/%253Arel?page_size=100');
    expect(urls[2]).toContain('start_cursor=200');
  });
});

describe('page views (issue 32: the proxy counts them)', () => {
  const VIEW = '0f4c7a52-3a5b-4f1e-9d3c-6b2a1e0c9d11';
  function recording(status = 200, body: unknown = { object: 'page', id: 'p', properties: {} }) {
    const headers: Record<string, string>[] = [];
    const fetch = (async (_url: string, init: RequestInit) => {
      headers.push(init.headers as Record<string, string>);
      return new Response(JSON.stringify(body), { status });
    }) as unknown as typeof globalThis.fetch;
    return { client: createNotionClient({ fetch, accessToken: async () => 'jwt' }), headers };
  }

  test("the page screen's read names its view; any other page read names none", async () => {
    const { client, headers } = recording();
    await client.page(WORKSPACE, 'p', { viewId: VIEW });
    await client.page(WORKSPACE, 'p');
    expect(headers.map((h) => h['x-sidenote-page-view'])).toEqual([VIEW, undefined]);
  });

  test("the proxy's refusal of a view over the quota is a Notion-pages quota error with the spec's text", async () => {
    const message = 'Quota exceeded. You have reached your limit of 50 Notion page views.';
    const refusal = { object: 'error', status: 403, code: 'notion_quota_exceeded', message, quota: 50, used: 50 };
    const error = await recording(403, refusal)
      .client.page(WORKSPACE, 'p', { viewId: VIEW })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).reason).toEqual({ kind: 'quotaExceeded', quota: 'notionPages' });
    expect((error as AppError).message).toBe(message);
  });
});
