/**
 * The monthly Notion quota, enforced by notion-proxy (issue 32, item 1; spec 2 §4 "Each page
 * view calls the quota check", §6, §8 "Quota exceeded…"): a page view the proxy serves for the
 * page screen (`GET /pages/{id}` with the view's id in PAGE_VIEW_HEADER) is counted by the proxy
 * itself, checked and counted in one database statement, once per view — not again for the
 * view's revalidation or a retry, not for a related page's title —, and refused over the quota
 * with the spec's text before Notion is asked. A view the app counted itself with its id is not
 * counted twice.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { SEED_IDS, type NotionSandbox } from '../../supabase/local/sandboxes/notion/index.ts';
import { PAGE_VIEW_HEADER } from '../../supabase/functions/_shared/notion-page-view.ts';
import { MAX_PAGE, PEOPLE_DB, startProxyFixture, type ProxyFixture } from './support/notionProxy.ts';
import { sql } from './support/personas.ts';

const ZOE_PAGE = SEED_IDS.page(PEOPLE_DB, 'zoe');
const QUOTA_TEXT = (quota: number) => `Quota exceeded. You have reached your limit of ${quota} Notion page views.`;

let fixture: ProxyFixture;
let sandbox: NotionSandbox;
let call: ProxyFixture['call'];

/** The user's team's page views this month, as the quota RPC reads them. */
async function used(): Promise<number> {
  const { data, error } = await fixture.user.client.rpc('get_notion_quota_for_user', {
    auth_user_id: fixture.user.id,
  });
  if (error) throw error;
  return data.notion_pages_used;
}

const setQuota = (quota: number) =>
  sql(fixture.stack, 'update public.teams set notion_pages_quota = $2 where id = $1', [fixture.user.teamId, quota]);

const view = (pageId: string, viewId: string) => call(`/pages/${pageId}`, { headers: { [PAGE_VIEW_HEADER]: viewId } });

beforeAll(async () => {
  fixture = await startProxyFixture();
  ({ sandbox, call } = fixture);
});
afterAll(() => fixture?.stop());
beforeEach(() => setQuota(50));

describe('what counts', () => {
  test('a page view counts once: its revalidation and a retry with the same id do not, nor a related title', async () => {
    const before = await used();
    const viewId = randomUUID();
    expect((await view(MAX_PAGE, viewId)).status).toBe(200);
    expect(await used()).toBe(before + 1);
    expect((await view(MAX_PAGE, viewId)).status).toBe(200); // the view revalidated, or retried
    expect((await call(`/pages/${ZOE_PAGE}`)).status).toBe(200); // a related page's title
    expect(await used()).toBe(before + 1);
    expect((await view(MAX_PAGE, randomUUID())).status).toBe(200); // the page opened again: a new view
    expect(await used()).toBe(before + 2);
  });

  test('calls naming one view at the same time count it once', async () => {
    const before = await used();
    const viewId = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => view(MAX_PAGE, viewId)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await used()).toBe(before + 1);
  });

  test('a view the app counted itself, with its id, is served without a second count', async () => {
    const viewId = randomUUID();
    const { data, error } = await fixture.user.client.rpc('count_notion_page_view', {
      user_auth_id: fixture.user.id,
      view_id: viewId,
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ allowed: true });
    const after = await used();
    expect((await view(MAX_PAGE, viewId)).status).toBe(200);
    expect(await used()).toBe(after);
  });
});

describe('over the quota', () => {
  test("a page view is refused with the spec's text, the quota and the count, and Notion is not asked", async () => {
    const quota = await used();
    await setQuota(quota);
    sandbox.clearRequestLog();
    const refused = await view(MAX_PAGE, randomUUID());
    expect(refused.status).toBe(403);
    expect(refused.headers.get('x-sidenote-proxy')).toBe('refused');
    expect(refused.body).toEqual({
      object: 'error',
      status: 403,
      code: 'notion_quota_exceeded',
      message: QUOTA_TEXT(quota),
      quota,
      used: quota,
    });
    expect(sandbox.requestLog()).toHaveLength(0);
    expect(await used()).toBe(quota);
  });

  test('a view already counted still revalidates once the quota is reached', async () => {
    const viewId = randomUUID();
    expect((await view(MAX_PAGE, viewId)).status).toBe(200);
    await setQuota(await used());
    expect((await view(MAX_PAGE, viewId)).status).toBe(200);
  });
});

test('a view id that is not a UUID, or on a call that is not a page read, is refused', async () => {
  const before = await used();
  const bad = await view(MAX_PAGE, 'not-a-uuid');
  expect([bad.status, bad.body.code]).toEqual([400, 'invalid_request']);
  expect(bad.body.message).toContain(PAGE_VIEW_HEADER);
  const elsewhere = await call('/users/me', { headers: { [PAGE_VIEW_HEADER]: randomUUID() } });
  expect([elsewhere.status, elsewhere.body.code]).toEqual([400, 'invalid_request']);
  expect(await used()).toBe(before);
});
