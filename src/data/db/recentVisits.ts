/**
 * The last visited profile page (spec 1 §2 Root entry guard, spec 2 §9): its Notion page id
 * and title, kept 30 days. The entry guard reads it to send the user back to that page when
 * the current tab is not a profile. Stored as one cache entry (the schema's `cache` table),
 * so it is wiped with the rest on sign-in and sign-out.
 */
import { readFreshCache, writeCache } from './cache.ts';
import { db as defaultDb, type SidenoteDatabase } from './schema.ts';
import { RECENT_VISIT_TTL_MS } from './ttl.ts';

export const RECENT_VISIT_KEY = 'recent_profile_visit';

export interface RecentVisit {
  pageId: string;
  title: string;
  /** The canonical LinkedIn URL of the person, when known. */
  profileUrl: string | null;
}

export async function recordRecentVisit(visit: RecentVisit, database: SidenoteDatabase = defaultDb): Promise<void> {
  await writeCache(RECENT_VISIT_KEY, visit, database);
}

/** The last visit while under 30 days old, else undefined. */
export async function readRecentVisit(database: SidenoteDatabase = defaultDb): Promise<RecentVisit | undefined> {
  return readFreshCache<RecentVisit>(RECENT_VISIT_KEY, RECENT_VISIT_TTL_MS, database);
}
