/**
 * The shared Notion rate budget (src/data/notion/rateBudget.ts) on a fake clock: bursts of 3,
 * then 2.5 calls/s; at most 2.5/s on average, never beyond what Notion's bucket admits;
 * first come, first served; a Retry-After answer (429, 503, 529) through the fetch wrapper
 * holds every call until then.
 */
import { describe, expect, test } from 'vitest';
import {
  budgetedFetch,
  createRateBudget,
  RATE_LIMITED_RETRIES,
  RATE_LIMITED_RETRY_MAX_WAIT_MS,
} from '../../src/data/notion/rateBudget.ts';
import { FakeClock } from './support/fakeClock.ts';

const T0 = Date.parse('2026-03-01T10:00:00Z');

/** When each of `count` calls, all asked at once, was let through (ms after T0). */
async function startTimes(count: number) {
  const clock = new FakeClock(T0);
  const budget = createRateBudget({ clock });
  const starts: number[] = [];
  await clock.run(
    Promise.all(Array.from({ length: count }, (_, i) => budget.take().then(() => (starts[i] = clock.now() - T0)))),
  );
  return starts;
}

describe('rate budget', () => {
  test('a burst of 3, then one call every 400 ms, in the order asked', async () => {
    expect(await startTimes(7)).toEqual([0, 0, 0, 400, 800, 1200, 1600]);
  });

  test('150 calls at once: ≤ 3 + 2.5 × W calls in any window of W s; a Notion bucket (3/s, bursts of 3) refuses none', async () => {
    const starts = await startTimes(150);
    for (const windowMs of [1000, 10_000]) {
      const most = Math.max(...starts.map((t) => starts.filter((s) => s >= t && s < t + windowMs).length));
      expect(most).toBeLessThanOrEqual(3 + (2.5 * windowMs) / 1000);
    }
    const perSecond = (starts.length - 3) / (starts[starts.length - 1] / 1000);
    expect(perSecond).toBeLessThanOrEqual(2.5);
    expect(perSecond).toBeGreaterThan(2.45);
    // Notion's limit as the sandbox plays it: 3 tokens, refilled at 3/s.
    let tokens = 3;
    let last = 0;
    const refused = starts.filter((t) => {
      tokens = Math.min(3, tokens + ((t - last) / 1000) * 3);
      last = t;
      if (tokens < 1) return true;
      tokens -= 1;
      return false;
    });
    expect(refused).toEqual([]);
  });

  test.each([503, 529])(
    'a %i with Retry-After holds every call until then (and is answered as it came)',
    async (status) => {
      const clock = new FakeClock(T0);
      const budget = createRateBudget({ clock });
      const seen: number[] = [];
      const inner: typeof fetch = async () => {
        seen.push(clock.now() - T0);
        return seen.length === 1 ? new Response('{}', { status, headers: { 'retry-after': '5' } }) : new Response('{}');
      };
      const wrapped = budgetedFetch(inner, budget, clock);
      await clock.run(wrapped('/a'));
      await clock.run(Promise.all([wrapped('/b'), wrapped('/c')]));
      expect(seen).toEqual([0, 5000, 5000]);
    },
  );

  test('calls already waiting for their turn when a 429 comes back wait for its Retry-After too', async () => {
    const clock = new FakeClock(T0);
    const budget = createRateBudget({ clock });
    const seen: number[] = [];
    const wrapped = budgetedFetch(
      async () => {
        seen.push(clock.now() - T0);
        return seen.length === 1
          ? new Response('{}', { status: 429, headers: { 'retry-after': '5' } })
          : new Response('{}');
      },
      budget,
      clock,
    );
    await clock.run(Promise.all(Array.from({ length: 5 }, (_, i) => wrapped(`/${i}`))));
    expect(seen).toEqual([0, 0, 0, 5000, 5000, 5000]); // the refused call again, with the two that waited
  });

  test('a 429 is sent again once its Retry-After has passed, and its caller gets the answer to that', async () => {
    const clock = new FakeClock(T0);
    const budget = createRateBudget({ clock });
    const seen: string[] = [];
    const wrapped = budgetedFetch(
      async (input) => {
        seen.push(`${String(input)}@${clock.now() - T0}`);
        return seen.length === 1
          ? new Response('{}', { status: 429, headers: { 'retry-after': '2' } })
          : new Response('{"ok":true}');
      },
      budget,
      clock,
    );
    const answer = await clock.run(wrapped('/a'));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ok: true });
    expect(seen).toEqual(['/a@0', '/a@2000']);
  });

  test('a Request with a body is sent whole at every attempt', async () => {
    const clock = new FakeClock(T0);
    const bodies: string[] = [];
    const wrapped = budgetedFetch(
      async (input) => {
        bodies.push(await (input as Request).text());
        return bodies.length === 1
          ? new Response('{}', { status: 429, headers: { 'retry-after': '1' } })
          : new Response('{}');
      },
      createRateBudget({ clock }),
      clock,
    );
    const request = new Request('http://sidenote.test/api/notion/v1/pages/p', { method: 'PATCH', body: '{"a":1}' });
    expect((await clock.run(wrapped(request))).status).toBe(200);
    expect(bodies).toEqual(['{"a":1}', '{"a":1}']);
  });

  test(`a 429 is sent ${RATE_LIMITED_RETRIES} more times at most; a wait over ${RATE_LIMITED_RETRY_MAX_WAIT_MS / 1000} s is not waited`, async () => {
    const clock = new FakeClock(T0);
    const budget = createRateBudget({ clock });
    let calls = 0;
    const limited = (seconds: number) =>
      budgetedFetch(
        async () => (calls++, new Response('{}', { status: 429, headers: { 'retry-after': String(seconds) } })),
        budget,
        clock,
      );
    expect((await clock.run(limited(1)('/a'))).status).toBe(429);
    expect(calls).toBe(1 + RATE_LIMITED_RETRIES);
    calls = 0;
    expect((await clock.run(limited(RATE_LIMITED_RETRY_MAX_WAIT_MS / 1000 + 1)('/b'))).status).toBe(429);
    expect(calls).toBe(1);
  });

  test('a 500 without Retry-After holds nothing', async () => {
    const clock = new FakeClock(T0);
    const budget = createRateBudget({ clock });
    const seen: number[] = [];
    const wrapped = budgetedFetch(
      async () => (seen.push(clock.now() - T0), new Response('{}', { status: 500 })),
      budget,
      clock,
    );
    await clock.run(Promise.all([wrapped('/a'), wrapped('/b')]));
    expect(seen).toEqual([0, 0]);
  });
});
