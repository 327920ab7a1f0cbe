/**
 * A deleted select or multi-select option leaves the outbox's waiting edits (src/data/outbox/
 * deletedOption.ts): Notion creates an option a page value names, so an edit sent after the
 * delete would bring it back. Queued, failed and conflicting edits of that property, on pages
 * of that data source, lose the option (as Notion's pages did); the snapshot shows it; an edit
 * in flight, another property, another data source or another user's edit are left alone.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { forgetDeletedOption } from '../../src/data/outbox/deletedOption.ts';
import type { OutboxEntry, PropertyValue } from '../../src/data/outbox/entry.ts';
import { valueWithoutOption } from '../../src/domain/notion/schemaOptions.ts';
import { AUTH, T0, WORKSPACE, outboxHarness } from './support/outboxHarness.ts';

const select = (name: string | null): PropertyValue => ({ select: name === null ? null : { name } });
const multi = (...names: string[]): PropertyValue => ({ multi_select: names.map((name) => ({ name })) });

describe('valueWithoutOption', () => {
  test('a select naming the option becomes empty; another option is no change', () => {
    expect(valueWithoutOption(select('Lead'), 'select', 'Lead')).toEqual(select(null));
    expect(valueWithoutOption(select('Client'), 'select', 'Lead')).toBeNull();
    expect(valueWithoutOption(select(null), 'select', 'Lead')).toBeNull();
  });

  test("a multi-select loses that option only, in Notion's read form as well", () => {
    expect(valueWithoutOption(multi('Lead', 'VIP'), 'multi_select', 'Lead')).toEqual(multi('VIP'));
    expect(valueWithoutOption(multi('VIP'), 'multi_select', 'Lead')).toBeNull();
    const read = { id: 'p', type: 'multi_select', multi_select: [{ id: 'o1', name: 'Lead', color: 'red' }] };
    expect(valueWithoutOption(read, 'multi_select', 'Lead')).toEqual({ ...read, multi_select: [] });
  });

  test('status options are never rewritten (they cannot be deleted)', () => {
    expect(valueWithoutOption({ status: { name: 'Lead' } }, 'status', 'Lead')).toBeNull();
  });
});

describe('forgetDeletedOption', () => {
  let h: ReturnType<typeof outboxHarness>;
  beforeEach(() => {
    h = outboxHarness();
  });
  afterEach(() => h.cleanUp());

  async function put(pageId: string, more: Partial<OutboxEntry> & { value: PropertyValue }, dataSourceId = 'ds-1') {
    const authId = more.authId ?? AUTH;
    await h.database.pageSnapshots.put({
      authId,
      pageId,
      workspaceId: WORKSPACE,
      properties: { stage: more.value },
      updatedAt: T0,
      page: { url: null, icon: null, inTrash: false, dataSourceId, propertyNames: { stage: 'Stage' } },
    });
    await h.database.outbox.add({
      authId,
      workspaceId: WORKSPACE,
      pageId,
      propertyId: 'stage',
      base: null,
      baseAt: T0,
      editedAt: T0,
      sentValues: [],
      state: 'queued',
      dueAt: T0,
      attempts: 0,
      inFlightSince: null,
      ...more,
    });
  }

  const forget = (type: 'select' | 'multi_select' = 'select') =>
    forgetDeletedOption(
      { authId: AUTH, workspaceId: WORKSPACE, dataSourceId: 'ds-1', propertyId: 'stage', type, name: 'Lead' },
      { database: h.database, now: h.clock.now() },
    );
  const valueOf = async (pageId: string, authId = AUTH) =>
    (await h.database.outbox.where('[authId+pageId]').equals([authId, pageId]).first())?.value;
  const shownOn = async (pageId: string) => (await h.database.pageSnapshots.get([AUTH, pageId]))?.properties.stage;

  test('queued, failed and conflicting edits naming it lose it, and the pages show that', async () => {
    await put('queued', { value: select('Lead') });
    await put('failed', { value: select('Lead'), state: 'failed' });
    await put('conflict', { value: select('Lead'), state: 'conflict', theirs: select('Client') });
    await forget();
    for (const pageId of ['queued', 'failed', 'conflict']) {
      expect(await valueOf(pageId)).toEqual(select(null));
      expect(await shownOn(pageId)).toEqual(select(null));
    }
  });

  test('a multi-select edit keeps its other options', async () => {
    await put('page', { value: multi('Lead', 'VIP') });
    await forget('multi_select');
    expect(await valueOf('page')).toEqual(multi('VIP'));
  });

  test('left alone: an edit in flight, another option, another data source, another user', async () => {
    await put('in-flight', { value: select('Lead'), inFlightSince: h.clock.now() - 1_000 });
    await put('other-option', { value: select('Client') });
    await put('other-source', { value: select('Lead') }, 'ds-2');
    await put('other-user', { value: select('Lead'), authId: 'auth-2' });
    await forget();
    expect(await valueOf('in-flight')).toEqual(select('Lead'));
    expect(await valueOf('other-option')).toEqual(select('Client'));
    expect(await valueOf('other-source')).toEqual(select('Lead'));
    expect(await valueOf('other-user', 'auth-2')).toEqual(select('Lead'));
  });

  test('after the delete, the drained edit does not name the option', async () => {
    h.notion.setPage('page', { stage: select('Client') });
    await put('page', { value: select('Lead') });
    await forget();
    await h.drain();
    expect(h.notion.patches().map((patch) => patch.properties)).toEqual([{ stage: select(null) }]);
  });
});
