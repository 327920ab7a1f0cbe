/**
 * take_notion_key_slot and hold_notion_key (migration share_notion_key_budget): one Notion rate
 * schedule per key digest, shared by every caller — a burst, then one start per interval; a
 * queue over the maximum wait takes no slot; Notion's Retry-After holds the key. Runs on PGlite
 * and, with SIDENOTE_TEST_DATABASE_URL, on PostgreSQL, where concurrent callers contend for the
 * key's row as the proxy's instances do.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestStack, type TestStack } from './support/stack.ts';

const RULE = { p_requests_per_second: 3, p_burst: 3 };
const INTERVAL_MS = 1000 / RULE.p_requests_per_second;
let stack: TestStack;
let keys = 0;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack?.stop());

/** A fresh digest per test, so tests do not share a schedule. */
const newDigest = () => (++keys).toString(16).padStart(64, '0');

/** Takes a slot through its own client (as another instance would); its wait and when it was answered. */
async function take(
  digest: string,
  maxWaitMs = 10_000,
  rule = RULE,
): Promise<{ waitMs: number; at: number; sent: number }> {
  const sent = Date.now();
  const { data, error } = await stack
    .serviceClient()
    .rpc('take_notion_key_slot', { p_key_digest: digest, ...rule, p_max_wait_ms: maxWaitMs });
  if (error) throw new Error(error.message);
  return { waitMs: data as number, at: Date.now(), sent };
}

async function hold(digest: string, retryAfterSeconds: number): Promise<void> {
  const { error } = await stack
    .serviceClient()
    .rpc('hold_notion_key', { p_key_digest: digest, p_retry_after_seconds: retryAfterSeconds, ...RULE });
  if (error) throw new Error(error.message);
}

/**
 * Starts (answer time + wait) obey the rule: n starts span at least n - burst intervals (less
 * the calls' latency, which shifts each observed start later by up to `slackMs`).
 */
function expectPaced(starts: number[], slackMs: number) {
  const sorted = [...starts].sort((a, b) => a - b);
  for (let i = 0; i < sorted.length; i++) {
    for (let j = i + RULE.p_burst; j < sorted.length; j++) {
      expect(sorted[j] - sorted[i]).toBeGreaterThanOrEqual((j - i + 1 - RULE.p_burst) * INTERVAL_MS - slackMs);
    }
  }
}

test('a burst of 3 starts at once, the next ones one interval apart', async () => {
  const digest = newDigest();
  const slots: Awaited<ReturnType<typeof take>>[] = [];
  for (let i = 0; i < 6; i++) slots.push(await take(digest));
  expect(slots.slice(0, 3).map((slot) => slot.waitMs)).toEqual([0, 0, 0]);
  // The database read its clock for the first slot between that call's send and its answer, and
  // every later start is planned from there: never before `sent + k intervals` (the rule), and no
  // call waits longer than the k intervals the rule can ask of it. (Bounds from the first call's
  // answer instead failed a loaded run whose first call took longer than the slack it allowed.)
  slots.slice(3).forEach((slot, i) => {
    const intervals = (i + 1) * INTERVAL_MS;
    expect(slot.at + slot.waitMs).toBeGreaterThanOrEqual(slots[0].sent + intervals - 1);
    expect(slot.waitMs).toBeLessThanOrEqual(intervals + 1);
  });
  expect((await take(newDigest())).waitMs).toBe(0);
});

test('concurrent callers of one key share its schedule', async () => {
  const digest = newDigest();
  const started = Date.now();
  const slots = await Promise.all(Array.from({ length: 12 }, () => take(digest)));
  const latencyMs = Math.max(...slots.map((slot) => slot.at)) - started;
  expectPaced(
    slots.map((slot) => slot.at + slot.waitMs),
    latencyMs,
  );
  expect(Math.max(...slots.map((slot) => slot.waitMs))).toBeGreaterThanOrEqual(8 * INTERVAL_MS - latencyMs);
});

test('a wait over the maximum takes no slot: the caller is told how long instead', async () => {
  // One start every 2 s, no burst: the second call must wait about 2 s, over a 1 s maximum.
  const slow = { p_requests_per_second: 0.5, p_burst: 1 };
  const digest = newDigest();
  expect((await take(digest, 1_000, slow)).waitMs).toBe(0);
  const refused = await take(digest, 1_000, slow);
  expect(refused.waitMs).toBeGreaterThan(1_000);
  // Had the refused call taken a slot, this one would wait about 2 s more than it.
  const next = await take(digest, 10_000, slow);
  expect(next.waitMs).toBeLessThanOrEqual(refused.waitMs);
});

test('Notion’s Retry-After holds the key that long, then one start per interval', async () => {
  const digest = newDigest();
  await take(digest);
  const holdFrom = Date.now();
  await hold(digest, 2);
  const first = await take(digest);
  expect(first.waitMs).toBeLessThanOrEqual(2_000);
  expect(first.at + first.waitMs).toBeGreaterThanOrEqual(holdFrom + 2_000);
  const second = await take(digest);
  expect(second.at + second.waitMs - (first.at + first.waitMs)).toBeGreaterThanOrEqual(
    INTERVAL_MS - (second.at - first.at) - 1,
  );
});

test('a shorter hold never shortens a longer one', async () => {
  const digest = newDigest();
  const holdFrom = Date.now();
  await hold(digest, 5);
  await hold(digest, 0);
  const slot = await take(digest);
  expect(slot.at + slot.waitMs).toBeGreaterThanOrEqual(holdFrom + 5_000);
});

test('a key is named by its digest only, and the rule must make sense', async () => {
  const service = stack.serviceClient();
  const bad = [
    { p_key_digest: 'ntn_not_a_digest', ...RULE, p_max_wait_ms: 0 },
    { p_key_digest: newDigest(), p_requests_per_second: 0, p_burst: 3, p_max_wait_ms: 0 },
    { p_key_digest: newDigest(), p_requests_per_second: 3, p_burst: 0, p_max_wait_ms: 0 },
    { p_key_digest: newDigest(), ...RULE, p_max_wait_ms: -1 },
  ];
  for (const args of bad) expect((await service.rpc('take_notion_key_slot', args)).error?.code).toBe('22023');
  const hold = await service.rpc('hold_notion_key', { p_key_digest: 'x', p_retry_after_seconds: 1, ...RULE });
  expect(hold.error?.code).toBe('22023');
});
