/**
 * Page views made offline (src/data/db/offlinePageViews.ts) are kept by their view ids and
 * counted later, each id once (issue 32: the proxy counts a view once per id, so the count made
 * when the network returns and the view's own revalidation are one view, not two).
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { countOfflinePageViews, recordOfflinePageView } from '../../src/data/db/offlinePageViews.ts';
import { SidenoteDatabase } from '../../src/data/db/schema.ts';

let database: SidenoteDatabase;
beforeEach(() => {
  database = new SidenoteDatabase(`offline-views-${Math.random()}`);
});
afterEach(() => database.delete());

test('each view made offline is counted once, by its id, when the network returns', async () => {
  await recordOfflinePageView('auth-1', 'view-a', database);
  await recordOfflinePageView('auth-1', 'view-b', database);
  await recordOfflinePageView('auth-1', 'view-a', database); // the same view, recorded again
  const counted: string[] = [];
  await countOfflinePageViews('auth-1', async (viewId) => counted.push(viewId), database);
  expect(counted).toEqual(['view-a', 'view-b']);
  await countOfflinePageViews('auth-1', async (viewId) => counted.push(viewId), database);
  expect(counted).toEqual(['view-a', 'view-b']);
});

test('a failed count keeps that view and the ones after it for next time', async () => {
  await recordOfflinePageView('auth-1', 'view-a', database);
  await recordOfflinePageView('auth-1', 'view-b', database);
  await expect(
    countOfflinePageViews(
      'auth-1',
      async () => {
        throw new Error('offline again');
      },
      database,
    ),
  ).rejects.toThrow('offline again');
  const counted: string[] = [];
  await countOfflinePageViews('auth-1', async (viewId) => counted.push(viewId), database);
  expect(counted).toEqual(['view-a', 'view-b']);
});

test("another account's views are not counted as this one's", async () => {
  await recordOfflinePageView('auth-1', 'view-a', database);
  const counted: string[] = [];
  await countOfflinePageViews('auth-2', async (viewId) => counted.push(viewId), database);
  expect(counted).toEqual([]);
});
