/**
 * The outbox's write-ahead journal (src/data/outbox/journal.ts) with an in-memory localStorage:
 * an edit whose IndexedDB write never committed (the panel closed mid-write) is queued at the
 * next start; one whose write committed is queued again harmlessly; one that a later edit of its
 * property superseded is not; a full localStorage does not stop an edit.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { enqueue } from '../../src/data/outbox/enqueue.ts';
import type { OutboxEdit } from '../../src/data/outbox/entry.ts';
import { noteEdit, replayJournal } from '../../src/data/outbox/journal.ts';
import { AUTH, WORKSPACE, outboxHarness, plain, text } from './support/outboxHarness.ts';

class MemoryStorage {
  private items = new Map<string, string>();
  full = false;
  get length() {
    return this.items.size;
  }
  key(i: number) {
    return [...this.items.keys()][i] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.full) throw new DOMException('full', 'QuotaExceededError');
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

let h: ReturnType<typeof outboxHarness>;
let storage: MemoryStorage;
beforeEach(() => {
  h = outboxHarness();
  storage = new MemoryStorage();
  (globalThis as { localStorage?: unknown }).localStorage = storage;
});
afterEach(async () => {
  delete (globalThis as { localStorage?: unknown }).localStorage;
  await h.cleanUp();
});

const cityEdit = (city: string): OutboxEdit => ({
  authId: AUTH,
  workspaceId: WORKSPACE,
  pageId: 'page-1',
  propertyId: 'city',
  value: text(city),
  base: text('Paris'),
});
const replay = () => replayJournal(enqueue, h.database);

test('a committed edit leaves no note behind', async () => {
  await enqueue(cityEdit('Lyon'), { database: h.database, now: 1000 });
  expect(storage.length).toBe(0);
  expect(await replay()).toBe(0);
  expect(await h.entries()).toHaveLength(1);
});

test('an edit noted but never committed (the panel closed mid-write) is queued at the next start, at its own time', async () => {
  noteEdit(cityEdit('Lyon'), 1000); // what enqueue wrote before the page died
  expect(await h.entries()).toHaveLength(0);
  expect(await replay()).toBe(1);
  const [entry] = await h.entries();
  expect(plain(entry.value)).toBe('Lyon');
  expect(entry.editedAt).toBe(1000);
  expect(storage.length).toBe(0);
});

test('a note that a later edit superseded never brings its value back', async () => {
  noteEdit(cityEdit('Lyon'), 1000); // the page died after the commit, before removing the note…
  await enqueue(cityEdit('Lyon'), { database: h.database, now: 1000 });
  noteEdit(cityEdit('Nice'), 2000); // …an older note, and a later edit that committed
  await enqueue(cityEdit('Lille'), { database: h.database, now: 3000 });
  expect(await replay()).toBe(0);
  const entries = await h.entries();
  expect(entries.map((entry) => plain(entry.value))).toEqual(['Lille']);
  expect(storage.length).toBe(0);
});

test('a note whose own write committed is queued again: the same value, coalesced into its entry', async () => {
  noteEdit(cityEdit('Lyon'), 1000); // the page died between the commit and the note's removal
  await enqueue(cityEdit('Lyon'), { database: h.database, now: 1000 });
  expect(await replay()).toBe(1);
  expect((await h.entries()).map((entry) => plain(entry.value))).toEqual(['Lyon']);
  expect(storage.length).toBe(0);
});

test('a full localStorage does not stop an edit', async () => {
  storage.full = true;
  await enqueue(cityEdit('Lyon'), { database: h.database, now: 1000 });
  expect((await h.entries()).map((entry) => plain(entry.value))).toEqual(['Lyon']);
});

test('a note is replayed even when an earlier edit of its property was confirmed after it was written', async () => {
  h.notion.setPage('page-1', { city: text('Paris') });
  await enqueue(cityEdit('Lyon'), { database: h.database, now: h.clock.now() }); // edit A, queued
  noteEdit(cityEdit('Nice'), h.clock.now() + 1); // edit B: the panel closed before it committed
  await h.clock.advance(100);
  await h.drain(); // A reaches Notion after B was made
  expect(await replay()).toBe(1);
  await h.drain();
  expect(plain(h.notion.valueOf('page-1', 'city'))).toBe('Nice');
});
