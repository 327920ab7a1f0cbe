/**
 * A relation of more than 25 pages (issue 31, edge 1): GET pages cuts it at 25 (`has_more`), so
 * the outbox's conflict check (src/data/outbox/conflicts.ts `valuesToCheck`) reads its whole
 * list through GET pages/{id}/properties/{id} before comparing. A teammate's change past the
 * 25th goes to the conflict list, never overwritten; an unchanged relation is sent without a
 * spurious conflict. On fake-indexeddb with a fake clock and a fake Notion that cuts and pages
 * relations as Notion does.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { enqueue } from '../../src/data/outbox/enqueue.ts';
import type { PropertyValue } from '../../src/data/outbox/entry.ts';
import { conflictEntries } from '../../src/data/outbox/queries.ts';
import { AUTH, WORKSPACE, outboxHarness } from './support/outboxHarness.ts';

const companies = Array.from({ length: 40 }, (_, i) => `company-${i + 1}`);
const relation = (ids: string[]): PropertyValue => ({ relation: ids.map((id) => ({ id })) });
const idsIn = (value: PropertyValue | undefined) => ((value?.relation ?? []) as { id: string }[]).map(({ id }) => id);

let h: ReturnType<typeof outboxHarness>;
beforeEach(() => {
  h = outboxHarness();
  h.notion.setPage('page-1', { companies: relation(companies) });
});
afterEach(() => h.cleanUp());

/** The user links company-41 offline, having seen `base`; 31 s later they are back online. */
async function linkOffline(base: PropertyValue, theirs?: string[]) {
  h.network.online = false;
  await enqueue(
    {
      authId: AUTH,
      workspaceId: WORKSPACE,
      pageId: 'page-1',
      propertyId: 'companies',
      value: relation([...companies, 'company-41']),
      base,
    },
    { database: h.database, now: h.clock.now() },
  );
  if (theirs) h.notion.setPage('page-1', { companies: relation(theirs) });
  await h.clock.advance(31_000);
  h.network.online = true;
  await h.drain();
}

/** A teammate's change past the 25th: company-30 replaced by company-99. */
const teammates = companies.map((id) => (id === 'company-30' ? 'company-99' : id));

test("a teammate's change past the 25th page is a conflict, not overwritten (the base as the page object gave it)", async () => {
  const seen = {
    id: 'companies',
    type: 'relation',
    relation: companies.slice(0, 25).map((id) => ({ id })),
    has_more: true,
  };
  await linkOffline(seen, teammates);
  expect(h.notion.patches()).toEqual([]);
  expect(idsIn(h.notion.valueOf('page-1', 'companies'))).toEqual(teammates);
  const [conflict] = await conflictEntries(AUTH, h.database);
  expect(idsIn(conflict.theirs ?? undefined)).toEqual(teammates);
});

test("a teammate's change past the 25th page is a conflict (the base the whole list)", async () => {
  await linkOffline(relation(companies), teammates);
  expect(h.notion.patches()).toEqual([]);
  expect(await conflictEntries(AUTH, h.database)).toHaveLength(1);
});

test('unchanged in Notion: the whole list is read through the property endpoint, no conflict, the edit is sent', async () => {
  await linkOffline(relation(companies));
  expect(h.notion.sent.map((r) => `${r.method}${r.property ? ` ${r.property}` : ''}`)).toEqual([
    'GET',
    'GET companies',
    'PATCH',
  ]);
  expect(await conflictEntries(AUTH, h.database)).toEqual([]);
  expect(idsIn(h.notion.valueOf('page-1', 'companies'))).toEqual([...companies, 'company-41']);
});
