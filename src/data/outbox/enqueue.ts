/**
 * `enqueue`: the page editor's one way to write a Notion property. In one Dexie `rw`
 * transaction it sets the value in the local page snapshot (so the screen shows it at once)
 * and queues the entry, which supersedes this property's earlier entry unless that one is in
 * flight: an edit made while its property is being sent waits for that answer and leaves
 * after it, so values reach Notion in edit order. The edit is noted in the journal first
 * (journal.ts), so a panel closed mid-write loses nothing.
 */
import { relationValue } from '../../domain/notion/relations.ts';
import { withoutRelated } from '../../domain/notion/relationRules.ts';
import { db as defaultDb, type SidenoteDatabase } from '../db/schema.ts';
import { supersede, type OutboxEdit, type OutboxEntry } from './entry.ts';
import { forgetNote, noteEdit } from './journal.ts';
import { IN_TRASH, trashValue } from './pagePatch.ts';
import { isInFlight } from './timing.ts';

export async function enqueue(
  edit: OutboxEdit,
  { database = defaultDb, now = Date.now() }: { database?: SidenoteDatabase; now?: number } = {},
): Promise<void> {
  const note = noteEdit(edit, now);
  const queued = optionsKnown(edit, database).then((knownOptions) => queue(edit, database, now, knownOptions));
  await queued.catch((error: unknown) => {
    forgetNote(note); // refused (a full disk): the user is told; nothing to replay
    throw error;
  });
  forgetNote(note);
}

/** An option edit's names the user picked from the schema (optionsGone.ts, loaded for such edits only). */
const optionsKnown = async (edit: OutboxEdit, database: SidenoteDatabase) =>
  'select' in edit.value || 'multi_select' in edit.value
    ? (await import('./optionsGone.ts')).knownOptionsOf(edit, database)
    : undefined;

/** Queues `edit` as `enqueue` does, without the journal (the drain's own follow-ups: settle.ts). */
export async function queue(
  edit: OutboxEdit,
  database: SidenoteDatabase,
  now: number,
  knownOptions?: string[],
): Promise<void> {
  const { authId, workspaceId, pageId, propertyId, value } = edit;
  await database.transaction('rw', database.outbox, database.pageSnapshots, async () => {
    const snapshot = await database.pageSnapshots.get([authId, pageId]);
    await database.pageSnapshots.put({
      ...snapshot,
      authId,
      pageId,
      workspaceId,
      properties: { ...snapshot?.properties, [propertyId]: value },
      localAt: { ...snapshot?.localAt, [propertyId]: now },
      editedAt: { ...snapshot?.editedAt, [propertyId]: Math.max(now, snapshot?.editedAt?.[propertyId] ?? now) },
      updatedAt: now,
    });
    const earlier = await database.outbox
      .where('[authId+pageId]')
      .equals([authId, pageId])
      .filter((entry) => entry.propertyId === propertyId && !isInFlight(entry, now))
      .toArray();
    let entry: OutboxEntry = {
      ...edit,
      baseAt: now,
      editedAt: now,
      sentValues: [],
      state: 'queued',
      dueAt: now,
      attempts: 0,
      inFlightSince: null,
      ...(knownOptions?.length ? { knownOptions } : {}),
    };
    for (const older of earlier) entry = supersede(older, entry);
    await database.outbox.bulkDelete(earlier.map((older) => older.id!));
    await database.outbox.add(entry);
    if (edit.unlinkFrom) await showUnlinked(database, edit, now);
  });
}

/**
 * An archive's relation shows the page gone at once; Notion's list changes only once the
 * archive is confirmed (settle.ts). Should the archive fail, the next read of that page shows
 * it linked again (no edit of that relation waits to keep the snapshot's value).
 */
async function showUnlinked(
  database: SidenoteDatabase,
  { authId, pageId: archived, unlinkFrom }: OutboxEdit,
  now: number,
) {
  const { pageId, propertyId, ids } = unlinkFrom!;
  const snapshot = await database.pageSnapshots.get([authId, pageId]);
  if (!snapshot) return;
  await database.pageSnapshots.put({
    ...snapshot,
    properties: { ...snapshot.properties, [propertyId]: relationValue(withoutRelated(ids, archived)) },
    localAt: { ...snapshot.localAt, [propertyId]: now },
    updatedAt: now,
  });
}

/**
 * Archive (`inTrash` true) or restore a page through the outbox, like a property edit; an
 * archive may name the relation the page leaves once trashed (`unlinkFrom`): one entry.
 */
export function enqueueTrash(
  page: Omit<OutboxEdit, 'propertyId' | 'value' | 'base'>,
  inTrash: boolean,
  options?: { database?: SidenoteDatabase; now?: number },
): Promise<void> {
  return enqueue({ ...page, propertyId: IN_TRASH, value: trashValue(inTrash), base: trashValue(!inTrash) }, options);
}
