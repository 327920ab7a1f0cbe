/**
 * The outbox's queue (src/data/outbox/enqueue.ts, drain.ts), on fake-indexeddb with a fake
 * clock and a fake Notion: an edit shows in the page snapshot at once; edits of one page leave
 * as one PATCH with the last value per property in edit order; an edit made while its
 * property is being sent waits for that answer and leaves after it; sign-out keeps every
 * user's unsent edits, and a drain sends only its own user's.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { clearLocalDatabase } from '../../src/data/db/schema.ts';
import { drainOutbox } from '../../src/data/outbox/drain.ts';
import { enqueue } from '../../src/data/outbox/enqueue.ts';
import { pendingChangeCount } from '../../src/data/outbox/queries.ts';
import { AUTH, outboxHarness, plain, text } from './support/outboxHarness.ts';

let h: ReturnType<typeof outboxHarness>;
beforeEach(() => {
  h = outboxHarness();
  h.notion.setPage('page-a', { name: text('Ada'), city: text('Paris') });
  h.notion.setPage('page-b', { name: text('Bob') });
});
afterEach(() => h.cleanUp());

describe('enqueue', () => {
  test('writes the snapshot and the entry together: the new value shows before anything is sent', async () => {
    await h.edit('page-a', 'city', 'Lyon', 'Paris');
    const snapshot = await h.database.pageSnapshots.get([AUTH, 'page-a']);
    expect(plain(snapshot?.properties.city ?? undefined)).toBe('Lyon');
    expect(await h.entries()).toMatchObject([
      {
        authId: AUTH,
        workspaceId: 'ws-1',
        pageId: 'page-a',
        propertyId: 'city',
        state: 'queued',
        editedAt: h.clock.now(),
      },
    ]);
    expect(plain((await h.entries())[0].base!)).toBe('Paris');
    expect(h.notion.sent).toEqual([]);
  });

  test('one transaction: when the entry cannot be stored, the snapshot is not changed either', async () => {
    await h.edit('page-a', 'city', 'Lyon', 'Paris');
    const [stored] = await h.entries();
    // An entry whose key is taken: the outbox refuses it (ConstraintError) after the snapshot was written.
    const clashing = { ...stored, propertyId: 'name', value: text('Ada L.'), base: text('Ada') };
    await expect(enqueue(clashing, { database: h.database, now: h.clock.now() })).rejects.toThrow();
    const snapshot = await h.database.pageSnapshots.get([AUTH, 'page-a']);
    expect(snapshot?.properties.name).toBeUndefined();
    expect(plain(snapshot?.properties.city ?? undefined)).toBe('Lyon');
    expect((await h.entries()).map((e) => plain(e.value))).toEqual(['Lyon']);
  });

  test('a new edit of a property waiting out a Retry-After waits for it too', async () => {
    await h.edit('page-a', 'city', 'Lyon', 'Paris');
    h.notion.script('PATCH', { status: 429, code: 'rate_limited', retryAfter: '7' });
    await h.drain();
    await h.clock.advance(1_000);
    await h.edit('page-a', 'city', 'Nice', 'Lyon');
    await h.drain();
    expect(h.notion.patches()).toHaveLength(1);
    await h.clock.advance(6_000);
    await h.drain();
    expect(h.notion.patches().map((p) => plain(p.properties!.city))).toEqual(['Lyon', 'Nice']);
  });

  test('edits of one page leave as one PATCH: the last value per property, in edit order', async () => {
    await h.edit('page-a', 'city', 'Lyon', 'Paris');
    await h.edit('page-a', 'name', 'Ada L.', 'Ada');
    await h.edit('page-a', 'city', 'Nice', 'Lyon');
    expect(await pendingChangeCount(AUTH, h.database)).toBe(2);
    await h.drain();
    expect(h.notion.patches()).toHaveLength(1);
    const sent = h.notion.patches()[0].properties!;
    expect(Object.keys(sent)).toEqual(['name', 'city']);
    expect(plain(sent.city)).toBe('Nice');
    expect(plain(h.notion.valueOf('page-a', 'city'))).toBe('Nice');
    expect(await h.entries()).toEqual([]);
  });

  test('10 edits of one page: 1 request', async () => {
    for (let i = 1; i <= 10; i++) await h.edit('page-a', i % 2 ? 'name' : 'city', `v${i}`);
    await h.drain();
    expect(h.notion.sent).toHaveLength(1);
  });

  test('an edit made while its property is in flight stays queued and leaves after the answer', async () => {
    await h.edit('page-a', 'city', 'Lyon', 'Paris');
    const draining = drainOutbox(h.deps);
    await h.clock.advance(50); // the PATCH carrying Lyon is out
    expect(h.notion.patches()).toHaveLength(1);
    await h.edit('page-a', 'city', 'Nice', 'Lyon');
    expect(await pendingChangeCount(AUTH, h.database)).toBe(2);
    await h.clock.run(draining);
    await h.drain();
    expect(h.notion.patches().map((p) => plain(p.properties!.city))).toEqual(['Lyon', 'Nice']);
    expect(h.notion.patches()[1].startedAt).toBeGreaterThanOrEqual(h.notion.patches()[0].endedAt!);
    expect(plain(h.notion.valueOf('page-a', 'city'))).toBe('Nice');
    expect(await h.entries()).toEqual([]);
  });

  test('the in-flight value failing (network) does not overtake the later edit: the later one is sent, once', async () => {
    await h.edit('page-a', 'city', 'Lyon', 'Paris');
    h.notion.script('PATCH', 'network');
    const draining = drainOutbox(h.deps);
    await h.clock.advance(50);
    await h.edit('page-a', 'city', 'Nice', 'Lyon');
    await h.clock.run(draining);
    const left = await h.entries();
    expect(left.map((e) => plain(e.value))).toEqual(['Nice']);
    expect(plain(left[0].base!)).toBe('Paris'); // what Notion held before either was sent
    await h.clock.advance(5_000);
    await h.drain();
    expect(h.notion.patches().map((p) => plain(p.properties!.city))).toEqual(['Lyon', 'Nice']);
    expect(plain(h.notion.valueOf('page-a', 'city'))).toBe('Nice');
  });
});

describe('users and sign-out', () => {
  test("sign-out keeps every user's unsent edits and the snapshots they edit; a drain sends only its user's", async () => {
    await h.edit('page-a', 'city', 'Lyon');
    await h.edit('page-b', 'name', 'Bobby', null, 'auth-2');
    await h.database.pageSnapshots.put({
      authId: AUTH,
      pageId: 'visited',
      workspaceId: 'ws-1',
      properties: {},
      updatedAt: 0,
    });
    await clearLocalDatabase(h.database);
    expect((await h.entries()).map((e) => e.authId)).toEqual([AUTH, 'auth-2']);
    expect((await h.database.pageSnapshots.toArray()).map((s) => s.pageId).sort()).toEqual(['page-a', 'page-b']);
    await h.drain();
    expect(h.notion.patches().map((p) => p.pageId)).toEqual(['page-a']);
    expect(await pendingChangeCount('auth-2', h.database)).toBe(1);
  });
});
