/**
 * The outbox's timing constants, named once (the pacing of batches is src/data/notion/pacing.ts).
 */

/**
 * An entry whose base is older than this is checked against Notion (GET page) before it is
 * sent. 30 s: an online edit normally leaves within a second or two, so its base is what
 * Notion held a moment ago and re-reading it would only spend the rate budget; an edit made
 * offline or kept back by retries is older than this, and its base may be out of date.
 */
export const CONFLICT_WINDOW_MS = 30_000;

/**
 * Backoff after a network error, a timeout or a 5xx: 1 s, doubling per attempt, at most 8 s —
 * so a queue online with work never sits idle longer than 10 s (issue 15: peers' queues stay
 * stuck for hours); Notion's own Retry-After is honoured as given.
 */
export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_MAX_MS = 8_000;

/**
 * An entry marked in flight longer than this lost its sender (a closed tab, a killed worker):
 * it is queued again. Longer than any request waits (a Retry-After hold included); sending it
 * again is safe since values are absolute.
 */
export const IN_FLIGHT_STALE_MS = 120_000;

/** The page's drainer never sleeps longer than this, even with nothing due (drainer.ts). */
export const MAX_IDLE_MS = 10_000;

/**
 * The page's drainer, once its account's session was refused (classify.ts `waitsForAccount`),
 * asks for the session again after this — or at once when kicked: the page kicks it on every
 * change of the tab's session (pageDrainer.ts). At most one refused request a minute while a
 * session ended elsewhere is still held here.
 */
export const ACCOUNT_RECHECK_MS = 60_000;

/**
 * The worker's drainer (drainer.ts, `untilIdle`) waits at most this for the lock each time it
 * asks: a waiting sync event is cut off by the browser after a few minutes; give up before.
 */
export const MAX_LOCK_WAIT_MS = 3 * 60_000;

/** Work due later than this is left by the worker's drainer to the next sync (or the page). */
export const MAX_DRAIN_WAIT_MS = 60_000;

export const isInFlight = (entry: { inFlightSince: number | null }, now: number): boolean =>
  entry.inFlightSince !== null && now - entry.inFlightSince < IN_FLIGHT_STALE_MS;
