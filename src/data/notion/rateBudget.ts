/**
 * One rate budget for every Notion call the app makes (reads and outbox writes alike), so
 * together they stay under Notion's limit: an *average* of 3 requests/s per integration, some
 * bursts allowed. It is a token bucket kept as a schedule (GCRA): a call starts at once while
 * the bucket holds a token, else it waits for the next one, first come first served.
 *
 * Defaults: 2.5 requests/s with bursts of 3 — below Notion's 3/s so clock skew and the proxy's
 * own pacing never tip us over. A 429, 503 or 529 answer carrying Retry-After holds the whole
 * budget until then: the limit is per integration, so every other call would be refused too;
 * a 429 is then sent again, once: this is the one layer that waits out a 429 (issue 31), so one
 * call is sent at most twice end to end. Which budget a call takes from: pageNotionFetch.ts.
 *
 * What must stay true: in any window of W ms the budget starts at most
 * `burst + W × perSecond / 1000` calls, and none during a hold. Used as a fetch wrapper
 * (`budgetedFetch`) so the Notion client needs no change to share it.
 */
import { systemClock, type Clock } from '../clock.ts';
import { retryAfterMs } from '../errors/notion.ts';

export const NOTION_BUDGET_PER_SECOND = 2.5;
export const NOTION_BUDGET_BURST = 3;
/** Answers whose Retry-After holds every call: rate limited, unavailable, overloaded. */
const HOLDING_STATUSES = new Set([429, 503, 529]);

export interface RateBudgetOptions {
  perSecond?: number;
  burst?: number;
  clock?: Clock;
}

export interface RateBudget {
  /** Waits until a call may start, and counts it. */
  take(): Promise<void>;
  /** No call starts before `untilMs` (epoch ms). */
  holdUntil(untilMs: number): void;
}

export function createRateBudget({
  perSecond = NOTION_BUDGET_PER_SECOND,
  burst = NOTION_BUDGET_BURST,
  clock = systemClock,
}: RateBudgetOptions = {}): RateBudget {
  const intervalMs = 1000 / perSecond;
  const toleranceMs = (burst - 1) * intervalMs;
  /** The theoretical arrival time of the next call: the bucket is full when it is ≤ now - tolerance. */
  let nextArrival = -Infinity;
  let heldUntil = -Infinity;

  return {
    async take() {
      const now = clock.now();
      const start = Math.max(now, nextArrival - toleranceMs, heldUntil);
      nextArrival = Math.max(nextArrival, start) + intervalMs;
      if (start > now) await clock.sleep(start - now);
      // A hold that began while this call waited for its turn delays it too.
      while (clock.now() < heldUntil) await clock.sleep(heldUntil - clock.now());
    },
    holdUntil(untilMs) {
      heldUntil = Math.max(heldUntil, untilMs);
    },
  };
}

/**
 * A 429 with Retry-After is sent again after the hold, this many times, while the wait is
 * at most RATE_LIMITED_RETRY_MAX_WAIT_MS: Notion did not act on it (the limit is shared with
 * every device on the same integration), and a user's search or option delete would otherwise
 * fail on a limit they can do nothing about. A longer wait, or a 503/529, is answered as it came.
 */
export const RATE_LIMITED_RETRIES = 1;
export const RATE_LIMITED_RETRY_MAX_WAIT_MS = 10_000;

/** `fetch` that takes from `budget` before each call, holds it on a Retry-After answer, and retries a 429. */
export function budgetedFetch(inner: typeof fetch, budget: RateBudget, clock: Clock = systemClock): typeof fetch {
  return async (input, init) => {
    for (let attempt = 0; ; attempt++) {
      await budget.take();
      // a Request (the service worker's route) is read when sent: each attempt sends a copy
      const response = await inner(input instanceof Request ? input.clone() : input, init);
      if (!HOLDING_STATUSES.has(response.status)) return response;
      const waitMs = retryAfterMs(response.headers.get('retry-after'), clock.now());
      if (waitMs !== null) budget.holdUntil(clock.now() + waitMs);
      const retry =
        response.status === 429 &&
        waitMs !== null &&
        waitMs <= RATE_LIMITED_RETRY_MAX_WAIT_MS &&
        attempt < RATE_LIMITED_RETRIES;
      if (!retry) return response;
    }
  };
}
