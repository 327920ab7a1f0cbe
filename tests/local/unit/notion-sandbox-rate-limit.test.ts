/**
 * The Notion sandbox's default rate limit (supabase/local/sandboxes/notion/traffic.ts), on explicit
 * clock values: Notion's 3 requests/s per key on average with bursts (10), a 429 rate_limited with
 * an integer Retry-After of at least 1 s past the burst, one bucket per key whoever sends with it —
 * what the proxy's shared budget (tests/integration/notion-proxy-shared-budget.test.ts) is
 * measured against.
 */
import { describe, expect, test } from 'vitest';
import { Traffic } from '../../../supabase/local/sandboxes/notion/traffic.ts';
import { NOTION_RATE_LIMIT } from '../../../supabase/local/sandboxes/notion/index.ts';

describe('the sandbox’s default rate limit', () => {
  test('is Notion’s: 3 requests/s per key, bursts of 10', () => {
    expect(new Traffic().current().rateLimit).toEqual({ requestsPerSecond: 3, burst: 10 });
    expect(NOTION_RATE_LIMIT).toEqual({ requestsPerSecond: 3, burst: 10 });
  });

  test('past the burst: 429 rate_limited with Retry-After; then 3 more per second', () => {
    const traffic = new Traffic();
    const first = Array.from({ length: 11 }, () => traffic.admit('ntn_key', 0));
    expect(first.slice(0, 10)).toEqual(Array(10).fill(undefined));
    const limited = first[10];
    expect([limited?.status, limited?.code, limited?.headers['retry-after']]).toEqual([429, 'rate_limited', '1']);
    // A second later the bucket has 3 requests again, not more.
    const later = Array.from({ length: 4 }, () => traffic.admit('ntn_key', 1_000)?.status);
    expect(later).toEqual([undefined, undefined, undefined, 429]);
  });

  test('one bucket per key, shared by everyone who sends with it', () => {
    const traffic = new Traffic();
    for (let i = 0; i < 10; i++) traffic.admit('ntn_shared', 0);
    expect(traffic.admit('ntn_shared', 0)?.status).toBe(429);
    expect(traffic.admit('ntn_other', 0)).toBeUndefined();
  });
});
