/**
 * Keyed cache entries with the spec's TTLs: write with a timestamp, read back only while
 * fresh (age strictly under the TTL), or read regardless (offline display). The clock is
 * `Date.now()` so tests move it with a fake clock.
 */
import { isFresh } from '../../domain/settings/activeSetting.ts';
import { db as defaultDb, type CacheEntry, type SidenoteDatabase } from './schema.ts';

export const CACHE_KEYS = {
  activeSetting: 'active_setting',
  activeTeam: 'active_team',
  userProfile: 'user_profile',
  wizard: 'wizard',
  workerSession: 'worker_session',
  offlinePageViews: 'offline_page_views',
  workspaceUsers: 'workspace_users',
  /** Followed by `:{setting id}` (displayPreferences.ts). */
  displayPreferences: 'display_preferences',
  /** Followed by `:{auth id}:{data source id}` (src/data/notion/followUps.ts). */
  followUps: 'follow_ups',
} as const;

/** Stores `value` as cached now, or at `cachedAt` (a correction that must not extend its age). */
export async function writeCache<T>(
  key: string,
  value: T,
  database: SidenoteDatabase = defaultDb,
  cachedAt = Date.now(),
): Promise<void> {
  await database.cache.put({ key, value, cachedAt });
}

/** The entry whatever its age (undefined when absent). */
export async function readCacheEntry<T>(
  key: string,
  database: SidenoteDatabase = defaultDb,
): Promise<CacheEntry<T> | undefined> {
  return (await database.cache.get(key)) as CacheEntry<T> | undefined;
}

/** The value while its age is under `ttlMs`, else undefined. */
export async function readFreshCache<T>(
  key: string,
  ttlMs: number,
  database: SidenoteDatabase = defaultDb,
): Promise<T | undefined> {
  const entry = await readCacheEntry<T>(key, database);
  return entry && isFresh(entry.cachedAt, ttlMs, Date.now()) ? entry.value : undefined;
}

export async function clearCache(key: string, database: SidenoteDatabase = defaultDb): Promise<void> {
  await database.cache.delete(key);
}
