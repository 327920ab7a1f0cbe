/**
 * The service worker's part of the outbox (issue 15): it drains on Background Sync (the page
 * registered the tag while edits waited, so this runs even after the panel closed) and on a
 * DRAIN_OUTBOX message from a page that is going away. It drains as the mirrored session's
 * user (src/data/outbox/workerSession.ts), only once no page holds the outbox's lock, until
 * nothing is due. A sync event that leaves work behind (no usable session, offline, a long
 * Retry-After, the lock held past the wait) fails, so the browser tries it again later.
 */
/// <reference lib="webworker" />
import { createNotionClient } from '../src/data/notion/client.ts';
import { OUTBOX_SYNC_TAG } from '../src/data/outbox/backgroundSync.ts';
import { drainOutbox } from '../src/data/outbox/drain.ts';
import { withDrainLock } from '../src/data/outbox/drainLock.ts';
import { releaseOrphans } from '../src/data/outbox/orphans.ts';
import { workerSession } from '../src/data/outbox/workerSession.ts';
import { workerNotionFetch } from './notionRoute.ts';

declare const self: ServiceWorkerGlobalScope;

/** A waiting sync event is cut off by the browser after a few minutes: give up before. */
const MAX_LOCK_WAIT_MS = 3 * 60_000;
/** Work due later than this is left to the next sync (or the page). */
const MAX_DRAIN_WAIT_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Drains; resolves true when nothing is left due, false when work remains. */
async function drainFromWorker(): Promise<boolean> {
  return withDrainLock(async () => {
    const session = await workerSession();
    if (!session) return false;
    await releaseOrphans(session.authId);
    const notion = createNotionClient({
      fetch: workerNotionFetch,
      accessToken: async () => session.accessToken,
    });
    for (;;) {
      if (!navigator.onLine) return false;
      const { nextDueAt } = await drainOutbox({ authId: session.authId, notion, online: () => navigator.onLine });
      if (nextDueAt === null) return true;
      const waitMs = nextDueAt - Date.now();
      if (waitMs > MAX_DRAIN_WAIT_MS) return false;
      await sleep(Math.max(0, waitMs));
    }
  }, MAX_LOCK_WAIT_MS);
}

interface SyncEvent extends ExtendableEvent {
  tag: string;
}

export function drainOutboxOnSync(): void {
  self.addEventListener('sync', ((event: SyncEvent) => {
    if (event.tag !== OUTBOX_SYNC_TAG) return;
    event.waitUntil(
      drainFromWorker().then((done) => {
        if (!done) throw new Error('Outbox: edits still wait; the browser will sync again.');
      }),
    );
  }) as EventListener);
  self.addEventListener('message', (event) => {
    if (event.data?.type !== 'DRAIN_OUTBOX') return;
    event.waitUntil(drainFromWorker().catch((error: unknown) => console.error('Outbox drain failed', error)));
  });
}
