/**
 * The outbox's one drainer (src/data/outbox/drainer.ts) under the worker's rule, `untilIdle`,
 * on fake-indexeddb, a fake clock, the fake Notion pages and fake Web Locks: it drains until
 * nothing is due and ends true; it ends false — sending nothing more — offline, without a
 * usable session, when the proxy refused its session (the entry stays queued), or when the next
 * entry is due more than MAX_DRAIN_WAIT_MS away; it waits for an entry due sooner, and does so
 * without the outbox's lock, taking it again to send.
 * (The page's rule, `untilStopped`, is in outbox-drain.test.ts.)
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { OUTBOX_LOCK } from '../../src/data/outbox/drainLock.ts';
import { startDrainer, type DrainerDeps } from '../../src/data/outbox/drainer.ts';
import { MAX_DRAIN_WAIT_MS } from '../../src/data/outbox/timing.ts';
import { fakeLocks } from './support/fakeLocks.ts';
import { outboxHarness, plain, text } from './support/outboxHarness.ts';

let h: ReturnType<typeof outboxHarness>;
let locks: ReturnType<typeof fakeLocks>;
beforeEach(async () => {
  h = outboxHarness();
  h.notion.setPage('page-1', { name: text('P1') });
  await h.edit('page-1', 'name', 'Q1', 'P1');
  locks = fakeLocks();
  vi.stubGlobal('navigator', { locks });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await h.cleanUp();
});

/** The worker's drainer with the harness's user and client; `more` overrides. */
const workerDrainer = (more: Partial<DrainerDeps> = {}) => {
  const { authId, notion, ...outbox } = h.deps;
  return startDrainer({ ...outbox, rule: 'untilIdle', session: async () => ({ authId, notion }), ...more });
};

test('drains until nothing is due, then ends true', async () => {
  h.notion.setPage('page-2', { name: text('P2') });
  await h.edit('page-2', 'name', 'Q2', 'P2');
  expect(await h.clock.run(workerDrainer().done)).toBe(true);
  expect(plain(h.notion.valueOf('page-1', 'name'))).toBe('Q1');
  expect(plain(h.notion.valueOf('page-2', 'name'))).toBe('Q2');
  expect(await h.entries()).toEqual([]);
});

test.each([
  ['offline', { online: () => false }],
  ['without a usable session', { session: async () => null }],
] as [string, Partial<DrainerDeps>][])('%s: ends false and sends nothing', async (_, more) => {
  expect(await h.clock.run(workerDrainer(more).done)).toBe(false);
  expect(h.notion.sent).toEqual([]);
  expect(await h.entries()).toHaveLength(1);
});

test('the proxy refused the mirrored session (401): ends false, the entry queued as it was, not failed', async () => {
  h.notion.script('PATCH', { status: 401, code: 'unauthorized', byProxy: true });
  expect(await h.clock.run(workerDrainer().done)).toBe(false);
  expect(h.notion.patches()).toHaveLength(1);
  expect(await h.entries()).toMatchObject([{ state: 'queued', attempts: 0, inFlightSince: null }]);
  expect(await h.clock.run(workerDrainer().done)).toBe(true); // the next sync, with a session the proxy takes
  expect(plain(h.notion.valueOf('page-1', 'name'))).toBe('Q1');
});

test('an entry due more than MAX_DRAIN_WAIT_MS away is left to the next sync', async () => {
  h.notion.script('PATCH', { status: 429, code: 'rate_limited', retryAfter: String(MAX_DRAIN_WAIT_MS / 1000 + 1) });
  expect(await h.clock.run(workerDrainer().done)).toBe(false);
  expect(h.notion.patches()).toHaveLength(1);
  expect(await h.entries()).toMatchObject([{ state: 'queued', attempts: 1 }]);
});

test('an entry due sooner is waited for without the lock, and sent once the lock is taken again', async () => {
  h.notion.script('PATCH', { status: 429, code: 'rate_limited', retryAfter: '30' });
  const done = workerDrainer().done;
  await h.clock.advance(1_000); // the first PATCH answered; 29 s to wait
  expect(h.notion.patches()).toHaveLength(1);
  expect(locks.isHeld(OUTBOX_LOCK)).toBe(false);
  // a page takes the lock meanwhile and keeps it past the due time: the worker sends nothing
  let leave: () => void = () => {};
  const page = locks.request(OUTBOX_LOCK, {}, () => new Promise<void>((resolve) => (leave = resolve)));
  await h.clock.advance(40_000);
  expect(h.notion.patches()).toHaveLength(1);
  leave();
  await page;
  expect(await h.clock.run(done)).toBe(true);
  expect(h.notion.patches()).toHaveLength(2);
  expect(plain(h.notion.valueOf('page-1', 'name'))).toBe('Q1');
});
