/**
 * Refreshes that write Supabase rows into Dexie (ARCHITECTURE §3): the user's settings and
 * workspaces lists (replaced as a whole, in one transaction, with `fetchedAt`), and the
 * cached user profile (5 minutes) and active team (`activeTeamOrLastKnown`).
 */
import { singleFlight } from '../singleFlight.ts';
import { CACHE_KEYS, clearCache, readCacheEntry, readFreshCache, writeCache } from './cache.ts';
import { db as defaultDb, type CachedSetting, type CachedWorkspace, type SidenoteDatabase } from './schema.ts';
import { ACTIVE_TEAM_TTL_MS, USER_PROFILE_TTL_MS } from './ttl.ts';

type Row<T> = Omit<T, 'authId' | 'fetchedAt'>;

export async function storeSettings(
  authId: string,
  rows: Row<CachedSetting>[],
  database: SidenoteDatabase = defaultDb,
): Promise<void> {
  const fetchedAt = Date.now();
  await database.transaction('rw', database.settings, async () => {
    await database.settings.where('authId').equals(authId).delete();
    await database.settings.bulkPut(rows.map((row) => ({ ...row, authId, fetchedAt })));
  });
}

export async function removeCachedSetting(id: string, database: SidenoteDatabase = defaultDb): Promise<void> {
  await database.settings.delete(id);
}

export async function storeWorkspaces(
  authId: string,
  rows: Row<CachedWorkspace>[],
  database: SidenoteDatabase = defaultDb,
): Promise<void> {
  const fetchedAt = Date.now();
  await database.transaction('rw', database.workspaces, async () => {
    await database.workspaces.where('authId').equals(authId).delete();
    await database.workspaces.bulkPut(rows.map((row) => ({ ...row, authId, fetchedAt })));
  });
}

/** A value cached under `key` for `ttlMs`, fetched (and cached) when missing or stale. */
async function cachedFor<T extends { authId: string }>(
  key: string,
  ttlMs: number,
  authId: string,
  fetchValue: () => Promise<T | null>,
  database: SidenoteDatabase,
): Promise<T | null> {
  const fresh = await readFreshCache<T>(key, ttlMs, database);
  if (fresh && fresh.authId === authId) return fresh;
  const value = await fetchValue();
  if (value) await writeCache(key, value, database);
  return value;
}

export const cachedUserProfile = <T extends { authId: string }>(
  authId: string,
  fetchValue: () => Promise<T | null>,
  database: SidenoteDatabase = defaultDb,
) => cachedFor(CACHE_KEYS.userProfile, USER_PROFILE_TTL_MS, authId, fetchValue, database);

/** The state of this user's cached profile whatever its age (null: none cached for them). */
export async function cachedProfileState(
  authId: string,
  database: SidenoteDatabase = defaultDb,
): Promise<string | null> {
  const cached = (
    await readCacheEntry<{ authId: string; profile_state?: string | null }>(CACHE_KEYS.userProfile, database)
  )?.value;
  return cached?.authId === authId ? (cached.profile_state ?? null) : null;
}

/** Replaces the cached profile with one just read from the database (spec 2 §4's cache correction). */
export async function storeUserProfile<T extends { authId: string }>(
  profile: T,
  database: SidenoteDatabase = defaultDb,
): Promise<void> {
  await writeCache(CACHE_KEYS.userProfile, profile, database);
}

/**
 * The active team for the subscription gate (spec 1 §4, spec 2 §4 "Active team"):
 * - the cached team answers only while fresh (30 minutes), this user's, AND `servable` (the
 *   gate passes it): an inactive team is asked again on every read, so a user who
 *   reactivates is unblocked at once;
 * - a fetched team replaces the cache entry; no team (null) removes it — a missing team is
 *   never cached, and an old team no longer answers;
 * - when the fetch fails, this user's last known team is kept whatever its age or status
 *   ("on total failure the last known data is kept"); with none known the error is rethrown;
 * - a read while another runs for the same user joins it (one RPC for React's double effects).
 */
export function activeTeamOrLastKnown<T extends { authId: string }>(
  authId: string,
  fetchValue: () => Promise<T | null>,
  servable: (team: T) => boolean,
  database: SidenoteDatabase = defaultDb,
): Promise<T | null> {
  return teamReads(`${database.name}\n${authId}`, () =>
    readTeam(authId, fetchValue, servable, database),
  ) as Promise<T | null>;
}

const teamReads = singleFlight<unknown>();

async function readTeam<T extends { authId: string }>(
  authId: string,
  fetchValue: () => Promise<T | null>,
  servable: (team: T) => boolean,
  database: SidenoteDatabase,
): Promise<T | null> {
  const fresh = await readFreshCache<T>(CACHE_KEYS.activeTeam, ACTIVE_TEAM_TTL_MS, database);
  if (fresh && fresh.authId === authId && servable(fresh)) return fresh;
  let team: T | null;
  try {
    team = await fetchValue();
  } catch (error) {
    const last = (await readCacheEntry<T>(CACHE_KEYS.activeTeam, database))?.value;
    if (last?.authId === authId) return last;
    throw error;
  }
  await rememberActiveTeam(team, database);
  return team;
}

/**
 * A team just read from the database replaces the local copy — the gate's own fetch, and any
 * screen that reads the team afresh (the account screen): once /account shows "Canceled", the
 * gate knows it too, not only when the copy's 30 minutes are up. No team removes the entry.
 */
export async function rememberActiveTeam<T extends { authId: string }>(
  team: T | null,
  database: SidenoteDatabase = defaultDb,
): Promise<void> {
  if (team) await writeCache(CACHE_KEYS.activeTeam, team, database);
  else await clearCache(CACHE_KEYS.activeTeam, database);
}
