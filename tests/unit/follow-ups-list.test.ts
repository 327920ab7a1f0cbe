/**
 * The Follow-ups list (issue 36) through the app's Notion client against the Notion sandbox,
 * cached in fake-indexeddb: due people (today or earlier) oldest first from ONE query — cold 1
 * Notion request, warm (the cache the screen and the header read) 0 —, a moved date drops out
 * on the next refresh, and a cache read for another date property is not shown.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { SidenoteDatabase } from '../../src/data/db/schema.ts';
import { refreshFollowUps } from '../../src/data/notion/followUps.ts';
import { cachedFollowUps } from '../../src/data/notion/followUpsCache.ts';
import { SEED_IDS, startNotionSandbox, type NotionSandbox } from '../../supabase/local/sandboxes/notion/index.ts';
import { pid } from '../../supabase/local/sandboxes/notion/seed-schema.ts';
import { DEMO_WORKSPACE, sandboxClient } from './support/sandboxProxy.ts';

const PEOPLE = SEED_IDS.databases.people;
const person = (key: string) => SEED_IDS.page(PEOPLE, key);
const target = {
  authId: 'user-1',
  workspaceId: DEMO_WORKSPACE,
  dataSourceId: SEED_IDS.dataSources.people,
  datePropertyId: pid(PEOPLE, 'Next follow-up'),
  linkedInPropertyId: pid(PEOPLE, 'LinkedIn URL'),
};

let sandbox: NotionSandbox;
let requests: string[] = [];
let notion: ReturnType<typeof sandboxClient>;
const database = new SidenoteDatabase('follow-ups-list-test');

const setDate = (key: string, start: string) =>
  notion.updatePage(DEMO_WORKSPACE, person(key), {
    properties: { [target.datePropertyId]: { date: { start } } },
  });

beforeAll(async () => {
  sandbox = await startNotionSandbox({ rateLimit: false });
  notion = sandboxClient(sandbox, (path, init) => requests.push(`${init?.method ?? 'GET'} ${path}`));
  await setDate('zoe', '2026-11-20');
  await setDate('jose', '2026-12-03');
  await setDate('sam', '2026-12-06');
});
afterAll(() => sandbox?.stop());

test('due people, oldest first, from one request; the cache answers with none', async () => {
  requests = [];
  const today = new Date(2026, 11, 5, 9);
  const list = await refreshFollowUps(target, { notion, database, today });
  expect(requests).toEqual([`POST /api/notion/v1/data_sources/${target.dataSourceId}/query`]);
  expect(list.people.map((p) => [p.title, p.date])).toEqual([
    ['Zoë Łukasiewicz', '2026-11-20'],
    ['Max Connector', '2026-12-01'],
    ['José Álvarez', '2026-12-03'],
  ]);
  expect(list.people[1]).toMatchObject({
    pageId: person('max'),
    linkedInUrl: 'https://www.linkedin.com/in/max-connector/',
  });
  expect(list).toMatchObject({ asOf: '2026-12-05', hasMore: false });

  requests = [];
  const warm = await cachedFollowUps(target.authId, target.dataSourceId, target.datePropertyId, database);
  expect(warm?.people.map((p) => p.title)).toEqual(['Zoë Łukasiewicz', 'Max Connector', 'José Álvarez']);
  expect(requests).toEqual([]);
});

test('a date moved later leaves the list on the next refresh; another date property finds no cache', async () => {
  await setDate('zoe', '2026-12-20');
  const list = await refreshFollowUps(target, { notion, database, today: new Date(2026, 11, 5) });
  expect(list.people.map((p) => p.title)).toEqual(['Max Connector', 'José Álvarez']);
  expect(await cachedFollowUps(target.authId, target.dataSourceId, 'other', database)).toBeUndefined();
  expect(await cachedFollowUps('user-2', target.dataSourceId, target.datePropertyId, database)).toBeUndefined();
});

test('a malformed answer is refused before it is cached', async () => {
  const broken = { query: async () => ({ results: [{ id: 1 }], has_more: false }) };
  await expect(refreshFollowUps({ ...target, authId: 'user-3' }, { notion: broken, database })).rejects.toThrow();
  expect(await cachedFollowUps('user-3', target.dataSourceId, target.datePropertyId, database)).toBeUndefined();
});
