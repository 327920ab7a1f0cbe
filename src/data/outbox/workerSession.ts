/**
 * The session the service worker drains the outbox with (issue 15), and reports that drain's
 * Notion failures to the operators with (sw/outboxDrain.ts). The worker cannot read
 * supabase-js's storage (localStorage), so the page mirrors the current session into
 * IndexedDB on every auth change — the access token only, never the refresh token — and the
 * mirror goes with sign-out (an explicit delete, and the sign-out's wipe of the cache table).
 *
 * Trade-off (ARCHITECTURE §3): IndexedDB now holds a bearer token that localStorage held
 * already, for at most its lifetime (an hour); without the refresh token the worker cannot
 * extend it, so a worker that finds it expired leaves the work to the next page (or to the
 * next Background Sync after the page refreshed the mirror).
 */
import { CACHE_KEYS, clearCache, readCacheEntry, writeCache } from '../db/cache.ts';
import { db as defaultDb, type SidenoteDatabase } from '../db/schema.ts';

export interface WorkerSession {
  authId: string;
  accessToken: string;
  /** Epoch ms. */
  expiresAt: number;
}

/** A token this close to its end is not used: the request could outlive it. */
const EXPIRY_MARGIN_MS = 60_000;

interface SessionLike {
  access_token: string;
  /** Epoch seconds, as supabase-js gives it. */
  expires_at?: number;
  user: { id: string };
}

export async function mirrorSession(
  session: SessionLike | null,
  database: SidenoteDatabase = defaultDb,
): Promise<void> {
  if (!session?.expires_at) return clearCache(CACHE_KEYS.workerSession, database);
  const mirrored: WorkerSession = {
    authId: session.user.id,
    accessToken: session.access_token,
    expiresAt: session.expires_at * 1000,
  };
  await writeCache(CACHE_KEYS.workerSession, mirrored, database);
}

/** The mirrored session while it is usable, else null. */
export async function workerSession(
  database: SidenoteDatabase = defaultDb,
  now = Date.now(),
): Promise<WorkerSession | null> {
  const entry = await readCacheEntry<WorkerSession>(CACHE_KEYS.workerSession, database);
  return entry && entry.value.expiresAt - EXPIRY_MARGIN_MS > now ? entry.value : null;
}
