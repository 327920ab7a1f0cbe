/**
 * The last verdict of the existence check per (data source, canonical profile URL): the screen
 * answers a repeat visit from here at once, then revalidates with Notion (ARCHITECTURE §3
 * "Reads are local first"). Kept as long as a recent visit (30 days); a stale or missing
 * verdict simply means "ask Notion".
 */
import type { ProbableCandidate } from '../notion/matchLadder.ts';
import { readFreshCache, writeCache } from './cache.ts';
import { db as defaultDb, type SidenoteDatabase } from './schema.ts';
import { RECENT_VISIT_TTL_MS } from './ttl.ts';

export interface StoredVerdict {
  page: { id: string; title: string; url: string } | null;
  /**
   * The match ladder's rung that answered (issue 34): `url` (the URL forms), `name` (the
   * probable rung), `linked` (the user said "This is them"). Verdicts stored before the ladder
   * have none: they came from the URL forms.
   */
  rung?: 'url' | 'name' | 'linked';
  /** A probable verdict's candidates (rung `name`, no page). */
  candidates?: ProbableCandidate[];
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
