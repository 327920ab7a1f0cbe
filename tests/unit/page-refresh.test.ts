/**
 * A page view's refresh (src/data/notion/pageRefresh.ts): a cold page asks Notion twice (the
 * page, its data source's schema), a visited one once while its schema is under 10 minutes
 * old, and again after; both answers land in Dexie. The version 4 upgrade adds the schema
 * table, and sign-in/out wipes it.
 */
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { readDataSourceSchema } from '../../src/data/db/dataSourceSchemas.ts';
import { readPageSnapshot } from '../../src/data/db/pageSnapshots.ts';
import { clearLocalDatabase, SidenoteDatabase } from '../../src/data/db/schema.ts';
import type { NotionClient } from '../../src/data/notion/client.ts';
import type { NotionPage } from '../../src/data/notion/objects.ts';
import { refreshPage } from '../../src/data/notion/pageRefresh.ts';

const AUTH = 'auth-1';
const WORKSPACE = 'ws-1';
let database: SidenoteDatabase;
let calls: string[];
let clock: number;

const page: NotionPage = {
  id: 'page-1',
  parent: { type: 'data_source_id', data_source_id: 'ds-1' },
  properties: { Name: { id: 'title', type: 'title', title: [] } },
};
const notion: Pick<NotionClient, 'page' | 'dataSource'> = {
  page: async (_workspace, id) => {
    calls.push(`page ${id}`);
    return page;
  },
  dataSource: async (_workspace, id) => {
    calls.push(`dataSource ${id}`);
    return {
      id,
      title: 'People',
      icon: null,
      url: '',
      created_time: '',
      last_edited_time: '',
      databaseId: 'db-1',
      properties: [{ id: 'title', name: 'Name', type: 'title' }],
    };
  },
};
const refresh = () =>
  refreshPage(
    { authId: AUTH, workspaceId: WORKSPACE, pageId: 'page-1', viewId: 'view-1' },
    { notion, database, now: () => clock },
  );

beforeEach(() => {
  database = new SidenoteDatabase(`refresh-${Math.random()}`);
  calls = [];
  clock = 1_000_000;
});
afterEach(() => database.delete());

test('a cold page: the page and its schema (2 requests), both stored', async () => {
  await refresh();
  expect(calls).toEqual(['page page-1', 'dataSource ds-1']);
  expect((await readPageSnapshot(AUTH, 'page-1', database))?.page?.dataSourceId).toBe('ds-1');
  expect((await readDataSourceSchema(AUTH, 'ds-1', database))?.properties.map((p) => p.name)).toEqual(['Name']);
});

test('a visited page: 1 request while the schema is under 10 minutes old, 2 after', async () => {
  await refresh();
  calls = [];
  clock += 10 * 60_000 - 1;
  await refresh();
  expect(calls).toEqual(['page page-1']);
  clock += 1;
  calls = [];
  await refresh();
  expect(calls).toEqual(['page page-1', 'dataSource ds-1']);
});

test('sign-in and sign-out wipe the cached schemas', async () => {
  await refresh();
  await clearLocalDatabase(database);
  expect(await readDataSourceSchema(AUTH, 'ds-1', database)).toBeUndefined();
});

test('opening version 4 over version 3 keeps the outbox and adds the schema table', async () => {
  const name = `upgrade-test-v4-${Date.now()}`;
  const v3 = new Dexie(name);
  v3.version(3).stores({
    settings: 'id, authId, [authId+created_at]',
    workspaces: 'id, authId, [authId+created_at]',
    cache: 'key',
    outbox: '++id, [authId+state], [authId+pageId]',
    pageSnapshots: '[authId+pageId], authId',
  });
  await v3.table('outbox').add({ authId: AUTH, pageId: 'p', state: 'queued' });
  v3.close();
  const v4 = new SidenoteDatabase(name);
  expect(await v4.outbox.count()).toBe(1);
  expect(await v4.dataSourceSchemas.count()).toBe(0);
  expect(v4.verno).toBe(4);
  await v4.delete();
});
