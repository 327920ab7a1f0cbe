/**
 * How old a cached value is against its TTL, as /cache-debug shows it: `fresh` while its age is
 * under the TTL (the same rule as every read, `isFresh`); past it, `stale` when the app still
 * shows it while a refresh runs (or offline), `expired` when the app no longer uses it.
 */
import { isFresh } from '../settings/activeSetting.ts';

export type Freshness = 'fresh' | 'stale' | 'expired';

export interface Lifetime {
  ttlMs: number;
  /** Past its TTL the value is still shown (offline, or until a refresh answers). */
  servedStale: boolean;
}

export function cacheFreshness(cachedAt: number, now: number, { ttlMs, servedStale }: Lifetime): Freshness {
  if (isFresh(cachedAt, ttlMs, now)) return 'fresh';
  return servedStale ? 'stale' : 'expired';
}
