/**
 * /cache-debug's reading of IndexedDB (src/data/debug/localState.ts) against fake-indexeddb:
 * every table with its row count and approximate size, each cache entry's age against its TTL,
 * visited pages (titled), the data sources' schemas and related titles.
 */
import 'fake-indexeddb/auto';
import { expect, test } from 'vitest';
import { SidenoteDatabase } from '../../src/data/db/schema.ts';
import { readLocalState } from '../../src/data/debug/localState.ts';

const MIN = 60_000;
const NOW = 1_800_000_000_000;

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

  const state = await readLocalState(database, NOW);

  expect(state.tables.map((t) => t.name).sort()).toEqual(
    ['cache', 'dataSourceSchemas', 'outbox', 'pageSnapshots', 'pageTitles', 'settings', 'workspaces'].sort(),
  );
  const figures = Object.fromEntries(state.tables.map((t) => [t.name, t]));
  expect(figures.cache.rows).toBe(4);
  expect(figures.pageTitles.rows).toBe(2);
  expect(figures.outbox).toEqual({ name: 'outbox', rows: 0, approxBytes: 0 });
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
