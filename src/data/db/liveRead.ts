/**
 * A live read of some tables that never throws a finished read away. Dexie's `liveQuery`
 * restarts a running query on every change it hears and drops the one it started, so under a
 * steady stream of writes — the drainer marks entries in flight and settles them every few tens
 * of milliseconds, in this tab, another or the service worker — a read slower than the stream
 * never delivers (measured with fake-indexeddb: a 30 ms read, a write every 10 ms, 0 results in
 * 1 s). Here a change heard while reading only marks the result stale: the read in progress is
 * delivered, then read once more. Changes from other contexts arrive through the same event
 * (Dexie relays them over a BroadcastChannel).
 */
import Dexie from 'dexie';

type Parts = Record<string, unknown>;

/** Calls `next` with `read()` now and after every change to `tables`; returns the unsubscribe. */
export function liveRead<T>(
  database: Dexie,
  tables: readonly string[],
  read: () => Promise<T>,
  next: (value: T) => void,
  failed: (error: unknown) => void,
): () => void {
  const prefixes = tables.map((table) => `idb://${database.name}/${table}/`);
  let closed = false;
  let reading = false;
  let stale = false;
  const run = async () => {
    if (reading) {
      stale = true;
      return;
    }
    reading = true;
    do {
      stale = false;
      try {
        const value = await read();
        if (!closed) next(value);
      } catch (error) {
        if (!closed) failed(error);
      }
    } while (stale && !closed);
    reading = false;
  };
  // `all`: Dexie's "anything may have changed" (a page restored from the back-forward cache).
  const heard = (parts: Parts) => {
    if (Object.keys(parts).some((part) => part === 'all' || prefixes.some((prefix) => part.startsWith(prefix)))) {
      void run();
    }
  };
  Dexie.on.storagemutated.subscribe(heard);
  void run();
  return () => {
    closed = true;
    Dexie.on.storagemutated.unsubscribe(heard);
  };
}
