/**
 * /cache-debug's reading of IndexedDB (src/data/debug/localState.ts) against fake-indexeddb:
 * every table with its row count and approximate size, each cache entry's age against its TTL,
 * visited pages (titled), the data sources' schemas and related titles; and that the screen and
 * the export hold the signed-in account's rows and nobody's, never another account's kept in
 * this browser.
 */
import 'fake-indexeddb/auto';
import { afterEach, expect, test, vi } from 'vitest';
import { SidenoteDatabase } from '../../src/data/db/schema.ts';
import { exportLocalState, readLocalState } from '../../src/data/debug/localState.ts';
import { enqueue } from '../../src/data/outbox/enqueue.ts';

const MIN = 60_000;
const NOW = 1_800_000_000_000;

afterEach(() => vi.unstubAllGlobals());

test('tables, cache ages against their TTLs, visited pages, schemas and related titles', async () => {
  const database = new SidenoteDatabase(`cache-debug-${Date.now()}`);
  await database.cache.bulkPut([
    { key: 'active_setting', value: { id: 's' }, cachedAt: NOW - 10 * MIN },
    { key: 'user_profile', value: { authId: 'u' }, cachedAt: NOW - 6 * MIN },
    { key: 'active_team', value: { authId: 'u' }, cachedAt: NOW - 31 * MIN },
    { key: 'wizard', value: {}, cachedAt: NOW - MIN },
  ]);
  await database.pageSnapshots.put({
    authId: 'u',
    pageId: 'p1',
    workspaceId: 'w',
    properties: {},
    updatedAt: NOW - 2 * MIN,
    fetchedAt: NOW - 3 * MIN,
  });
  await database.pageSnapshots.put({
    authId: 'u',
    pageId: 'p2',
    workspaceId: 'w',
    properties: {
      city: { rich_text: [{ type: 'text', text: { content: 'Lyon' } }] },
      name: { id: 'title', type: 'title', title: [{ plain_text: 'José ' }, { plain_text: 'García' }] },
    },
    updatedAt: NOW - MIN,
  });
  await database.dataSourceSchemas.put({
    authId: 'u',
    workspaceId: 'w',
    dataSourceId: 'ds1',
    properties: [],
    fetchedAt: NOW - 11 * MIN,
  });
  await database.pageTitles.bulkPut([
    { authId: 'u', pageId: 'r1', title: 'Acme', fetchedAt: NOW - 61 * MIN },
    { authId: 'u', pageId: 'r2', title: 'Globex', fetchedAt: NOW - MIN },
  ]);

  const state = await readLocalState('u', database, NOW);

  expect(state.tables.map((t) => t.name).sort()).toEqual(
    ['cache', 'dataSourceSchemas', 'outbox', 'pageSnapshots', 'pageTitles', 'settings', 'workspaces'].sort(),
  );
  const figures = Object.fromEntries(state.tables.map((t) => [t.name, t]));
  expect(figures.cache.rows).toBe(4);
  expect(figures.pageTitles.rows).toBe(2);
  expect(figures.outbox).toEqual({ name: 'outbox', rows: 0, approxBytes: 0, otherAccountsRows: 0 });
  const titlesJson = (await database.pageTitles.toArray()).map((r) => JSON.stringify(r).length);
  expect(figures.pageTitles.approxBytes).toBe(titlesJson[0] + titlesJson[1]);

  const entries = Object.fromEntries(state.entries.map((e) => [e.name, e]));
  expect(entries.active_setting).toMatchObject({ ageMs: 10 * MIN, ttlMs: 30 * MIN, freshness: 'fresh' });
  expect(entries.user_profile).toMatchObject({ ageMs: 6 * MIN, ttlMs: 5 * MIN, freshness: 'expired' });
  expect(entries.active_team).toMatchObject({ ageMs: 31 * MIN, freshness: 'stale' });
  expect(entries.wizard).toEqual({
    name: 'wizard',
    title: undefined,
    ageMs: MIN,
    ttlMs: undefined,
    freshness: undefined,
  });

  expect(state.visitedPages).toEqual([
    { name: 'p1', title: undefined, ageMs: 3 * MIN, ttlMs: undefined, freshness: undefined },
    { name: 'p2', title: 'José García', ageMs: MIN, ttlMs: undefined, freshness: undefined }, // edits only: its updatedAt
  ]);
  expect(state.schemas).toEqual([
    { name: 'ds1', title: undefined, ageMs: 11 * MIN, ttlMs: 10 * MIN, freshness: 'stale' },
  ]);
  expect(state.relatedTitles).toEqual([
    { name: 'r1', title: 'Acme', ageMs: 61 * MIN, ttlMs: 60 * MIN, freshness: 'stale' },
    { name: 'r2', title: 'Globex', ageMs: MIN, ttlMs: 60 * MIN, freshness: 'fresh' },
  ]);
  database.close();
});

