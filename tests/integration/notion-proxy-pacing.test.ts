/**
 * The notion-proxy's per-key schedule (supabase/functions/notion-proxy/pacing.ts) on a fake
 * clock: a burst of 3, then one start every 1/3 s; keys are independent; a queue longer than
 * the maximum wait is refused with a Retry-After; Notion's Retry-After pushes the key back;
 * slots whose timers fire late are spaced again when they send.
 * (The same code runs in Deno; notion-proxy.test.ts measures it end to end.)
 */
import { describe, expect, test } from 'vitest';
import { keyDigest, KeyPacer, NOTION_PACING } from '../../supabase/functions/notion-proxy/pacing.ts';

const INTERVAL_MS = 1000 / NOTION_PACING.requestsPerSecond;
const waitOf = (slot: ReturnType<KeyPacer['reserve']>) => ('waitMs' in slot ? slot.waitMs : undefined);

describe('KeyPacer', () => {
  test('a burst of 3 starts at once, the rest one interval apart', () => {
    const pacer = new KeyPacer();
    const waits = Array.from({ length: 6 }, () => waitOf(pacer.reserve('k', 1_000)));
    const expected = [0, 0, 0, INTERVAL_MS, 2 * INTERVAL_MS, 3 * INTERVAL_MS];
    waits.forEach((wait, i) => expect(wait).toBeCloseTo(expected[i], 6));
    expect(waitOf(pacer.reserve('other', 1_000))).toBe(0);
  });

  test('an idle key gets its burst back', () => {
    const pacer = new KeyPacer();
    for (let i = 0; i < 5; i++) pacer.reserve('k', 0);
    expect(waitOf(pacer.reserve('k', 10_000))).toBe(0);
  });

  test('a wait over the maximum is refused with Retry-After, without taking a slot', () => {
    const pacer = new KeyPacer({ requestsPerSecond: 3, burst: 3, maxWaitMs: 1_000 });
    const slots = Array.from({ length: 7 }, () => pacer.reserve('k', 0));
    expect(slots.slice(0, 6).every((slot) => 'waitMs' in slot)).toBe(true);
    expect(slots[6]).toEqual({ retryAfterSeconds: 2 });
    expect(waitOf(pacer.reserve('k', 400))).toBeLessThanOrEqual(1_000);
  });

  test('Notion’s Retry-After holds the key back that long, planned or already queued', () => {
    const pacer = new KeyPacer();
    pacer.backOff('k', 2, 0);
    expect(waitOf(pacer.reserve('k', 0))).toBe(2_000);
    expect(pacer.admit('k', 0)).toBe(2_000);
  });

  test('on time, the send-time check agrees with the plan', () => {
    const pacer = new KeyPacer();
    const starts = Array.from({ length: 8 }, () => waitOf(pacer.reserve('k', 0)) ?? NaN);
    expect(starts.map((start) => pacer.admit('k', start))).toEqual(Array(8).fill(0));
  });

  test('slots whose timers fire late together are spaced again at send time', () => {
    const pacer = new KeyPacer();
    const starts = Array.from({ length: 6 }, () => waitOf(pacer.reserve('k', 0)) ?? NaN);
    // The burst goes out late, at 900 ms, and so do the three slots planned for 333, 667, 1000 ms.
    const late = 900;
    expect(starts.slice(0, 3).map(() => pacer.admit('k', late))).toEqual([0, 0, 0]);
    const fourth = pacer.admit('k', late);
    expect(fourth).toBeCloseTo(INTERVAL_MS, 6);
    expect(pacer.admit('k', late + fourth)).toBe(0);
    expect(pacer.admit('k', late + fourth)).toBeCloseTo(INTERVAL_MS, 6);
  });

  test('keys are held by digest', async () => {
    const digest = await keyDigest('ntn_secret_value');
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    expect(digest).not.toContain('secret');
  });
});
