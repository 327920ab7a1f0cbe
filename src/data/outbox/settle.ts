/**
 * What the drain writes once Notion answered (or failed to): every change to the entries of
 * one request happens in one `rw` transaction, and touches only the entries that request
 * carried (by id) — an edit queued meanwhile is never removed with them. A confirmation also
 * marks the confirmed properties of the page's snapshot as changed now (`localAt`), and queues
 * a confirmed archive's unlink (entry.ts `unlinkFrom`) in the same transaction.
 */
import { relationPageIds, relationValue } from '../../domain/notion/relations.ts';
import { withoutRelated } from '../../domain/notion/relationRules.ts';
import type { SidenoteDatabase } from '../db/schema.ts';
import { queue } from './enqueue.ts';
import { supersede, type OutboxEntry, type PropertyValue } from './entry.ts';
import { isInFlight } from './timing.ts';

/** The entries of a request, changed one by one (or removed: `null`), then each property folded. */
export async function settle(
  database: SidenoteDatabase,
  entries: OutboxEntry[],
  change: (entry: OutboxEntry) => Partial<OutboxEntry> | null,
  now: number,
): Promise<void> {
  await database.transaction('rw', database.outbox, database.pageSnapshots, async () => {
    const confirmed: string[] = [];
    const archived: OutboxEntry[] = [];
    for (const entry of entries) {
      const changes = change(entry);
      if (changes === null) confirmed.push(entry.propertyId);
      if (changes === null && entry.unlinkFrom) archived.push(entry);
      if (changes === null) await database.outbox.delete(entry.id!);
      else await database.outbox.update(entry.id!, { ...changes, inFlightSince: null });
    }
    if (confirmed.length > 0) await touchSnapshot(database, entries[0], confirmed, now);
    for (const entry of archived) await unlinkArchived(database, entry, now);
    const properties = new Set(entries.map((entry) => entry.propertyId));
    for (const propertyId of properties) await foldProperty(database, entries[0], propertyId, now);
  });
}

/**
 * Notion confirmed `archived` in the trash: the relation it leaves is queued without it — from
 * the newest value queued there meanwhile (a later link or unlink is kept), else from the whole
 * list the user saw when archiving.
 */
async function unlinkArchived(database: SidenoteDatabase, archived: OutboxEntry, now: number): Promise<void> {
  const { pageId, propertyId, ids, label } = archived.unlinkFrom!;
  const { authId, workspaceId } = archived;
  const pending = await database.outbox
    .where('[authId+pageId]')
    .equals([authId, pageId])
    .filter((entry) => entry.propertyId === propertyId)
    .sortBy('id');
  const seen = pending.length > 0 ? relationPageIds(pending[pending.length - 1].value) : ids;
  const value = relationValue(withoutRelated(seen, archived.pageId));
  await queue({ authId, workspaceId, pageId, propertyId, value, base: relationValue(seen), label }, database, now);
}

/**
 * Keeps one entry not in flight per (user, page, property): the newest supersedes the others
 * (an edit made while an older value was out, that did not succeed, leaves in its place).
 */
async function foldProperty(
  database: SidenoteDatabase,
  { authId, pageId }: OutboxEntry,
  propertyId: string,
  now: number,
): Promise<void> {
  const waiting = await database.outbox
    .where('[authId+pageId]')
    .equals([authId, pageId])
    .filter((entry) => entry.propertyId === propertyId && !isInFlight(entry, now))
    .sortBy('id');
  if (waiting.length < 2) return;
  let newest = waiting[waiting.length - 1];
  for (const older of waiting.slice(0, -1).reverse()) newest = supersede(older, newest);
  await database.outbox.bulkDelete(waiting.slice(0, -1).map((entry) => entry.id!));
  await database.outbox.put(newest);
}

/**
 * Notion confirmed these properties now: the snapshot (already showing them) is newer than any
 * fetch that started before — a page read in flight must not bring their old values back.
 */
async function touchSnapshot(
  database: SidenoteDatabase,
  { authId, pageId }: OutboxEntry,
  propertyIds: string[],
  now: number,
): Promise<void> {
  const snapshot = await database.pageSnapshots.get([authId, pageId]);
  if (!snapshot) return;
  const localAt = { ...snapshot.localAt, ...Object.fromEntries(propertyIds.map((id) => [id, now])) };
  await database.pageSnapshots.put({ ...snapshot, localAt, updatedAt: now });
}

/** Sets one property of a page's snapshot (when there is one). */
export async function setSnapshotValue(
  database: SidenoteDatabase,
  { authId, pageId, propertyId }: OutboxEntry,
  value: PropertyValue | null | undefined,
  now: number,
): Promise<void> {
  const snapshot = await database.pageSnapshots.get([authId, pageId]);
  if (!snapshot) return;
  await database.pageSnapshots.put({
    ...snapshot,
    properties: { ...snapshot.properties, [propertyId]: value ?? null },
    localAt: { ...snapshot.localAt, [propertyId]: now },
    updatedAt: now,
  });
}
