/**
 * Conflicts: an entry whose base is older than CONFLICT_WINDOW_MS (made offline, or kept back
 * by retries) is checked against the page as Notion has it now before it is sent. When
 * Notion's value is neither the base the user saw nor a value we sent ourselves (a replay
 * after a lost response finds its own value there: no conflict), someone else changed it: the
 * entry waits in the conflict list with theirs and ours, for the user to choose. A choice on an
 * entry already handled (another tab chose, or it is not this user's) changes nothing.
 */
import { relationItemIds, relationValue } from '../../domain/notion/relations.ts';
import { db as defaultDb, type SidenoteDatabase } from '../db/schema.ts';
import type { NotionPage, PropertyItem } from '../notion/objects.ts';
import type { OutboxEntry, PropertyValue } from './entry.ts';
import { currentValues } from './pagePatch.ts';
import { sameValue } from './sameValue.ts';
import { setSnapshotValue } from './settle.ts';
import { CONFLICT_WINDOW_MS, isInFlight } from './timing.ts';

export const needsCheck = (entries: OutboxEntry[], now: number): boolean =>
  entries.some((entry) => now - entry.baseAt > CONFLICT_WINDOW_MS);

/**
 * Notion's values to check `sending` against: the page's, with a relation the page object cut
 * at 25 (`has_more`) read whole through the property-item endpoint (`wholeRelation`) — its
 * first 25 ids alone would hide a teammate's change past the 25th (issue 31, edge 1).
 */
export async function valuesToCheck(
  page: NotionPage,
  sending: OutboxEntry[],
  wholeRelation: (propertyId: string) => Promise<PropertyItem[]>,
): Promise<Map<string, PropertyValue>> {
  const current = currentValues(page);
  for (const { propertyId } of sending) {
    const value = current.get(propertyId);
    if (value?.type !== 'relation' || value.has_more !== true) continue;
    current.set(propertyId, relationValue(relationItemIds(await wholeRelation(propertyId))));
  }
  return current;
}

/**
 * Notion's value of each entry to send (`sending`) whose property changed under it (by entry
 * id), against Notion's values now (`valuesToCheck`). What counts as ours is every base, value and sent value of this property's entries in
 * the page's group (`carried`): an edit made while an earlier one of the same property was out
 * has that earlier value as its base, and Notion may still hold the value before it.
 */
export function conflictsIn(
  current: Map<string, PropertyValue>,
  sending: OutboxEntry[],
  carried = sending,
): Map<number, PropertyValue> {
  const found = new Map<number, PropertyValue>();
  for (const entry of sending) {
    const theirs = current.get(entry.propertyId);
    if (!theirs) continue; // a property gone from the schema: the write itself will say so
    const ours = carried
      .filter((other) => other.propertyId === entry.propertyId)
      .flatMap((other) => [other.base, other.value, ...other.sentValues]);
    if (!ours.some((value) => sameValue(theirs, value))) found.set(entry.id!, theirs);
  }
  return found;
}

/** The user's entry `id` while it is in conflict; undefined once handled (by another tab, say) or not theirs. */
async function conflictEntry(database: SidenoteDatabase, authId: string, id: number): Promise<OutboxEntry | undefined> {
  const entry = await database.outbox.get(id);
  return entry?.authId === authId && entry.state === 'conflict' ? entry : undefined;
}

/** "Keep mine": send ours again, Notion's value as the new base (checked again if it waits long). */
export async function keepMine(authId: string, id: number, database = defaultDb, now = Date.now()): Promise<void> {
  await database.transaction('rw', database.outbox, async () => {
    const entry = await conflictEntry(database, authId, id);
    if (!entry) return;
    await database.outbox.put({
      ...entry,
      state: 'queued',
      base: entry.theirs ?? null,
      baseAt: now,
      theirs: undefined,
      dueAt: now,
      attempts: 0,
    });
  });
}

/** "Take theirs": drop ours; the snapshot shows Notion's value (unless a later edit of ours is out). */
export async function takeTheirs(authId: string, id: number, database = defaultDb, now = Date.now()): Promise<void> {
  await database.transaction('rw', database.outbox, database.pageSnapshots, async () => {
    const entry = await conflictEntry(database, authId, id);
    if (!entry) return;
    await database.outbox.delete(id);
    const later = await database.outbox
      .where('[authId+pageId]')
      .equals([authId, entry.pageId])
      .filter((other) => other.propertyId === entry.propertyId && isInFlight(other, now))
      .count();
    if (later === 0) await setSnapshotValue(database, entry, entry.theirs, now);
  });
}
