/**
 * `runOutbox`: the drain as a loop for whoever owns it (the page, the service worker). It
 * drains, then sleeps until the next entry is due — at most MAX_IDLE_MS, so work queued by
 * another context (a tab, the worker) never waits longer than that while online — and wakes
 * at once on `kick()` (an edit queued, the browser back online).
 */
import { systemClock } from '../clock.ts';
import { drainOutbox, type OutboxDeps } from './drain.ts';
import { MAX_IDLE_MS } from './timing.ts';

export interface OutboxRunner {
  /** Drain now (or right after the drain under way). */
  kick(): void;
  /** Ends the loop after the drain under way; resolves when it has ended. */
  stop(): Promise<void>;
}

export function runOutbox(deps: OutboxDeps): OutboxRunner {
  const clock = deps.clock ?? systemClock;
  let stopped = false;
  let kicked = false;
  let wake = new AbortController();

  const loop = (async () => {
    while (!stopped) {
      kicked = false;
      wake = new AbortController();
      let waitMs = MAX_IDLE_MS;
      if (deps.online()) {
        try {
          const { nextDueAt } = await drainOutbox(deps);
          if (nextDueAt !== null) waitMs = Math.min(MAX_IDLE_MS, Math.max(0, nextDueAt - clock.now()));
        } catch (error) {
          // IndexedDB itself failed (quota, a closed database): try again after the idle wait.
          console.error('Outbox drain failed', error);
        }
      }
      if (!stopped && !kicked) await clock.sleep(waitMs, wake.signal);
    }
  })();

  return {
    kick() {
      kicked = true;
      wake.abort();
    },
    async stop() {
      stopped = true;
      wake.abort();
      await loop;
    },
  };
}
