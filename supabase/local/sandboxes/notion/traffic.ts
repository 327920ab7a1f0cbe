/**
 * The per-run knobs of the sandbox: Notion's rate limit, added latency and injected failures.
 *
 * Rate limit: a token bucket per integration token — `requestsPerSecond` on average (Notion's
 * documented 3) with bursts up to `burst` requests; an empty bucket answers 429 `rate_limited`
 * with `Retry-After` in whole seconds (at least 1), as Notion does. Latency delays every answer
 * by `latencyMs` (a number or a `[min, max]` range). `failureRate` (0–1) answers that share of
 * authenticated requests with a transient failure, drawn from `failureKinds`: 500, 503, 409
 * (writes only) by default; also, when asked, a 429 with `Retry-After: 1` (logged as injected,
 * so a test tells it from the real rate limit), a connection dropped before Notion does
 * anything (`drop`), or dropped after a write was applied (`lose`: Notion did it, the caller
 * never hears).
 * All of them can be changed while the sandbox runs (`configure`), for chaos tests and benches.
 */
import { conflict, internalError, rateLimited, serviceUnavailable, type NotionError } from './errors.ts';

export interface RateLimit {
  requestsPerSecond: number;
  burst: number;
}

/** The failures `failureRate` draws from. */
export type FailureKind = '500' | '503' | '409' | '429' | 'drop' | 'lose';

export const DEFAULT_FAILURE_KINDS: readonly FailureKind[] = ['500', '503', '409'];

export interface TrafficKnobs {
  /** `false` turns rate limiting off. Default: 3 requests/s, bursts of 10. */
  rateLimit?: RateLimit | false;
  latencyMs?: number | [number, number];
  failureRate?: number;
  failureKinds?: readonly FailureKind[];
}

/** What an injected failure does: answer a Notion error, or close the connection (before or after the write). */
export type InjectedFailure = { kind: FailureKind; error?: NotionError };

export const NOTION_RATE_LIMIT: RateLimit = { requestsPerSecond: 3, burst: 10 };

const DEFAULT_KNOBS: Required<TrafficKnobs> = {
  rateLimit: NOTION_RATE_LIMIT,
  latencyMs: 0,
  failureRate: 0,
  failureKinds: DEFAULT_FAILURE_KINDS,
};

interface Bucket {
  tokens: number;
  updatedAt: number;
}

export class Traffic {
  private knobs = DEFAULT_KNOBS;
  private readonly buckets = new Map<string, Bucket>();

  constructor(knobs: TrafficKnobs = {}) {
    this.configure(knobs);
  }

  /** The defaults, then `knobs`: as a new sandbox starts. */
  reset(knobs: TrafficKnobs = {}): void {
    this.knobs = DEFAULT_KNOBS;
    this.configure(knobs);
  }

  configure(knobs: TrafficKnobs): void {
    this.knobs = { ...this.knobs, ...Object.fromEntries(Object.entries(knobs).filter(([, v]) => v !== undefined)) };
    this.buckets.clear();
  }

  current(): Required<TrafficKnobs> {
    return this.knobs;
  }

  /** Takes one request from `token`'s bucket, or returns the 429 to answer. */
  admit(token: string, now = Date.now()): NotionError | undefined {
    const limit = this.knobs.rateLimit;
    if (!limit) return undefined;
    const bucket = this.buckets.get(token) ?? { tokens: limit.burst, updatedAt: now };
    bucket.tokens = Math.min(limit.burst, bucket.tokens + ((now - bucket.updatedAt) / 1000) * limit.requestsPerSecond);
    bucket.updatedAt = now;
    this.buckets.set(token, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return undefined;
    }
    const waitSeconds = (1 - bucket.tokens) / limit.requestsPerSecond;
    return rateLimited(Math.max(1, Math.ceil(waitSeconds)));
  }

  /** An injected transient failure for this request, if the dice say so. */
  failure(method: string): InjectedFailure | undefined {
    if (this.knobs.failureRate <= 0 || Math.random() >= this.knobs.failureRate) return undefined;
    const write = method !== 'GET';
    const kinds = this.knobs.failureKinds.filter((kind) => write || (kind !== '409' && kind !== 'lose'));
    if (kinds.length === 0) return undefined;
    const kind = kinds[Math.floor(Math.random() * kinds.length)];
    const errors: Partial<Record<FailureKind, () => NotionError>> = {
      '500': internalError,
      '503': serviceUnavailable,
      '409': conflict,
      '429': () => rateLimited(1),
    };
    return { kind, error: errors[kind]?.() };
  }

  delayMs(): number {
    const latency = this.knobs.latencyMs;
    if (typeof latency === 'number') return latency;
    const [min, max] = latency;
    return min + Math.random() * (max - min);
  }
}

/**
 * Knobs from the environment, for `npm start` and benches: NOTION_SANDBOX_RATE_LIMIT
 * (`off`, or `<perSecond>[/<burst>]`), NOTION_SANDBOX_LATENCY_MS (`50` or `20-200`),
 * NOTION_SANDBOX_FAILURE_RATE (`0.1`).
 */
export function knobsFromEnv(env: Record<string, string | undefined>): TrafficKnobs {
  const knobs: TrafficKnobs = {};
  const rate = env.NOTION_SANDBOX_RATE_LIMIT?.trim();
  if (rate === 'off' || rate === '0') knobs.rateLimit = false;
  else if (rate) {
    const [perSecond, burst] = rate.split('/').map(Number);
    if (perSecond > 0) knobs.rateLimit = { requestsPerSecond: perSecond, burst: burst > 0 ? burst : perSecond };
  }
  const latency = env.NOTION_SANDBOX_LATENCY_MS?.trim();
  if (latency) {
    const [min, max] = latency.split('-').map(Number);
    knobs.latencyMs = max !== undefined && !Number.isNaN(max) ? [min, max] : min;
  }
  const failureRate = Number(env.NOTION_SANDBOX_FAILURE_RATE);
  if (env.NOTION_SANDBOX_FAILURE_RATE && failureRate >= 0 && failureRate <= 1) knobs.failureRate = failureRate;
  return knobs;
}
