/**
 * The service worker's part of the outbox (issue 15): it drains on Background Sync (the page
 * registered the tag while edits waited, so this runs even after the panel closed) and on a
 * DRAIN_OUTBOX message from a page that is going away. It runs the outbox's one drainer
 * (src/data/outbox/drainer.ts) with the `untilIdle` rule — drain until nothing is due, never
 * sleeping with the lock, so a page opened meanwhile drains at once — as the mirrored session's
 * user (src/data/outbox/workerSession.ts), through the worker's rate budget
 * (`workerNotionFetch`), its Notion error answers reported to the operators as the page's are
 * (operatorsChannel.ts, with the mirrored token). A sync event that leaves work behind (no
 * usable session, offline, a long Retry-After, the lock held past the wait) fails, so the
 * browser tries it again later.
 */
/// <reference lib="webworker" />
import { operatorsChannel } from '../src/data/functions/operatorsChannel.ts';
import { createNotionClient } from '../src/data/notion/client.ts';
import { OUTBOX_SYNC_TAG } from '../src/data/outbox/backgroundSync.ts';
import { startDrainer, type DrainSession } from '../src/data/outbox/drainer.ts';
import { workerSession } from '../src/data/outbox/workerSession.ts';
import { projectFunctions } from '../src/data/supabase/project.ts';
import { workerNotionFetch } from './workerBudget.ts';

declare const self: ServiceWorkerGlobalScope;

/** The mirrored session's user and a Notion client with its token, or null while none is usable. */
async function mirroredSession(): Promise<DrainSession | null> {
  const session = await workerSession();
  if (!session) return null;
  const accessToken = async () => session.accessToken;
  return {
    authId: session.authId,
    notion: createNotionClient({
      fetch: workerNotionFetch,
      accessToken,
      onErrorAnswer: operatorsChannel(projectFunctions(accessToken)).reportNotionErrorAnswer,
    }),
  };
}

/** Drains; resolves true when nothing is left due, false when work remains. */
const drainFromWorker = (): Promise<boolean> =>
  startDrainer({ rule: 'untilIdle', session: mirroredSession, online: () => navigator.onLine }).done;

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