test("the export holds this account's rows and nobody's, never another account's; it counts those it left out", async () => {
  const database = new SidenoteDatabase(`cache-debug-export-${Date.now()}`);
  const edit = (authId: string, pageId: string, content: string) =>
    enqueue(
      {
        authId,
        workspaceId: 'w',
        pageId,
        propertyId: 'city',
        value: { rich_text: [{ type: 'text', text: { content } }] },
        base: null,
        label: { page: `Page of ${content}`, property: 'City' },
      },
      { database, now: NOW },
    );
  await edit('auth-me', 'p-mine', 'Lyon');
  await edit('auth-other', 'p-theirs', 'Valparaíso');
  await edit('auth-other', 'p-theirs-2', 'Temuco');
  await database.pageTitles.bulkPut([
    { authId: 'auth-me', pageId: 'r1', title: 'Acme', fetchedAt: NOW },
    { authId: 'auth-other', pageId: 'r2', title: 'Globex', fetchedAt: NOW },
  ]);
  await database.cache.bulkPut([
    { key: 'wizard', value: { authId: 'auth-other', step: 'mapping' }, cachedAt: NOW },
    { key: 'active_setting', value: { authId: 'auth-me', id: 's' }, cachedAt: NOW },
    { key: 'recent_profile_visit', value: { pageId: 'p-mine', title: 'Ada' }, cachedAt: NOW },
  ]);
  vi.stubGlobal('localStorage', {}); // an empty one: no items to list
  vi.stubGlobal('location', { origin: 'http://localhost' });
  vi.stubGlobal('navigator', { userAgent: 'test' });

  const text = await exportLocalState('auth-me', database, NOW);

  for (const theirs of ['auth-other', 'Valparaíso', 'Temuco', 'p-theirs', 'Globex', 'mapping'])
    expect(text).not.toContain(theirs);
  const { tables, otherAccountsRowsLeftOut } = (
    JSON.parse(text) as {
      indexedDb: { tables: Record<string, { authId?: string; key?: string }[]>; otherAccountsRowsLeftOut: object };
    }
  ).indexedDb;
  expect(tables.outbox.map((row) => row.authId)).toEqual(['auth-me']);
  expect(tables.pageSnapshots.map((row) => row.authId)).toEqual(['auth-me']);
  expect(tables.pageTitles.map((row) => row.authId)).toEqual(['auth-me']);
  expect(tables.cache.map((row) => row.key).sort()).toEqual(['active_setting', 'recent_profile_visit']);
  expect(text).toContain('Lyon');
  expect(otherAccountsRowsLeftOut).toEqual({
    settings: 0,
    workspaces: 0,
    cache: 1,
    outbox: 2,
    pageSnapshots: 2,
    dataSourceSchemas: 0,
    pageTitles: 1,
  });
  database.close();
});

test("the screen lists this account's rows and nobody's: another account's titles and ids are counted, never shown", async () => {
  const database = new SidenoteDatabase(`cache-debug-screen-${Date.now()}`);
  const snapshot = (authId: string, pageId: string, title: string) => ({
    authId,
    pageId,
    workspaceId: 'w',
    properties: { name: { id: 'title', type: 'title', title: [{ plain_text: title }] } },
    updatedAt: NOW - MIN,
    fetchedAt: NOW - MIN,
  });
  await database.pageSnapshots.bulkPut([
    snapshot('auth-me', 'p-mine', 'Ada Lovelace'),
    snapshot('auth-other', 'p-theirs', 'Grace Hopper'),
  ]);
  await database.pageTitles.bulkPut([
    { authId: 'auth-me', pageId: 'r-mine', title: 'Acme', fetchedAt: NOW },
    { authId: 'auth-other', pageId: 'r-theirs', title: 'Globex', fetchedAt: NOW },
  ]);
  await database.dataSourceSchemas.bulkPut([
    { authId: 'auth-me', workspaceId: 'w', dataSourceId: 'ds-mine', properties: [], fetchedAt: NOW },
    { authId: 'auth-other', workspaceId: 'w', dataSourceId: 'ds-theirs', properties: [], fetchedAt: NOW },
  ]);
  await database.cache.bulkPut([
    { key: 'wizard', value: { authId: 'auth-other', step: 'mapping' }, cachedAt: NOW },
    { key: 'active_setting', value: { authId: 'auth-me', id: 's' }, cachedAt: NOW },
    { key: 'recent_profile_visit', value: { pageId: 'p-mine' }, cachedAt: NOW },
  ]);

  const state = await readLocalState('auth-me', database, NOW);

  const shown = JSON.stringify(state);
  for (const theirs of ['Grace Hopper', 'p-theirs', 'Globex', 'r-theirs', 'ds-theirs', 'wizard'])
    expect(shown).not.toContain(theirs);
  expect(state.visitedPages.map((row) => [row.name, row.title])).toEqual([['p-mine', 'Ada Lovelace']]);
  expect(state.relatedTitles.map((row) => [row.name, row.title])).toEqual([['r-mine', 'Acme']]);
  expect(state.schemas.map((row) => row.name)).toEqual(['ds-mine']);
  expect(state.entries.map((row) => row.name).sort()).toEqual(['active_setting', 'recent_profile_visit']);
  const figures = Object.fromEntries(state.tables.map((t) => [t.name, [t.rows, t.otherAccountsRows]]));
  expect(figures).toMatchObject({
    pageSnapshots: [1, 1],
    pageTitles: [1, 1],
    dataSourceSchemas: [1, 1],
    cache: [2, 1],
    outbox: [0, 0],
  });
  database.close();
});
