/**
 * Paces each Notion key to Notion's rate (an average of 3 requests per second per integration,
 * bursts allowed) so the app's parallel calls queue here instead of collecting 429s.
 *
 * A generic cell-rate scheduler per key: a request may start once the key's theoretical
 * arrival time minus the burst tolerance has come; the first `burst` requests start at once,
 * the following ones one interval apart. A 429 from Notion pushes the key's next start past
 * its Retry-After. A request that would wait longer than `maxWaitMs` is not queued: the caller
 * gets a 429 with Retry-After instead of holding a connection open.
 *
 * A reservation is a plan; timers fire late on a busy machine, and several late ones would
 * then send together. So the same rule is applied again to the real send times (`admit`, at
 * the moment of sending): a request that woke late waits again rather than bunching with the
 * ones due after it. On time, `admit` always agrees with the plan.
 *
 * Keys are held by their SHA-256 (never the key itself). The schedule is per function
 * instance; the key's budget across instances is the database's (shared-budget.ts). This pacer
 * still does three things there: it plans the request when the shared budget does not answer in
 * time (so a slow database never means unpaced sends), it re-checks each send at its real time
 * (`admit`: late timers of this instance never bunch, shared slot or not), and it holds the key
 * on a Notion 429 this instance saw even if holding the shared budget failed.
 */

export interface PacingOptions {
  requestsPerSecond: number;
  burst: number;
  maxWaitMs: number;
}

export const NOTION_PACING: PacingOptions = { requestsPerSecond: 3, burst: 3, maxWaitMs: 10_000 };

const PRUNE_EVERY = 1_000;

export class KeyPacer {
  /** Key digest → theoretical arrival time (ms) of its next request, as planned. */
  private readonly arrivals = new Map<string, number>();
  /** Key digest → theoretical arrival time (ms) of its next request, as actually sent. */
  private readonly sent = new Map<string, number>();
  private reservations = 0;
  private readonly intervalMs: number;
  private readonly toleranceMs: number;

  constructor(private readonly options: PacingOptions = NOTION_PACING) {
    this.intervalMs = 1000 / options.requestsPerSecond;
    this.toleranceMs = (options.burst - 1) * this.intervalMs;
  }

  /** Milliseconds to wait before sending, or `{retryAfterSeconds}` when the queue is too long. */
  reserve(keyDigest: string, now = Date.now()): { waitMs: number } | { retryAfterSeconds: number } {
    if (++this.reservations % PRUNE_EVERY === 0) this.prune(now);
    const arrival = Math.max(now, this.arrivals.get(keyDigest) ?? now);
    const start = Math.max(now, arrival - this.toleranceMs);
    const waitMs = start - now;
    if (waitMs > this.options.maxWaitMs) return { retryAfterSeconds: Math.ceil(waitMs / 1000) };
    this.arrivals.set(keyDigest, arrival + this.intervalMs);
    return { waitMs };
  }

  /**
   * At the moment of sending: 0 when the key's real sends leave room now (this send is
   * counted), else the milliseconds to wait before asking again.
   */
  admit(keyDigest: string, now = Date.now()): number {
    const arrival = Math.max(now, this.sent.get(keyDigest) ?? now);
    const start = arrival - this.toleranceMs;
    if (start > now) return start - now;
    this.sent.set(keyDigest, arrival + this.intervalMs);
    return 0;
  }

  /** Notion answered 429: nothing more for this key until Retry-After has passed. */
  backOff(keyDigest: string, retryAfterSeconds: number, now = Date.now()): void {
    const resume = now + retryAfterSeconds * 1000 + this.toleranceMs;
    for (const schedule of [this.arrivals, this.sent]) {
      schedule.set(keyDigest, Math.max(schedule.get(keyDigest) ?? 0, resume));
    }
  }

  private prune(now: number): void {
    for (const schedule of [this.arrivals, this.sent]) {
      for (const [key, arrival] of schedule) if (arrival < now) schedule.delete(key);
    }
  }
}

export async function keyDigest(key: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
