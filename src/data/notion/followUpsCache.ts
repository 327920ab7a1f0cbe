/**
 * The cached Follow-ups list (issue 36): `cache` key `follow_ups:{auth id}:{data source id}`,
 * written by followUps.ts (one Notion query), read by the screen and the header's count — both
 * without a request, online or offline. Kept apart from the query (and its zod check) so the
 * header, on the capture path, reads it cheaply.
 */
import { CACHE_KEYS, readCacheEntry } from '../db/cache.ts';
import { db as defaultDb, type SidenoteDatabase } from '../db/schema.ts';

export interface DuePerson {
  pageId: string;
  title: string;
  /** The follow-up's date, `YYYY-MM-DD`. */
  date: string;
  /** The mapped LinkedIn profile URL, or null. */
  linkedInUrl: string | null;
}

export interface DueFollowUps {
  dataSourceId: string;
  datePropertyId: string;
  /** The day the list was read for (`YYYY-MM-DD`). */
  asOf: string;
  people: DuePerson[];
  /** Notion had more than the first 100. */
  hasMore: boolean;
}

export const followUpsKey = (authId: string, dataSourceId: string): string =>
  `${CACHE_KEYS.followUps}:${authId}:${dataSourceId}`;

/** The cached list (whatever its age), undefined when never read or read for another date property. */
export async function cachedFollowUps(
  authId: string,
  dataSourceId: string,
  datePropertyId: string,
  database: SidenoteDatabase = defaultDb,
): Promise<DueFollowUps | undefined> {
  const entry = await readCacheEntry<DueFollowUps>(followUpsKey(authId, dataSourceId), database);
  return entry?.value.datePropertyId === datePropertyId ? entry.value : undefined;
}
