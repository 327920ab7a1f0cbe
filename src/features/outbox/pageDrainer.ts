/**
 * The page's outbox drainer (issue 15): while a signed-in page is open it holds the outbox's
 * lock and runs the drain loop (src/data/outbox/run.ts) with the app's Notion client — one
 * rate budget for every call —, woken at once when an edit is queued (here or in another tab:
 * Dexie's live query sees both) or the browser comes back online. Another tab
 * waits for the lock; the service worker drains once no page holds it.
 *
 * When the page goes away with edits waiting it registers Background Sync (Chromium) and asks
 * the worker to drain: what the closed panel left is sent without it. (`useOutboxOwner`
 * registers the sync as soon as edits wait, too.)
 */
import { notion } from '../../data/notion/appNotion.ts';
import { requestBackgroundSync } from '../../data/outbox/backgroundSync.ts';
import { withDrainLock } from '../../data/outbox/drainLock.ts';
import { enqueue } from '../../data/outbox/enqueue.ts';
import { replayJournal } from '../../data/outbox/journal.ts';
import { releaseOrphans } from '../../data/outbox/orphans.ts';
import { pendingChangeCount, watchPendingCount } from '../../data/outbox/queries.ts';
import { runOutbox, type OutboxRunner } from '../../data/outbox/run.ts';

export function startPageDrainer(authId: string): () => void {
  let runner: OutboxRunner | undefined;
  let stopped = false;
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));

  // Edits a panel noted as it closed, queued again at once — not after the lock, which the
  // worker may hold for a while draining what that panel left: this page's counts must see them.
  void replayJournal(enqueue).catch((error: unknown) => console.error('Outbox journal replay failed', error));
  void withDrainLock(async () => {
    if (stopped) return;
    await releaseOrphans(authId);
    runner = runOutbox({ authId, notion, online: () => navigator.onLine });
    // an edit queued here or in another tab: drain now, not after the idle wait
    let waiting = 0;
    const unwatch = watchPendingCount(authId, (count) => {
      if (count > waiting) runner?.kick();
      waiting = count;
    });
    await released;
    unwatch();
    await runner.stop();
  }).catch((error: unknown) => console.error('Outbox drainer stopped', error));

  const online = () => runner?.kick();
  const leaving = () => void handOver(authId);
  window.addEventListener('online', online);
  window.addEventListener('pagehide', leaving);
  return () => {
    stopped = true;
    window.removeEventListener('online', online);
    window.removeEventListener('pagehide', leaving);
    release();
  };
}

/** Edits still wait: Background Sync where there is one, and a word to the worker. */
async function handOver(authId: string): Promise<void> {
  if ((await pendingChangeCount(authId)) === 0) return;
  await requestBackgroundSync();
  navigator.serviceWorker?.controller?.postMessage({ type: 'DRAIN_OUTBOX' });
}
