/**
 * The active setting's display preferences as last read (src/data/supabase/displayPreferences.ts),
 * one cache entry per setting: a page paints its visible and toggleable properties from here at
 * once, online or offline, and re-renders when a view's read or a save rewrites it. No TTL: a
 * NotionProfile view reads them again whenever it is online (one small select). Wiped with the
 * other caches on sign-in and sign-out.
 */
import type { DisplayPreferences } from '../supabase/displayPreferences.ts';
import { CACHE_KEYS, readCacheEntry, writeCache } from './cache.ts';
import { db as defaultDb, type SidenoteDatabase } from './schema.ts';

const keyOf = (settingId: string) => `${CACHE_KEYS.displayPreferences}:${settingId}`;

export async function readDisplayPreferences(
  settingId: string,
  database: SidenoteDatabase = defaultDb,
): Promise<DisplayPreferences | undefined> {
  return (await readCacheEntry<DisplayPreferences>(keyOf(settingId), database))?.value;
}

export async function storeDisplayPreferences(
  settingId: string,
  preferences: DisplayPreferences,
  database: SidenoteDatabase = defaultDb,
): Promise<void> {
  await writeCache(keyOf(settingId), preferences, database);
}
