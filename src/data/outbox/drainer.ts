/**
 * `startDrainer`: the outbox's one drainer, for the page (src/features/outbox/pageDrainer.ts)
 * and the service worker (sw/outboxDrain.ts) alike. It takes the outbox's lock (drainLock.ts),
 * clears the in-flight marks a dead drainer left (orphans.ts), drains (drain.ts), and after each
 * round asks `nextStep` — the one place that decides whether the drain goes on — what to do.
 * The two owners differ only by what they inject: the clock, `online`, the session (the user,
 * and the Notion client with its fetch and token source, which sends with that user's session
 * only) and their rule. The session is asked before every round: none is usable while the
 * context holds no session of the user, and a round whose session the proxy refused
 * (classify.ts `waitsForAccount`) leaves the rest queued for the user's next session.
 * - `untilStopped` (the page): holds the lock until `stop()`, sleeping between rounds until the
 *   next entry is due — at most MAX_IDLE_MS, so work queued by another context (a tab, the
 *   worker) never waits longer than that while online — and woken at once by `kick()`; without
 *   a usable session it asks again after ACCOUNT_RECHECK_MS, or when kicked;
 * - `untilIdle` (the worker): ends `true` once nothing is due; ends `false`, leaving the work to
 *   the next sync or page, when offline, when it has no usable session, when the next entry is
 *   due more than MAX_DRAIN_WAIT_MS away, or when the lock stayed taken MAX_LOCK_WAIT_MS. It
 *   hands the lock back before it sleeps for an entry to come due, so a page opened meanwhile
 *   drains at once; it asks for the lock again before it sends anything.
 *
 * What must stay true: nothing is sent without the lock (where Web Locks exist), and whoever
 * takes it clears orphaned marks before its first round — no other drainer has a request out.
 */
import { systemClock } from '../clock.ts';
import { withDrainLock } from './drainLock.ts';
import { drainOutbox, type OutboxDeps } from './drain.ts';
import { releaseOrphans } from './orphans.ts';
import { ACCOUNT_RECHECK_MS, MAX_DRAIN_WAIT_MS, MAX_IDLE_MS, MAX_LOCK_WAIT_MS } from './timing.ts';

/** Who drains, and with what (a client that sends with that user's session only): asked before each round. */
export type DrainSession = Pick<OutboxDeps, 'authId' | 'notion'>;

export type DrainRule = 'untilStopped' | 'untilIdle';

export interface DrainerDeps extends Omit<OutboxDeps, 'authId' | 'notion'> {
  /** The user and Notion client to drain with; null when there is no usable session. */
  session: () => Promise<DrainSession | null>;
  rule: DrainRule;
}

export interface Drainer {
  /** Drain now (or right after the round under way). */
  kick(): void;
  /** Ends the drainer after the round under way; resolves when it has ended. */
  stop(): Promise<void>;
  /** True when the drainer ended with nothing due; false when work may remain. */
  done: Promise<boolean>;
}

/** What a round found: whether it could drain, and when the next entry is due. */
interface Round {
  usable: boolean;
  online: boolean;
  nextDueAt: number | null;
}

/** Give the lock back and sleep, or end. */
type Release = { releaseMs: number } | { end: boolean };
/** Keep the lock and sleep (woken by a kick), or let go of it. */
type Step = { holdMs: number } | Release;

/** After a round: what the owner's rule says. The one place that decides when a drain ends. */
function nextStep(rule: DrainRule, round: Round, now: number): Step {
  if (!round.usable) return rule === 'untilStopped' ? { holdMs: ACCOUNT_RECHECK_MS } : { end: false };
  const dueIn = round.nextDueAt === null ? null : Math.max(0, round.nextDueAt - now);
  if (rule === 'untilStopped') return { holdMs: dueIn === null ? MAX_IDLE_MS : Math.min(MAX_IDLE_MS, dueIn) };
  if (!round.online) return { end: false };
  if (dueIn === null) return { end: true };
  return dueIn > MAX_DRAIN_WAIT_MS ? { end: false } : { releaseMs: dueIn };
}

const isTimeout = (error: unknown) => error instanceof Error && error.name === 'TimeoutError';

export function startDrainer({ session, rule, ...outbox }: DrainerDeps): Drainer {
  const clock = outbox.clock ?? systemClock;
  let stopped = false;
  let kicked = false;
  let wake = new AbortController();

  async function round(current: DrainSession): Promise<Round> {
    if (!outbox.online()) return { usable: true, online: false, nextDueAt: null };
    let nextDueAt: number | null;
    let refused = false;
    try {
      const drained = await drainOutbox({ ...outbox, ...current });
      ({ nextDueAt } = drained);
      refused = drained.waitsForAccount === true;
    } catch (error) {
      // IndexedDB itself failed (quota, a closed database): try again after the idle wait.
      console.error('Outbox drain failed', error);
      nextDueAt = clock.now() + MAX_IDLE_MS;
    }
    return { usable: !refused, online: outbox.online(), nextDueAt };
  }

  /** One hold of the lock: rounds until the rule lets go of it. */
  const underLock = async (): Promise<Release> => {
    if (stopped) return { end: false };
    let cleared: string | null = null;
    for (;;) {
      kicked = false;
      wake = new AbortController();
      const current = await session();
      if (current && current.authId !== cleared) await releaseOrphans(current.authId, outbox.database);
      if (current) cleared = current.authId;
      const found = current ? await round(current) : { usable: false, online: outbox.online(), nextDueAt: null };
      const step = nextStep(rule, found, clock.now());
      if (!('holdMs' in step)) return step;
      if (!found.usable) {
        // a kick during a round without a usable session (an edit queued meanwhile) does not
        // try the refused session again at once: only a kick during the wait does (a sign-in)
        kicked = false;
        wake = new AbortController();
      }
      if (!stopped && !kicked) await clock.sleep(step.holdMs, wake.signal);
      if (stopped) return { end: false };
    }
  };

  const done = (async () => {
    for (;;) {
      const step = await withDrainLock(underLock, rule === 'untilIdle' ? MAX_LOCK_WAIT_MS : undefined).catch(
        (error: unknown): Release => {
          if (isTimeout(error)) return { end: false };
          throw error;
        },
      );
      if ('end' in step) return step.end;
      wake = new AbortController();
      await clock.sleep(step.releaseMs, wake.signal);
      if (stopped) return false;
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
      await done.catch(() => undefined);
    },
    done,
  };
}
