/**
 * notion-proxy's shared budget (supabase/functions/notion-proxy/shared-budget.ts), in Deno, with
 * the database's RPC injected: a slot is the database's wait; a queue over the maximum becomes a
 * Retry-After; a database that does not answer within the timeout, fails or answers nonsense
 * gives `unavailable` (the proxy paces on its instance then) — never a hang. The SQL itself:
 * tests/integration/db-notion-key-budget.test.ts; two instances end to end:
 * tests/integration/notion-proxy-shared-budget.test.ts.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { holdSharedBudget, type Rpc, takeSharedSlot } from '../../supabase/functions/notion-proxy/shared-budget.ts';
import { NOTION_PACING } from '../../supabase/functions/notion-proxy/pacing.ts';

const DIGEST = 'ab'.repeat(32);
const answering =
  (data: unknown, error: { message: string } | null = null): Rpc =>
  () =>
    Promise.resolve({ data, error });
/** Never answers; resolves as aborted once the proxy gives up, as supabase-js does. */
const hanging: Rpc = (_name, _args, signal) =>
  new Promise((resolve) =>
    signal.addEventListener('abort', () => resolve({ data: null, error: { message: 'AbortError' } })),
  );

test('a slot is the wait the database gave, for this key under Notion’s rule', async () => {
  const calls: [string, Record<string, unknown>][] = [];
  const rpc: Rpc = (name, args) => {
    calls.push([name, args]);
    return Promise.resolve({ data: 667, error: null });
  };
  assert.deepEqual(await takeSharedSlot(DIGEST, { rpc }), { waitMs: 667 });
  assert.deepEqual(calls, [
    [
      'take_notion_key_slot',
      { p_key_digest: DIGEST, p_requests_per_second: 3, p_burst: 3, p_max_wait_ms: NOTION_PACING.maxWaitMs },
    ],
  ]);
});

test('a wait over the maximum is a Retry-After in whole seconds', async () => {
  assert.deepEqual(await takeSharedSlot(DIGEST, { rpc: answering(NOTION_PACING.maxWaitMs + 1) }), {
    retryAfterSeconds: 11,
  });
});

test('a database that does not answer in time is given up: unavailable, within the timeout', async () => {
  const started = performance.now();
  assert.equal(await takeSharedSlot(DIGEST, { rpc: hanging, timeoutMs: 50 }), 'unavailable');
  const took = performance.now() - started;
  assert.ok(took >= 45 && took < 1_000, `gave up after ${took} ms`);
  // An RPC that ignores the abort is not waited for either.
  const deaf: Rpc = () => new Promise(() => {});
  assert.equal(await takeSharedSlot(DIGEST, { rpc: deaf, timeoutMs: 50 }), 'unavailable');
});

test('an error, a thrown call or a nonsense answer is unavailable too', async () => {
  assert.equal(
    await takeSharedSlot(DIGEST, { rpc: answering(null, { message: 'connection refused' }) }),
    'unavailable',
  );
  assert.equal(
    await takeSharedSlot(DIGEST, { rpc: () => Promise.reject(new TypeError('fetch failed')) }),
    'unavailable',
  );
  for (const data of [null, -1, 1.5, '100']) {
    assert.equal(await takeSharedSlot(DIGEST, { rpc: answering(data) }), 'unavailable');
  }
});

test('Notion’s Retry-After holds the shared key; a failing or hanging hold neither throws nor hangs', async () => {
  const calls: [string, Record<string, unknown>][] = [];
  const rpc: Rpc = (name, args) => {
    calls.push([name, args]);
    return Promise.resolve({ data: null, error: null });
  };
  await holdSharedBudget(DIGEST, 2, { rpc });
  assert.deepEqual(calls, [
    ['hold_notion_key', { p_key_digest: DIGEST, p_retry_after_seconds: 2, p_requests_per_second: 3, p_burst: 3 }],
  ]);
  await holdSharedBudget(DIGEST, 2, { rpc: answering(null, { message: 'down' }) });
  await holdSharedBudget(DIGEST, 2, { rpc: hanging, timeoutMs: 50 });
});
