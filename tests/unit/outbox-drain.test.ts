/**
 * The drain (src/data/outbox/drain.ts, classify.ts, queries.ts, drainer.ts) on fake-indexeddb with
 * a fake clock and a fake Notion: 3 pages at a time with ≥ 200 ms between batches; nothing
 * sent offline; Retry-After honoured on 429 and on 529/503; backoff with jitter on network
 * errors and 5xx; each failure class to its place — queued, or failed with the spec's text —
 * with Retry and Discard; a replay after a lost response changes nothing; the loop wakes when
 * work is due and never idles past 10 s.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { toAppError } from '../../src/data/errors/thrown.ts';
import { messageFor } from '../../src/domain/errors/catalogue.ts';
import { REASON_KINDS, type ErrorReason, type ReasonKind } from '../../src/domain/errors/reason.ts';
import { outcomeOf } from '../../src/data/outbox/classify.ts';
import { drainOutbox } from '../../src/data/outbox/drain.ts';
import {
  anythingInFlight,
  discardEntry,
  failedEntries,
  pendingChangeCount,
  retryEntry,
} from '../../src/data/outbox/queries.ts';
import { startDrainer } from '../../src/data/outbox/drainer.ts';
import { AUTH, outboxHarness, plain, text } from './support/outboxHarness.ts';
import type { Reply } from './support/fakeNotionPages.ts';

let h: ReturnType<typeof outboxHarness>;
beforeEach(() => {
  h = outboxHarness({ latencyMs: 100 });
  for (let i = 1; i <= 7; i++) h.notion.setPage(`page-${i}`, { name: text(`P${i}`) });
});
afterEach(() => h.cleanUp());

const startsOf = () => h.notion.patches().map((p) => p.startedAt - h.notion.patches()[0].startedAt);

describe('pacing', () => {
  test('7 pages: 3 requests at a time, each batch 200 ms after the previous one answered', async () => {
    for (let i = 1; i <= 7; i++) await h.edit(`page-${i}`, 'name', `Q${i}`);
    expect(await h.drain()).toMatchObject({ sent: 7, nextDueAt: null });
    expect(h.notion.maxInFlight()).toBe(3);
    // Each answer takes 100 ms: batches start at 0, 300 and 600 ms.
    expect(startsOf()).toEqual([0, 0, 0, 300, 300, 300, 600]);
  });

  test('nothing is sent while offline; the entries wait, due, for the network', async () => {
    await h.edit('page-1', 'name', 'Q1');
    h.network.online = false;
    expect(await h.drain()).toEqual({ sent: 0, nextDueAt: h.clock.now() });
    expect(h.notion.sent).toEqual([]);
    h.network.online = true;
    await h.drain();
    expect(plain(h.notion.valueOf('page-1', 'name'))).toBe('Q1');
  });

  test('going offline between batches stops the drain before the next batch', async () => {
    for (let i = 1; i <= 4; i++) await h.edit(`page-${i}`, 'name', `Q${i}`);
    await h.drain({ online: () => h.notion.sent.length < 3 });
    expect(h.notion.sent).toHaveLength(3);
    expect(await pendingChangeCount(AUTH, h.database)).toBe(1);
  });
});

describe('waiting before a retry', () => {
  const retriedAfter = async (reply: Reply) => {
    await h.edit('page-1', 'name', 'Q1');
    h.notion.script('PATCH', reply);
    await h.drain();
    const [entry] = await h.entries();
    expect(entry).toMatchObject({ state: 'queued', attempts: 1, inFlightSince: null });
    return entry.dueAt - h.clock.now();
  };

  test.each([
    ['429 rate_limited', { status: 429, code: 'rate_limited', retryAfter: '7' }],
    ['529 service_overload', { status: 529, code: 'service_overload', retryAfter: '4' }],
    ['503 service_unavailable', { status: 503, code: 'service_unavailable', retryAfter: '2' }],
  ] as [string, Reply][])('%s: Retry-After is honoured', async (_, reply) => {
    const seconds = Number((reply as { retryAfter: string }).retryAfter);
    expect(await retriedAfter(reply)).toBe(seconds * 1000);
    await h.drain(); // not due yet: nothing sent
    expect(h.notion.patches()).toHaveLength(1);
    await h.clock.advance(seconds * 1000);
    await h.drain();
    expect(h.notion.patches()).toHaveLength(2);
    expect(h.notion.patches()[1].startedAt - h.notion.patches()[0].endedAt!).toBeGreaterThanOrEqual(seconds * 1000);
    expect(await h.entries()).toEqual([]);
  });

  test.each([
    ['a dropped connection', 'network'],
    ['a 500', { status: 500, code: 'internal_server_error' }],
    ['a 502', { status: 502, code: 'bad_gateway' }],
    ['a 504 (timeout)', { status: 504, code: 'gateway_timeout' }],
    ["Notion's transient 409", { status: 409, code: 'conflict_error' }],
    ['a 429 without Retry-After', { status: 429, code: 'rate_limited' }],
  ] as [string, Reply][])('%s: exponential backoff with jitter', async (_, reply) => {
    const delays: number[] = [];
    await h.edit('page-1', 'name', 'Q1');
    for (const random of [0, 0.999, 0.5, 0]) {
      h.notion.script('PATCH', reply);
      await h.drain({ random: () => random });
      const [entry] = await h.entries();
      delays.push(Math.round(entry.dueAt - h.clock.now()));
      await h.clock.advance(entry.dueAt - h.clock.now());
    }
    // Half of 1 s × 2^(attempt−1), plus up to as much again by the dice.
    expect(delays).toEqual([500, 1999, 3000, 4000]);
    await h.drain();
    expect(await h.entries()).toEqual([]);
    expect(plain(h.notion.valueOf('page-1', 'name'))).toBe('Q1');
  });

  test('the backoff stops doubling at 8 s: a queue with work never sits idle over 10 s', async () => {
    await h.edit('page-1', 'name', 'Q1');
    await h.database.outbox.toCollection().modify({ attempts: 20 });
    h.notion.script('PATCH', 'network');
    await h.drain({ random: () => 0.999999 });
    const [entry] = await h.entries();
    expect(entry.dueAt - h.clock.now()).toBeLessThanOrEqual(8_000);
    expect(entry.dueAt - h.clock.now()).toBeGreaterThan(7_900);
  });
});

describe('classification', () => {
  test.each([
    [
      '400 validation (a bad value)',
      { status: 400, code: 'validation_error', message: 'Name is not a property that exists.' },
    ],
    ['400 archived page', { status: 400, code: 'validation_error', message: "Can't edit block that is archived." }],
    [
      '404 gone or not shared',
      { status: 404, code: 'object_not_found', message: 'Could not find page with ID: page-1.' },
    ],
    ['401 key revoked', { status: 401, code: 'unauthorized', message: 'API token is invalid.' }],
    ['403 refused', { status: 403, code: 'restricted_resource', message: 'Insufficient permissions.' }],
  ] as [string, { status: number; code: string; message: string }][])(
    "%s: failed, with the reason and the spec's text; Retry and Discard work",
    async (_, reply) => {
      await h.edit('page-1', 'name', 'Q1', 'P1');
      h.notion.script('PATCH', reply);
      await h.drain();
      const [failed] = await failedEntries(AUTH, h.database);
      expect(failed).toMatchObject({ state: 'failed', error: { message: reply.message } });
      expect(failed.text).toBe(`Failed to update page properties: ${reply.message}`);
      expect(await pendingChangeCount(AUTH, h.database)).toBe(0);
      await h.drain(); // a failed entry is not retried by itself
      expect(h.notion.patches()).toHaveLength(1);

      await retryEntry(AUTH, failed.id!, h.database, h.clock.now());
      await h.drain();
      expect(plain(h.notion.valueOf('page-1', 'name'))).toBe('Q1');
      expect(await h.entries()).toEqual([]);
    },
  );

  test("the proxy's 401 (the Sidenote session refused): queued as it was, the drain stops, nothing failed", async () => {
    for (let i = 1; i <= 4; i++) await h.edit(`page-${i}`, 'name', `Q${i}`);
    h.notion.script('PATCH', {
      status: 401,
      code: 'unauthorized',
      message: 'Sign in to Sidenote to use Notion.',
      byProxy: true,
    });
    expect(await h.drain()).toMatchObject({ sent: 2, waitsForAccount: true });
    expect(h.notion.patches()).toHaveLength(3); // the first batch; no batch after the refusal
    expect(await failedEntries(AUTH, h.database)).toEqual([]);
    expect(await h.entries()).toMatchObject([
      { pageId: 'page-1', state: 'queued', attempts: 0, inFlightSince: null, dueAt: h.clock.now() - 100 },
      { pageId: 'page-4', state: 'queued', attempts: 0, inFlightSince: null },
    ]);
    await h.drain(); // the account's next session
    expect(plain(h.notion.valueOf('page-1', 'name'))).toBe('Q1');
    expect(plain(h.notion.valueOf('page-4', 'name'))).toBe('Q4');
    expect(await h.entries()).toEqual([]);
  });

  test('every reason of the error model has its place: retried (network, timeout, 429, 5xx, 409) or failed', () => {
    const placeOf = (kind: ReasonKind) => (outcomeOf({ kind } as ErrorReason, 1, () => 0).retry ? 'retry' : 'fail');
    expect(Object.fromEntries(REASON_KINDS.map((kind) => [kind, placeOf(kind)]))).toEqual({
      offline: 'retry',
      network: 'retry',
      timeout: 'retry',
      rateLimited: 'retry',
      server: 'retry',
      conflict: 'retry',
      unauthorized: 'fail',
      forbidden: 'fail',
      notFound: 'fail',
      validation: 'fail',
      quotaExceeded: 'fail',
      unknown: 'fail',
    });
    // Offline waits for the network only: due again at once, the drain holds it while offline.
    expect(outcomeOf({ kind: 'offline' }, 3, () => 0.5)).toEqual({ retry: true, delayMs: 0 });
  });

  test('Discard removes a failed entry and shows the base again; another user cannot touch it', async () => {
    await h.edit('page-1', 'name', 'Q1', 'P1');
    h.notion.script('PATCH', { status: 404, code: 'object_not_found' });
    await h.drain();
    const [failed] = await failedEntries(AUTH, h.database);
    await discardEntry('auth-2', failed.id!, h.database, h.clock.now()); // not theirs: nothing changes
    expect(await failedEntries(AUTH, h.database)).toHaveLength(1);
    await discardEntry(AUTH, failed.id!, h.database, h.clock.now());
    expect(await h.entries()).toEqual([]);
    const snapshot = await h.database.pageSnapshots.get([AUTH, 'page-1']);
    expect(plain(snapshot!.properties.name!)).toBe('P1');
  });
});

describe('choices racing another tab', () => {
  test('a choice on an entry already handled changes nothing; Discard of one being sent says so in words', async () => {
    await h.edit('page-1', 'name', 'Q1', 'P1');
    h.notion.script('PATCH', { status: 404, code: 'object_not_found' });
    await h.drain();
    const [failed] = await failedEntries(AUTH, h.database);
    // another tab retried it and it is on its way
    await retryEntry(AUTH, failed.id!, h.database, h.clock.now());
    await h.database.outbox.update(failed.id!, { inFlightSince: h.clock.now() });
    const refused = await discardEntry(AUTH, failed.id!, h.database, h.clock.now()).catch((e: unknown) => e);
    expect(messageFor('outboxChoice', toAppError(refused))).toBe(
      'This change is being sent to Notion and can no longer be discarded.',
    );
    // it reached Notion meanwhile: Retry and Discard from the stale list do nothing, throw nothing
    await h.database.outbox.delete(failed.id!);
    await retryEntry(AUTH, failed.id!, h.database, h.clock.now());
    await discardEntry(AUTH, failed.id!, h.database, h.clock.now());
    expect(await h.entries()).toEqual([]);
  });
});

describe('in flight, lost answers and the loop', () => {
  test('two drainers at once (the page and the worker): a page with a request out is not sent again', async () => {
    await h.edit('page-1', 'name', 'Q1');
    const first = drainOutbox(h.deps);
    await h.clock.advance(50);
    await h.edit('page-1', 'name', 'Q2');
    const second = drainOutbox(h.deps);
    await h.clock.run(Promise.all([first, second]));
    const [q1, q2] = h.notion.patches();
    expect(h.notion.patches().map((p) => plain(p.properties!.name))).toEqual(['Q1', 'Q2']);
    expect(q2.startedAt).toBeGreaterThanOrEqual(q1.endedAt!);
    expect(await h.entries()).toEqual([]);
  });

  test('an entry left in flight by a sender that died (a closed tab) is sent again after 2 minutes', async () => {
    await h.edit('page-1', 'name', 'Q1', 'P1');
    await h.database.outbox.toCollection().modify({ inFlightSince: h.clock.now() });
    await h.drain();
    expect(h.notion.sent).toEqual([]);
    await h.clock.advance(120_000);
    await h.drain();
    expect(plain(h.notion.valueOf('page-1', 'name'))).toBe('Q1');
    expect(await h.entries()).toEqual([]);
  });

  test('anythingInFlight is true exactly while a request is out', async () => {
    await h.edit('page-1', 'name', 'Q1');
    const draining = drainOutbox(h.deps);
    await h.clock.advance(50);
    expect(await anythingInFlight(h.database, h.clock.now())).toBe(true);
    await h.clock.run(draining);
    expect(await anythingInFlight(h.database, h.clock.now())).toBe(false);
  });

  test('a response lost after Notion applied the edit: the replay sends the same absolute value, nothing changes', async () => {
    await h.edit('page-1', 'name', 'Q1', 'P1');
    h.notion.script('PATCH', 'lost');
    await h.drain();
    expect(plain(h.notion.valueOf('page-1', 'name'))).toBe('Q1'); // applied, but we never heard
    expect(await pendingChangeCount(AUTH, h.database)).toBe(1);
    await h.clock.advance(60_000); // old enough to be checked: Notion holds our own value, no conflict
    await h.drain();
    expect(h.notion.patches().map((p) => plain(p.properties!.name))).toEqual(['Q1', 'Q1']);
    expect(plain(h.notion.valueOf('page-1', 'name'))).toBe('Q1');
    expect(await h.entries()).toEqual([]);
  });

  test("the page's drainer wakes when a retry is due, and never idles more than 10 s while work waits", async () => {
    await h.edit('page-1', 'name', 'Q1');
    h.notion.script('PATCH', { status: 429, code: 'rate_limited', retryAfter: '3' });
    const { authId, notion, ...outbox } = h.deps;
    const runner = startDrainer({ ...outbox, rule: 'untilStopped', session: async () => ({ authId, notion }) });
    await h.clock.advance(3_000 + 100 + 500); // the retry answered, the loop idle
    expect(h.notion.patches().map((p) => p.startedAt - h.notion.patches()[0].startedAt)).toEqual([0, 3_100]);
    // Work queued with no kick (another tab): picked up within 10 s.
    await h.edit('page-2', 'name', 'Q2');
    const queuedAt = h.clock.now();
    await h.clock.advance(10_500);
    const late = h.notion.patches().find((p) => p.pageId === 'page-2')!;
    expect(late.startedAt - queuedAt).toBeLessThanOrEqual(10_000);
    // A kick drains at once.
    await h.edit('page-3', 'name', 'Q3');
    const kickedAt = h.clock.now();
    runner.kick();
    await h.clock.advance(150);
    expect(h.notion.patches().find((p) => p.pageId === 'page-3')!.startedAt).toBe(kickedAt);
    const stopped = runner.stop();
    await h.clock.run(stopped);
  });
});
