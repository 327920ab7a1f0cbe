/**
 * One rate budget and one layer that waits out a 429 for every Notion call of this browser
 * (issue 31): the page's real Notion client (src/data/notion/appNotion.ts) behind the service
 * worker's real route (sw/workerBudget.ts `pageRequestThrough`), against a Notion that answers
 * every call 429 with Retry-After. One call is sent at most twice end to end — the page's budget
 * and the worker's each retrying sent it up to 3 × 3 = 9 times. In real time (Retry-After 0).
 */
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { pageRequestThrough } from '../../sw/workerBudget.ts';

vi.mock('../../src/data/supabase/client.ts', () => ({
  supabase: {
    auth: { getSession: async () => ({ data: { session: { access_token: 'token' } }, error: null }) },
    functions: { invoke: async () => ({ data: null, error: null }) },
  },
}));

const { notion } = await import('../../src/data/notion/appNotion.ts');

/** What reached Notion (past the worker, or past the page when no worker controls it). */
let sends: string[] = [];
const limitedNotion: typeof fetch = async (input) => {
  sends.push(input instanceof Request ? `${input.method} ${new URL(input.url).pathname}` : String(input));
  return Response.json(
    { object: 'error', status: 429, code: 'rate_limited', message: 'Slow down.' },
    { status: 429, headers: { 'retry-after': '0' } },
  );
};

/** The worker's route as the browser hands it a controlled page's request. */
const worker = pageRequestThrough({ get: async () => ({}) }, limitedNotion);

function browser({ controlled }: { controlled: boolean }) {
  vi.stubGlobal('navigator', { onLine: true, serviceWorker: { controller: controlled ? {} : null } });
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    controlled
      ? worker(new Request(new URL(String(input), 'http://app.test'), init), 'page-1')
      : limitedNotion(new Request(new URL(String(input), 'http://app.test'), init)),
  );
}

beforeEach(() => {
  sends = [];
});
afterEach(() => vi.unstubAllGlobals());

test('a page controlled by the worker: a PATCH answered 429 every time is sent twice, then fails', async () => {
  browser({ controlled: true });
  const call = notion.updatePage('ws-1', 'page-1', { properties: { name: { rich_text: [] } } });
  await expect(call).rejects.toMatchObject({ reason: { kind: 'rateLimited' } });
  expect(sends).toEqual(['PATCH /api/notion/v1/pages/page-1', 'PATCH /api/notion/v1/pages/page-1']);
});

test('a page no worker controls: its own budget sends it twice at most', async () => {
  browser({ controlled: false });
  await expect(notion.page('ws-1', 'page-1')).rejects.toMatchObject({ reason: { kind: 'rateLimited' } });
  expect(sends).toHaveLength(2);
});
