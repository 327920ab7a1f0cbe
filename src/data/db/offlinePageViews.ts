/**
 * Page views made offline (issue 17): a visited page opened without network is shown from
 * IndexedDB and counted against the Notion quota when the network returns — one cache entry
 * per device holding the user and the number of views not counted yet. Wiped with the other
 * caches on sign-in and sign-out (those views are then never counted: a count, not an edit).
 */
import { CACHE_KEYS, readCacheEntry, writeCache } from './cache.ts';
import { db as defaultDb, type SidenoteDatabase } from './schema.ts';

interface OfflineViews {
  authId: string;
  count: number;
}

export async function recordOfflinePageView(authId: string, database: SidenoteDatabase = defaultDb): Promise<void> {
  await database.transaction('rw', database.cache, async () => {
    const entry = await readCacheEntry<OfflineViews>(CACHE_KEYS.offlinePageViews, database);
    const count = entry?.value.authId === authId ? entry.value.count : 0;
    await writeCache(CACHE_KEYS.offlinePageViews, { authId, count: count + 1 }, database);
  });
}

/**
 * Counts the user's uncounted views one by one with `count` (the quota RPC), removing each
 * once counted: a failure (offline again) leaves the rest for next time.
 */
export async function countOfflinePageViews(
  authId: string,
  count: () => Promise<unknown>,
  database: SidenoteDatabase = defaultDb,
): Promise<void> {
  for (;;) {
    const entry = await readCacheEntry<OfflineViews>(CACHE_KEYS.offlinePageViews, database);
    if (entry?.value.authId !== authId || entry.value.count <= 0) return;
    await count();
    await database.transaction('rw', database.cache, async () => {
      const now = await readCacheEntry<OfflineViews>(CACHE_KEYS.offlinePageViews, database);
      if (now?.value.authId !== authId) return;
      if (now.value.count <= 1) await database.cache.delete(CACHE_KEYS.offlinePageViews);
      else await writeCache(CACHE_KEYS.offlinePageViews, { authId, count: now.value.count - 1 }, database);
    });
  }
}
