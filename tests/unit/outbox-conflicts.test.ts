/**
 * Conflicts (src/data/outbox/conflicts.ts, sameValue.ts) on fake-indexeddb with a fake clock and
 * a fake Notion: an entry whose base is older than 30 s is checked against the page first; a
 * property someone else changed meanwhile goes to the conflict list with theirs and ours, not
 * overwritten; "Keep mine" sends ours with theirs as the new base, "Take theirs" drops ours and
 * shows theirs. A fresh edit is sent without reading the page.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { keepMine, takeTheirs } from '../../src/data/outbox/conflicts.ts';
import { sameValue } from '../../src/data/outbox/sameValue.ts';
import { conflictEntries, pendingChangeCount } from '../../src/data/outbox/queries.ts';
import { AUTH, outboxHarness, plain, text } from './support/outboxHarness.ts';

let h: ReturnType<typeof outboxHarness>;
beforeEach(() => {
  h = outboxHarness();
  h.notion.setPage('page-1', { name: text('Ada'), city: text('Paris') });
});
afterEach(() => h.cleanUp());

/** An edit made offline 31 s ago, then someone else changes the city in Notion. */
async function offlineEditThenTheirs() {
  h.network.online = false;
  await h.edit('page-1', 'city', 'Lyon', 'Paris');
  await h.edit('page-1', 'name', 'Ada L.', 'Ada');
  h.notion.setPage('page-1', { city: text('Berlin') });
  await h.clock.advance(31_000);
  h.network.online = true;
  await h.drain();
}

describe('conflicts', () => {
  test('a fresh edit is sent without reading the page', async () => {
    await h.edit('page-1', 'city', 'Lyon', 'Paris');
    await h.clock.advance(29_000);
    await h.drain();
    expect(h.notion.sent.map((r) => r.method)).toEqual(['PATCH']);
  });

  test('an old base is checked; a property changed in Notion goes to the conflict list, the others are sent', async () => {
    await offlineEditThenTheirs();
    expect(h.notion.sent.map((r) => r.method)).toEqual(['GET', 'PATCH']);
    expect(Object.keys(h.notion.patches()[0].properties!)).toEqual(['name']);
    expect(plain(h.notion.valueOf('page-1', 'city'))).toBe('Berlin'); // not overwritten
    const [conflict] = await conflictEntries(AUTH, h.database);
    expect(conflict).toMatchObject({ state: 'conflict', propertyId: 'city' });
    expect(plain(conflict.value)).toBe('Lyon');
    expect(sameValue(conflict.theirs, text('Berlin'))).toBe(true);
    expect(await pendingChangeCount(AUTH, h.database)).toBe(0);
  });

  test('unchanged in Notion: an old base is checked and the edit is sent', async () => {
    h.network.online = false;
    await h.edit('page-1', 'city', 'Lyon', 'Paris');
    await h.clock.advance(31_000);
    h.network.online = true;
    await h.drain();
    expect(h.notion.sent.map((r) => r.method)).toEqual(['GET', 'PATCH']);
    expect(plain(h.notion.valueOf('page-1', 'city'))).toBe('Lyon');
  });

  test('an edit made while the one before it was out is no conflict when Notion still holds the older value', async () => {
    await h.edit('page-1', 'city', 'Lyon', 'Paris');
    const [first] = await h.entries();
    await h.database.outbox.update(first.id!, { inFlightSince: h.clock.now() }); // Lyon is being sent
    await h.edit('page-1', 'city', 'Nantes', 'Lyon'); // the user saw Lyon
    await h.database.outbox.update(first.id!, { inFlightSince: null }); // Lyon's send failed: still queued
    await h.clock.advance(31_000); // kept back long enough to be checked
    await h.drain();
    expect(await conflictEntries(AUTH, h.database)).toEqual([]);
    expect(plain(h.notion.valueOf('page-1', 'city'))).toBe('Nantes');
  });

  test('Keep mine: ours is sent, theirs as the base — even after another long wait, no new conflict', async () => {
    await offlineEditThenTheirs();
    const [conflict] = await conflictEntries(AUTH, h.database);
    await keepMine(AUTH, conflict.id!, h.database, h.clock.now());
    h.network.online = false;
    await h.clock.advance(31_000);
    h.network.online = true;
    await h.drain();
    expect(plain(h.notion.valueOf('page-1', 'city'))).toBe('Lyon');
    expect(h.notion.sent.map((r) => r.method)).toEqual(['GET', 'PATCH', 'GET', 'PATCH']);
    expect(await h.entries()).toEqual([]);
  });

  test('Take theirs: ours is dropped, the snapshot shows theirs, Notion keeps it', async () => {
    await offlineEditThenTheirs();
    const [conflict] = await conflictEntries(AUTH, h.database);
    await takeTheirs('auth-2', conflict.id!, h.database); // not theirs: nothing changes
    expect(await conflictEntries(AUTH, h.database)).toHaveLength(1);
    await takeTheirs(AUTH, conflict.id!, h.database, h.clock.now());
    await h.drain();
    expect(await h.entries()).toEqual([]);
    const snapshot = await h.database.pageSnapshots.get([AUTH, 'page-1']);
    expect(sameValue(snapshot!.properties.city, text('Berlin'))).toBe(true);
    expect(plain(h.notion.valueOf('page-1', 'city'))).toBe('Berlin');
    expect(h.notion.patches()).toHaveLength(1);
  });
});

describe('sameValue reads both forms', () => {
  test.each([
    [
      'text',
      { rich_text: [{ text: { content: 'Hi' } }] },
      { id: 'x', type: 'rich_text', rich_text: [{ plain_text: 'Hi' }] },
    ],
    [
      'select',
      { select: { name: 'Lead' } },
      { id: 'x', type: 'select', select: { id: 'o', name: 'Lead', color: 'red' } },
    ],
    [
      'relation ids',
      { relation: [{ id: 'ABCD-ef' }] },
      { id: 'x', type: 'relation', relation: [{ id: 'abcdef' }], has_more: false },
    ],
    ['date', { date: { start: '2026-03-01' } }, { id: 'x', type: 'date', date: { start: '2026-03-01', end: null } }],
    ['checkbox', { checkbox: false }, { id: 'x', type: 'checkbox', checkbox: false }],
    ['empty select', { select: null }, { id: 'x', type: 'select', select: null }],
    ['empty text and no base', null, { id: 'x', type: 'rich_text', rich_text: [] }],
    ['no relation and no base', null, { id: 'x', type: 'relation', relation: [], has_more: false }],
  ])('%s: same', (_, write, read) => expect(sameValue(write, read)).toBe(true));

  test.each([
    ['text', { rich_text: [{ text: { content: 'Hi' } }] }, { type: 'rich_text', rich_text: [{ plain_text: 'Ho' }] }],
    [
      'relation order of pages',
      { relation: [{ id: 'a' }, { id: 'b' }] },
      { type: 'relation', relation: [{ id: 'a' }] },
    ],
    ['number', { number: 1 }, { type: 'number', number: 2 }],
  ])('%s: different', (_, write, read) => expect(sameValue(write, read)).toBe(false));
});
