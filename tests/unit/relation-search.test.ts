/**
 * The add-relation modal's Notion side (src/data/notion/relationSearch.ts) against the Notion
 * sandbox through the app's client: recent pages come newest edit first, a term filters by the
 * target's title (read from its schema, cached), found titles are cached for the relation list,
 * a trashed page is never offered, and a new page is created in the target data source.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { SidenoteDatabase } from '../../src/data/db/schema.ts';
import type { NotionClient } from '../../src/data/notion/client.ts';
import { createRelatedPage, findRelatedPageCandidates } from '../../src/data/notion/relationSearch.ts';
import { SEED_IDS, startNotionSandbox, type NotionSandbox } from '../../supabase/local/sandboxes/notion/index.ts';
import { DEMO_WORKSPACE, sandboxClient } from './support/sandboxProxy.ts';

const AUTH = 'user-1';
const target = { authId: AUTH, workspaceId: DEMO_WORKSPACE, dataSourceId: SEED_IDS.dataSources.companies };
const company = (n: number) => SEED_IDS.page(SEED_IDS.databases.companies, `Company ${String(n).padStart(2, '0')}`);
let sandbox: NotionSandbox;
let notion: NotionClient;
let database: SidenoteDatabase;
const sent: string[] = [];

beforeAll(async () => {
  sandbox = await startNotionSandbox({ rateLimit: false });
  notion = sandboxClient(sandbox, (path, init) => sent.push(`${init?.method ?? 'GET'} ${path}`));
  database = new SidenoteDatabase(`relation-search-${Math.random()}`);
});
afterAll(() => sandbox.stop());

const find = (term: string) => findRelatedPageCandidates({ ...target, term }, { notion, database });

test('no term: every page of the target, most recently edited first, titles cached', async () => {
  await notion.updatePage(DEMO_WORKSPACE, company(7), {
    properties: { title: { title: [{ text: { content: 'Seven' } }] } },
  });
  const pages = await find('  ');
  expect(pages).toHaveLength(30);
  expect(pages[0]).toEqual({ id: company(7), title: 'Seven' });
  expect(sent.filter((call) => call.includes('/data_sources/') && !call.endsWith('/query'))).toEqual([]); // no schema needed
  expect((await database.pageTitles.get([AUTH, company(7)]))?.title).toBe('Seven');
});

test("a term keeps the pages whose title contains it (case ignored), the target's schema read once", async () => {
  sent.length = 0;
  expect((await find('company 1')).map((page) => page.title).sort()).toEqual(
    ['Company 10', 'Company 11', 'Company 12', 'Company 13', 'Company 14'].concat([
      'Company 15',
      'Company 16',
      'Company 17',
      'Company 18',
      'Company 19',
    ]),
  );
  expect(await find('nothing like it')).toEqual([]);
  expect(sent.filter((call) => call.startsWith('GET') && call.includes('/data_sources/'))).toHaveLength(1);
});

test('a page in the trash is not offered', async () => {
  await notion.updatePage(DEMO_WORKSPACE, company(12), { in_trash: true });
  expect((await find('Company 12')).map((page) => page.id)).toEqual([]);
});

test('a new page is created in the target, titled, and its title cached', async () => {
  const created = await createRelatedPage({ ...target, title: 'Acme Robotics' }, { notion, database });
  const page = await notion.page(DEMO_WORKSPACE, created.id);
  expect(page.parent?.data_source_id).toBe(SEED_IDS.dataSources.companies);
  expect(created.title).toBe('Acme Robotics');
  expect((await find('acme robotics')).map((found) => found.id)).toEqual([created.id]);
  expect((await database.pageTitles.get([AUTH, created.id]))?.title).toBe('Acme Robotics');
});
