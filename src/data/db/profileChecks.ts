/**
 * The last verdict of the existence check per (data source, canonical profile URL): the screen
 * answers a repeat visit from here at once, then revalidates with Notion (ARCHITECTURE §3
 * "Reads are local first"). Kept as long as a recent visit (30 days); a stale or missing
 * verdict simply means "ask Notion".
 */
import { readFreshCache, writeCache } from './cache.ts';
import { db as defaultDb, type SidenoteDatabase } from './schema.ts';
import { RECENT_VISIT_TTL_MS } from './ttl.ts';

export interface StoredVerdict {
  page: { id: string; title: string; url: string } | null;
}

/** Keyed by data source: verdicts stored by database id before data sources are never read. */
const keyOf = (dataSourceId: string, canonicalUrl: string) => `profile_check:${dataSourceId}:${canonicalUrl}`;

export async function storeVerdict(
  dataSourceId: string,
  canonicalUrl: string,
  verdict: StoredVerdict,
  database: SidenoteDatabase = defaultDb,
): Promise<void> {
  await writeCache(keyOf(dataSourceId, canonicalUrl), verdict, database);
}

export async function readVerdict(
  dataSourceId: string,
  canonicalUrl: string,
  database: SidenoteDatabase = defaultDb,
): Promise<StoredVerdict | undefined> {
  return readFreshCache<StoredVerdict>(keyOf(dataSourceId, canonicalUrl), RECENT_VISIT_TTL_MS, database);
}
