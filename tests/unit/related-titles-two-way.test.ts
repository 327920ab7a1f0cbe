/**
 * Related titles of a two-way relation (src/data/notion/relatedTitles.ts) against the Notion
 * sandbox through the app's client: one query on the target filtered on "reverse property
 * contains this page" answers the 10 titles; a one-way relation keeps one GET per page; a wanted
 * page the query does not answer is still read on its own. Whether a relation is two-way comes
 * from the cached schema of its page's data source.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { SidenoteDatabase } from '../../src/data/db/schema.ts';
import type { NotionClient } from '../../src/data/notion/client.ts';
import { storeDataSourceSchema } from '../../src/data/db/dataSourceSchemas.ts';
import { storeFetchedPage } from '../../src/data/db/pageSnapshots.ts';
import { cachedReverseSide, loadRelatedTitles } from '../../src/data/notion/relatedTitles.ts';
import { reverseSideOf, type RelationSchema } from '../../src/domain/notion/relations.ts';
import { SEED_IDS, startNotionSandbox, type NotionSandbox } from '../../supabase/local/sandboxes/notion/index.ts';
import { DEMO_WORKSPACE, sandboxClient } from './support/sandboxProxy.ts';

const AUTH = 'user-1';
const { databases, dataSources } = SEED_IDS;
const company = (n: number) => SEED_IDS.page(databases.companies, `Company ${String(n).padStart(2, '0')}`);
const person = (key: string) => SEED_IDS.page(databases.people, key);
const related = Array.from({ length: 10 }, (_, i) => company(i + 3));
let sandbox: NotionSandbox;
let notion: NotionClient;
let database: SidenoteDatabase;
let partners: RelationSchema & { id: string };
const sent: string[] = [];

beforeAll(async () => {
  sandbox = await startNotionSandbox({ rateLimit: false });
  notion = sandboxClient(sandbox, (path, init) => sent.push(`${init?.method ?? 'GET'} ${path}`));
  const properties = await notion.updateDataSource(DEMO_WORKSPACE, dataSources.people, {
    properties: {
      Partners: { relation: { data_source_id: dataSources.companies, type: 'dual_property', dual_property: {} } },
    },
  });
  partners = properties.find((property) => property.name === 'Partners')!;
  const relation = { relation: related.map((id) => ({ id })) };
  await notion.updatePage(DEMO_WORKSPACE, person('sam'), { properties: { Partners: relation, Companies: relation } });
});
afterAll(() => sandbox.stop());
beforeEach(() => {
  sent.length = 0;
  database = new SidenoteDatabase(`related-titles-${Math.random()}`);
});

const load = (pageIds: string[], reverse = true) =>
  loadRelatedTitles(
    {
      authId: AUTH,
      workspaceId: DEMO_WORKSPACE,
      pageIds,
      reverse: reverse ? { ...reverseSideOf(partners)!, pageId: person('sam') } : undefined,
    },
    { notion, database },
  );
const cachedTitles = async () => new Map((await database.pageTitles.toArray()).map((row) => [row.pageId, row.title]));

test('two-way: the 10 titles in one query on the target', async () => {
  expect(await load(related)).toBe(1);
  expect(sent).toEqual([`POST /api/notion/v1/data_sources/${dataSources.companies}/query`]);
  const titles = await cachedTitles();
  for (const [i, id] of related.entries()) expect(titles.get(id)).toBe(`Company ${String(i + 3).padStart(2, '0')}`);
});

test('one-way: one GET per page, 3 at a time', async () => {
  expect(await load(related, false)).toBe(10);
  expect(sent.every((call) => call.startsWith('GET /api/notion/v1/pages/'))).toBe(true);
  expect((await cachedTitles()).size).toBe(10);
});

test('two-way: a wanted page the query does not answer is read on its own; one missing title is one GET', async () => {
  const other = company(20); // not related to Sam: the reverse query cannot list it
  expect(await load([related[0], other])).toBe(2);
  expect(sent.map((call) => call.split(' ')[0])).toEqual(['POST', 'GET']);
  expect((await cachedTitles()).get(other)).toBe('Company 20');
  sent.length = 0;
  expect(await load([company(21)])).toBe(1);
  expect(sent).toEqual([`GET /api/notion/v1/pages/${company(21)}`]);
});

test("two-way or not is read from the cached schema of the page's data source", async () => {
  const owner = { authId: AUTH, pageId: person('sam'), propertyId: partners.id };
  expect(await cachedReverseSide(owner, database)).toBeUndefined(); // nothing cached: one by one
  const page = await notion.page(DEMO_WORKSPACE, person('sam'));
  await storeFetchedPage({ authId: AUTH, workspaceId: DEMO_WORKSPACE, page, startedAt: Date.now() }, database);
  const { properties } = await notion.dataSource(DEMO_WORKSPACE, dataSources.people);
  await storeDataSourceSchema(
    { authId: AUTH, workspaceId: DEMO_WORKSPACE, dataSourceId: dataSources.people, properties, fetchedAt: Date.now() },
    database,
  );
  expect(await cachedReverseSide(owner, database)).toEqual({ ...reverseSideOf(partners), pageId: person('sam') });
  const companies = properties.find((property) => property.name === 'Companies')!;
  expect(await cachedReverseSide({ ...owner, propertyId: companies.id }, database)).toBeUndefined();
});
