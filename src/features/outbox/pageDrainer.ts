/**
 * The page's outbox drainer (issue 15): while a signed-in page is open it runs the outbox's one
 * drainer (src/data/outbox/drainer.ts) with the `untilStopped` rule and the app's Notion client
 * — one rate budget for every call, error answers reported to the operators — bound to the
 * account it drains for (accountSession.ts: its entries go with its token only, never another
 * tab's newer session or none; issue 32, item 5), so it holds the
 * outbox's lock until the page goes, woken at once when an edit is queued (here or in another
 * tab: Dexie's live query sees both) or the browser comes back online. Another tab waits for the
 * lock; the service worker drains whenever no page holds it. Every change of the tab's session
 * (another tab's sign-in or sign-out included) kicks it: an account's entries that waited for it
 * go as soon as it is signed in again.
 *
 * When the page goes away with edits waiting it registers Background Sync (Chromium) and asks
 * the worker to drain: what the closed panel left is sent without it. (`useOutboxOwner`
 * registers the sync as soon as edits wait, too.)
 */
import { notionWith } from '../../data/notion/appNotion.ts';
import { accountSession, type CurrentSession } from '../../data/outbox/accountSession.ts';
import { requestBackgroundSync } from '../../data/outbox/backgroundSync.ts';
import { startDrainer } from '../../data/outbox/drainer.ts';
import { enqueue } from '../../data/outbox/enqueue.ts';
import { replayJournal } from '../../data/outbox/journal.ts';
import { pendingChangeCount, watchPendingCount } from '../../data/outbox/queries.ts';
import { supabase } from '../../data/supabase/client.ts';

/** The tab's session now (supabase-js's, shared by every tab of the app). */
async function tabSession(): Promise<CurrentSession | null> {
  const { session } = (await supabase.auth.getSession()).data;
  return session ? { authId: session.user.id, accessToken: session.access_token } : null;
}

export function startPageDrainer(authId: string): () => void {
  // Edits a panel noted as it closed, queued again at once — not after the lock, which the
  // worker may hold for a while draining what that panel left: this page's counts must see them.
  void replayJournal(enqueue).catch((error: unknown) => console.error('Outbox journal replay failed', error));
  const drainer = startDrainer({
    rule: 'untilStopped',
    session: accountSession(authId, tabSession, notionWith),
    online: () => navigator.onLine,
  });
  drainer.done.catch((error: unknown) => console.error('Outbox drainer stopped', error));
  const { subscription } = supabase.auth.onAuthStateChange(() => drainer.kick()).data;
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
    subscription.unsubscribe();
    void drainer.stop();
  };
}

/** Edits still wait: Background Sync where there is one, and a word to the worker. */
async function handOver(authId: string): Promise<void> {
  if ((await pendingChangeCount(authId)) === 0) return;
  await requestBackgroundSync();
  navigator.serviceWorker?.controller?.postMessage({ type: 'DRAIN_OUTBOX' });
}
