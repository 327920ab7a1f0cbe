/**
 * Archive through the outbox (src/data/outbox/pagePatch.ts, enqueueTrash): a queued archive
 * leaves in the page's one PATCH as Notion's top-level `in_trash`, after the page's property
 * edits made before it; it waits offline and survives a replay; a flag never conflicts (Notion's
 * value is always the base or ours); a refused one is failed with the spec's "Failed to archive
 * page: " text, and a property edit of a page already in the trash with "Failed to update page
 * properties: ".
 * A related page's archive and its unlink are one entry (issue 31, edge 4): the relation loses
 * the page only once Notion confirmed the trash; a refused archive leaves it linked, one failed
 * entry, and Retry then archives and unlinks it.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { enqueue, enqueueTrash } from '../../src/data/outbox/enqueue.ts';
import { conflictEntries, failedEntries, pendingChangeCount, retryEntry } from '../../src/data/outbox/queries.ts';
import { IN_TRASH } from '../../src/data/outbox/pagePatch.ts';
import { AUTH, WORKSPACE, outboxHarness, plain, text } from './support/outboxHarness.ts';

let h: ReturnType<typeof outboxHarness>;
beforeEach(() => {
  h = outboxHarness();
  h.notion.setPage('page-1', { name: text('Ada') });
});
afterEach(() => h.cleanUp());

const archive = (inTrash = true) =>
  enqueueTrash(
    { authId: AUTH, workspaceId: WORKSPACE, pageId: 'page-1', label: { page: 'Ada', property: 'Archive' } },
    inTrash,
    { database: h.database, now: h.clock.now() },
  );

describe('archive through the outbox', () => {
  test('an edit then an archive leave as one PATCH: properties and in_trash', async () => {
    await h.edit('page-1', 'name', 'Ada L.', 'Ada');
    await archive();
    await h.drain();
    expect(h.notion.patches()).toHaveLength(1);
    expect(h.notion.patches()[0]).toMatchObject({ inTrash: true, properties: { name: text('Ada L.') } });
    expect(h.notion.inTrash('page-1')).toBe(true);
    expect(plain(h.notion.valueOf('page-1', 'name'))).toBe('Ada L.');
    expect(await h.entries()).toEqual([]);
  });

  test('the snapshot shows the page archived at once; offline it waits, then leaves once', async () => {
    h.network.online = false;
    await archive();
    const snapshot = await h.database.pageSnapshots.get([AUTH, 'page-1']);
    expect(snapshot?.properties[IN_TRASH]).toEqual({ in_trash: true });
    await h.drain();
    expect(h.notion.sent).toEqual([]);
    expect(await pendingChangeCount(AUTH, h.database)).toBe(1);
    h.network.online = true;
    await h.drain();
    expect(h.notion.patches().map((p) => p.inTrash)).toEqual([true]);
  });

  test('archive then restore before sending: only the last (restore) leaves', async () => {
    await archive();
    await archive(false);
    await h.drain();
    expect(h.notion.patches().map((p) => p.inTrash)).toEqual([false]);
    expect(h.notion.inTrash('page-1')).toBe(false);
  });

  test('an answer lost after Notion archived: the replay finds its own value, no conflict', async () => {
    await archive();
    h.notion.script('PATCH', 'lost');
    await h.drain();
    expect(h.notion.inTrash('page-1')).toBe(true);
    await h.clock.advance(31_000); // the retry is old enough to be checked first
    await h.drain();
    expect(h.notion.sent.map((r) => r.method)).toEqual(['PATCH', 'GET', 'PATCH']);
    expect(await conflictEntries(AUTH, h.database)).toEqual([]);
    expect(await h.entries()).toEqual([]);
  });

  test('an old archive of a page someone already trashed in Notion is sent without a conflict', async () => {
    // a flag is always either the base or ours: an archive never conflicts, and sending it again is harmless
    h.network.online = false;
    await archive();
    h.notion.setTrash('page-1', true);
    await h.clock.advance(31_000);
    h.network.online = true;
    await h.drain();
    expect(h.notion.sent.map((r) => r.method)).toEqual(['GET', 'PATCH']);
    expect(await conflictEntries(AUTH, h.database)).toEqual([]);
    expect(h.notion.inTrash('page-1')).toBe(true);
    expect(await h.entries()).toEqual([]);
  });

  test('a refused archive is failed with the spec\'s "Failed to archive page: " text', async () => {
    await archive();
    h.notion.script('PATCH', {
      status: 404,
      code: 'object_not_found',
      message: 'Could not find page with ID: page-1.',
    });
    await h.drain();
    const [failed] = await failedEntries(AUTH, h.database);
    expect(failed.text).toBe('Failed to archive page: Could not find page with ID: page-1.');
  });

  test('a property edit of a page in the trash is failed with "Failed to update page properties: "', async () => {
    h.notion.setTrash('page-1', true);
    await h.edit('page-1', 'name', 'Ada L.', 'Ada');
    await h.drain();
    const [failed] = await failedEntries(AUTH, h.database);
    expect(failed.text).toBe(
      "Failed to update page properties: Can't edit block that is archived. You must unarchive the block before editing.",
    );
    expect(plain(h.notion.valueOf('page-1', 'name'))).toBe('Ada');
  });
});

describe("a related page's archive: trash, then unlink, one entry", () => {
  const relation = (...ids: string[]) => ({ relation: ids.map((id) => ({ id })) });
  const related = (pageId: string) =>
    ((h.notion.valueOf(pageId, 'companies')?.relation ?? []) as { id: string }[]).map(({ id }) => id);
  const archiveRelated = () =>
    enqueueTrash(
      {
        authId: AUTH,
        workspaceId: WORKSPACE,
        pageId: 'company-2',
        label: { page: 'Company 2', property: 'Archive' },
        unlinkFrom: { pageId: 'page-1', propertyId: 'companies', ids: ['company-1', 'company-2', 'company-3'] },
      },
      true,
      { database: h.database, now: h.clock.now() },
    );

  beforeEach(() => {
    h.notion.setPage('page-1', { companies: relation('company-1', 'company-2', 'company-3') });
    h.notion.setPage('company-2', { name: text('Company 2') });
  });

  test('Notion refuses the trash: the page stays linked, the archive is one failed entry; Retry trashes, then unlinks', async () => {
    await archiveRelated();
    expect(await pendingChangeCount(AUTH, h.database)).toBe(1);
    h.notion.script('PATCH', { status: 404, code: 'object_not_found', message: 'Could not find page.' });
    await h.drain();
    expect(h.notion.patches().map((p) => p.pageId)).toEqual(['company-2']);
    expect(related('page-1')).toEqual(['company-1', 'company-2', 'company-3']);
    const failed = await failedEntries(AUTH, h.database);
    expect(failed.map((entry) => entry.text)).toEqual(['Failed to archive page: Could not find page.']);
    expect(await h.entries()).toHaveLength(1);

    await retryEntry(AUTH, failed[0].id!, h.database, h.clock.now());
    await h.drain();
    expect(h.notion.inTrash('company-2')).toBe(true);
    expect(related('page-1')).toEqual(['company-1', 'company-3']);
    expect(await h.entries()).toEqual([]);
  });

  test('confirmed: the unlink follows, keeping a link the user queued meanwhile', async () => {
    h.network.online = false;
    await archiveRelated();
    await enqueue(
      {
        authId: AUTH,
        workspaceId: WORKSPACE,
        pageId: 'page-1',
        propertyId: 'companies',
        value: relation('company-1', 'company-2', 'company-3', 'company-4'),
        base: relation('company-1', 'company-2', 'company-3'),
      },
      { database: h.database, now: h.clock.now() },
    );
    h.network.online = true;
    await h.drain();
    expect(h.notion.inTrash('company-2')).toBe(true);
    expect(related('page-1')).toEqual(['company-1', 'company-3', 'company-4']);
    expect(await h.entries()).toEqual([]);
  });
});
