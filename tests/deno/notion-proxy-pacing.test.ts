/**
 * notion-proxy's pacing of a Notion key (supabase/functions/notion-proxy/pacing.ts), in Deno, on
 * explicit clock values: the plan (`reserve`: a burst, then one interval apart; a queue too long
 * answered with Retry-After) and the real sends (`admit`: a request that woke late waits again
 * rather than bunching). Its real sends obey Notion's rule in any window — the promise the
 * running proxy is held to end to end in tests/integration/notion-proxy.test.ts.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { KeyPacer, NOTION_PACING } from '../../supabase/functions/notion-proxy/pacing.ts';

const INTERVAL_MS = 1000 / NOTION_PACING.requestsPerSecond;
const { burst: BURST } = NOTION_PACING;
const KEY = 'digest-of-a-key';

/** At most BURST sends at once, then one more per interval: j - i + 1 sends span (j - i + 1 - BURST) intervals. */
function assertPaced(sends: number[]) {
  const sorted = [...sends].sort((a, b) => a - b);
  for (let i = 0; i < sorted.length; i++) {
    for (let j = i + 1; j < sorted.length; j++) {
      const needed = Math.max(0, j - i + 1 - BURST) * INTERVAL_MS;
      assert.ok(sorted[j] - sorted[i] >= needed - 1e-9, `${j - i + 1} sends in ${sorted[j] - sorted[i]} ms`);
    }
  }
}

/** Sends each request when its plan says, `late(n)` ms late, admitting it as the proxy does. */
function sendAll(count: number, late: (n: number) => number): number[] {
  const pacer = new KeyPacer();
  const planned = Array.from({ length: count }, () => {
    const slot = pacer.reserve(KEY, 0);
    assert.ok('waitMs' in slot);
    return slot.waitMs;
  });
  // timers fire in plan order, each `late(n)` after its time; a refused admit waits and asks again
  const queue = planned.map((at, n) => ({ at: at + late(n), n }));
  const sends: number[] = [];
  while (queue.length) {
    queue.sort((a, b) => a.at - b.at);
    const next = queue.shift()!;
    const wait = pacer.admit(KEY, next.at);
    if (wait === 0) sends.push(next.at);
    else queue.push({ at: next.at + wait, n: next.n });
  }
  return sends;
}

test('10 requests at once: the first 3 planned at once, then one interval apart', () => {
  const pacer = new KeyPacer();
  const waits = Array.from({ length: 10 }, () => (pacer.reserve(KEY, 0) as { waitMs: number }).waitMs);
  assert.deepEqual(
    waits.map((w) => Math.round(w)),
    [0, 0, 0, 333, 667, 1000, 1333, 1667, 2000, 2333],
  );
});

test('sent on time, the real sends are the plan and obey the rule', () => {
  const sends = sendAll(10, () => 0);
  assert.equal(sends.length, 10);
  assertPaced(sends);
});

test('timers that fire late (a busy machine) never bunch the sends', () => {
  // the first ones late by a second, so the later ones come due together with them
  const sends = sendAll(10, (n) => (n < 4 ? 1000 - n * 100 : 0));
  assert.equal(sends.length, 10);
  assertPaced(sends);
});

test('a queue longer than the wait allowed is answered with Retry-After, not queued', () => {
  const pacer = new KeyPacer();
  let queued = 0;
  let refused: ReturnType<KeyPacer['reserve']> | undefined;
  while (!refused && queued < 100) {
    const slot = pacer.reserve(KEY, 0);
    if ('waitMs' in slot) queued += 1;
    else refused = slot;
  }
  // 3 at once, then one per interval up to 10 s of waiting (the last one on the edge either way)
  const most = Math.floor(NOTION_PACING.maxWaitMs / INTERVAL_MS) + BURST;
  assert.ok(queued >= most - 1 && queued <= most, `${queued} queued`);
  assert.ok(refused && 'retryAfterSeconds' in refused && refused.retryAfterSeconds >= 10);
  // another key has its own schedule
  assert.deepEqual(pacer.reserve('another-key', 0), { waitMs: 0 });
});

test("Notion's 429 holds the key until its Retry-After has passed", () => {
  const pacer = new KeyPacer();
  pacer.backOff(KEY, 2, 0);
  const slot = pacer.reserve(KEY, 0) as { waitMs: number };
  assert.ok(slot.waitMs >= 2000, `waits ${slot.waitMs} ms`);
  assert.ok(pacer.admit(KEY, 1000) > 0);
});
