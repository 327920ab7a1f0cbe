/**
 * The page's outbox drainer (issue 15): while a signed-in page is open it runs the outbox's one
 * drainer (src/data/outbox/drainer.ts) with the `untilStopped` rule and the app's Notion client
 * — one rate budget for every call, error answers reported to the operators —, so it holds the
 * outbox's lock until the page goes, woken at once when an edit is queued (here or in another
 * tab: Dexie's live query sees both) or the browser comes back online. Another tab waits for the
 * lock; the service worker drains whenever no page holds it.
 *
 * When the page goes away with edits waiting it registers Background Sync (Chromium) and asks
 * the worker to drain: what the closed panel left is sent without it. (`useOutboxOwner`
 * registers the sync as soon as edits wait, too.)
 */
import { notion } from '../../data/notion/appNotion.ts';
import { requestBackgroundSync } from '../../data/outbox/backgroundSync.ts';
import { startDrainer } from '../../data/outbox/drainer.ts';
import { enqueue } from '../../data/outbox/enqueue.ts';
import { replayJournal } from '../../data/outbox/journal.ts';
import { pendingChangeCount, watchPendingCount } from '../../data/outbox/queries.ts';

export function startPageDrainer(authId: string): () => void {
  // Edits a panel noted as it closed, queued again at once — not after the lock, which the
  // worker may hold for a while draining what that panel left: this page's counts must see them.
  void replayJournal(enqueue).catch((error: unknown) => console.error('Outbox journal replay failed', error));
  const drainer = startDrainer({
    rule: 'untilStopped',
    session: async () => ({ authId, notion }),
    online: () => navigator.onLine,
  });
  drainer.done.catch((error: unknown) => console.error('Outbox drainer stopped', error));
  // an edit queued here or in another tab: drain now, not after the idle wait
  let waiting = 0;
  const unwatch = watchPendingCount(authId, (count) => {
    if (count > waiting) drainer.kick();
    waiting = count;
  });

  const online = () => drainer.kick();
  const leaving = () => void handOver(authId);
  window.addEventListener('online', online);
  window.addEventListener('pagehide', leaving);
  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('pagehide', leaving);
    unwatch();
    void drainer.stop();
  };
}

/** Edits still wait: Background Sync where there is one, and a word to the worker. */
async function handOver(authId: string): Promise<void> {
  if ((await pendingChangeCount(authId)) === 0) return;
  await requestBackgroundSync();
  navigator.serviceWorker?.controller?.postMessage({ type: 'DRAIN_OUTBOX' });
}
