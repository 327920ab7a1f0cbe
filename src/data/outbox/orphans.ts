/**
 * In-flight marks left by a drainer that died mid-request (a panel closed while its PATCH was
 * out). Whoever takes the outbox's lock (drainLock.ts) is the only drainer from then on, so
 * every mark it finds is such an orphan: it is cleared at once, instead of waiting out
 * IN_FLIGHT_STALE_MS, and the entry is sent again — safe, as values are absolute.
 */
import { db as defaultDb, type SidenoteDatabase } from '../db/schema.ts';

/** Clears the user's in-flight marks; call only while holding the drain lock. Returns how many. */
export function releaseOrphans(authId: string, database: SidenoteDatabase = defaultDb): Promise<number> {
  return database.outbox
    .where('[authId+state]')
    .equals([authId, 'queued'])
    .filter((entry) => entry.inFlightSince !== null)
    .modify({ inFlightSince: null });
}
