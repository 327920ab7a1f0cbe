/**
 * Page views made offline (issue 17): a visited page opened without network is shown from
 * IndexedDB and counted against the Notion quota when the network returns — one cache entry
 * per device holding the user and the ids of the views not counted yet (issue 32: a view is
 * counted once per id, so the count made here and the proxy's, when the view revalidates, are
 * one). Wiped with the other caches on sign-in and sign-out (those views are then never
 * counted: a count, not an edit). An entry from before view ids (a bare count) is dropped.
 */
import { CACHE_KEYS, readCacheEntry, writeCache } from './cache.ts';
import { db as defaultDb, type SidenoteDatabase } from './schema.ts';

interface OfflineViews {
  authId: string;
  viewIds: string[];
}

async function pending(authId: string, database: SidenoteDatabase): Promise<string[]> {
  const entry = await readCacheEntry<Partial<OfflineViews>>(CACHE_KEYS.offlinePageViews, database);
  return entry?.value.authId === authId && Array.isArray(entry.value.viewIds) ? entry.value.viewIds : [];
}

export async function recordOfflinePageView(
  authId: string,
  viewId: string,
  database: SidenoteDatabase = defaultDb,
): Promise<void> {
  await database.transaction('rw', database.cache, async () => {
    const viewIds = await pending(authId, database);
    if (viewIds.includes(viewId)) return;
    await writeCache<OfflineViews>(CACHE_KEYS.offlinePageViews, { authId, viewIds: [...viewIds, viewId] }, database);
  });
}

/**
 * Counts the user's uncounted views one by one with `count` (the quota RPC, given the view's
 * id), removing each once counted: a failure (offline again) leaves the rest for next time.
 */
export async function countOfflinePageViews(
  authId: string,
  count: (viewId: string) => Promise<unknown>,
  database: SidenoteDatabase = defaultDb,
): Promise<void> {
  for (;;) {
    const [viewId] = await pending(authId, database);
    if (viewId === undefined) return;
    await count(viewId);
    await database.transaction('rw', database.cache, async () => {
      const left = (await pending(authId, database)).filter((id) => id !== viewId);
      if (left.length === 0) await database.cache.delete(CACHE_KEYS.offlinePageViews);
      else await writeCache<OfflineViews>(CACHE_KEYS.offlinePageViews, { authId, viewIds: left }, database);
    });
  }
}
