/**
 * An option deleted in Notion while an edit naming it waits (issue 31, edge 2): Notion would
 * create it again from the written name, so the drain (src/data/outbox/optionsGone.ts) reads
 * the data source's schema before sending a waiting edit that names an option the user picked,
 * and such an edit fails visibly — "Failed to update page properties: The option “Lead” was
 * deleted in Notion…" — instead of being sent; the page's other edits leave. A name the user
 * typed as a new option, and an option still there, are sent. On fake-indexeddb, fake clock,
 * fake Notion.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { enqueue } from '../../src/data/outbox/enqueue.ts';
import type { PropertyValue } from '../../src/data/outbox/entry.ts';
import { failedEntries } from '../../src/data/outbox/queries.ts';
import { AUTH, WORKSPACE, outboxHarness, plain, text } from './support/outboxHarness.ts';

const stage = (...names: string[]) => ({
  id: 'stage',
  name: 'Stage',
  type: 'select',
  select: { options: names.map((name, i) => ({ id: `opt-${i}`, name, color: 'default' })) },
});
const tags = (...names: string[]) => ({
  id: 'tags',
  name: 'Tags',
  type: 'multi_select',
  multi_select: { options: names.map((name, i) => ({ id: `tag-${i}`, name, color: 'default' })) },
});

let h: ReturnType<typeof outboxHarness>;
beforeEach(async () => {
  h = outboxHarness();
  h.notion.setPage('page-1', { name: text('Ada'), stage: { select: null }, tags: { multi_select: [] } });
  h.notion.setSchema('ds-1', [stage('Lead', 'Won'), tags('vip', 'cold')], 'page-1');
  // what the user's editor saw: the page in ds-1, and ds-1's schema with its options
  await h.database.pageSnapshots.put({
    authId: AUTH,
    pageId: 'page-1',
    workspaceId: WORKSPACE,
    properties: {},
    updatedAt: h.clock.now(),
    page: { url: null, icon: null, inTrash: false, dataSourceId: 'ds-1', propertyNames: {} },
  });
  await h.database.dataSourceSchemas.put({
    authId: AUTH,
    workspaceId: WORKSPACE,
    dataSourceId: 'ds-1',
    properties: [stage('Lead', 'Won'), tags('vip', 'cold')],
    fetchedAt: h.clock.now(),
  });
});
afterEach(() => h.cleanUp());

const set = (propertyId: string, value: PropertyValue) =>
  enqueue(
    { authId: AUTH, workspaceId: WORKSPACE, pageId: 'page-1', propertyId, value, base: null },
    { database: h.database, now: h.clock.now() },
  );

/** Edits made offline; someone deletes options in Notion; 31 s later the drain runs online. */
async function waitWhileDeleted(schemaNow: Record<string, unknown>[]) {
  h.notion.setSchema('ds-1', schemaNow);
  await h.clock.advance(31_000);
  h.network.online = true;
  await h.drain();
}

beforeEach(() => {
  h.network.online = false;
});

test('a select naming a deleted option fails with a clear text; the page’s other edit is sent', async () => {
  await set('stage', { select: { name: 'Lead' } });
  await h.edit('page-1', 'name', 'Ada L.', 'Ada');
  await waitWhileDeleted([stage('Won'), tags('vip', 'cold')]);
  expect(h.notion.patches()).toHaveLength(1);
  expect(h.notion.patches()[0].properties).toEqual({ name: text('Ada L.') });
  expect(plain(h.notion.valueOf('page-1', 'name'))).toBe('Ada L.');
  expect(h.notion.valueOf('page-1', 'stage')).toEqual({ select: null });
  const failed = await failedEntries(AUTH, h.database);
  expect(failed.map((entry) => entry.text)).toEqual([
    'Failed to update page properties: The option “Lead” was deleted in Notion, so this edit was not sent (it would have created it again). Choose another value.',
  ]);
});

test('a multi-select naming a deleted option fails too; one naming only options still there is sent', async () => {
  await set('tags', { multi_select: [{ name: 'vip' }, { name: 'cold' }] });
  await waitWhileDeleted([stage('Lead', 'Won'), tags('vip')]);
  expect(h.notion.patches()).toEqual([]);
  expect((await failedEntries(AUTH, h.database)).map((entry) => entry.text)[0]).toContain(
    '“cold” was deleted in Notion',
  );

  h.network.online = false;
  await set('stage', { select: { name: 'Won' } });
  await waitWhileDeleted([stage('Lead', 'Won'), tags('vip')]);
  expect(h.notion.valueOf('page-1', 'stage')).toEqual({ select: { name: 'Won' } });
});

test('a new option the user typed (not in the schema they saw) is sent: Notion creates it as they meant', async () => {
  await set('stage', { select: { name: 'Prospect' } });
  await waitWhileDeleted([stage('Lead', 'Won'), tags('vip', 'cold')]);
  expect(h.notion.valueOf('page-1', 'stage')).toEqual({ select: { name: 'Prospect' } });
  expect(await failedEntries(AUTH, h.database)).toEqual([]);
});
