/**
 * The outbox's write-ahead journal: an edit is noted in localStorage — synchronously, before
 * the IndexedDB transaction that queues it starts — and the note removed once that transaction
 * committed. A panel closed (or reloaded) in between aborts the transaction, not the note: the
 * next start replays it (`replayJournal`), so an edit the user saw saved is never lost.
 *
 * What must stay true:
 * - a note replays unless a later edit of its property was queued (the snapshot's `editedAt`
 *   after its time): a note a newer edit superseded never brings an older value back, and a
 *   confirmation of an earlier edit (which moves `localAt`, not `editedAt`) never hides it. A
 *   note whose own write did commit — the page died between the commit and the note's removal
 *   — is queued again: the same absolute value, which coalesces or is sent once more and
 *   changes nothing, and the write wakes this page's live queries, which never heard of a
 *   commit made by a page that was already going away;
 * - one key per note (no read-modify-write shared by tabs); no key or token is ever noted;
 * - two pages replaying the same note (both starting) queue the same value twice: it coalesces.
 * Pages only: the worker neither edits nor replays (it has no localStorage).
 */
import { db as defaultDb, type SidenoteDatabase } from '../db/schema.ts';
import type { OutboxEdit } from './entry.ts';

const PREFIX = 'sidenote-outbox-journal:';

interface Note {
  edit: OutboxEdit;
  /** The edit's time: the `now` its enqueue used. */
  at: number;
}

const storage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);

/** Notes the edit; answers the note's key (null where there is no localStorage). */
export function noteEdit(edit: OutboxEdit, at: number): string | null {
  const store = storage();
  if (!store) return null;
  const key = `${PREFIX}${at}:${Math.random().toString(36).slice(2)}`;
  try {
    store.setItem(key, JSON.stringify({ edit, at } satisfies Note));
    return key;
  } catch {
    return null; // storage full: the IndexedDB write may still succeed, and says if not
  }
}

export function forgetNote(key: string | null): void {
  if (key) storage()?.removeItem(key);
}

/** The notes left by a page that closed mid-write, oldest first. */
function leftNotes(): { key: string; note: Note }[] {
  const store = storage();
  if (!store) return [];
  const notes: { key: string; note: Note }[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (!key?.startsWith(PREFIX)) continue;
    try {
      notes.push({ key, note: JSON.parse(store.getItem(key) ?? '') as Note });
    } catch {
      store.removeItem(key);
    }
  }
  return notes.sort((a, b) => a.note.at - b.note.at);
}

/**
 * Queues again what closed pages noted (`enqueue` is passed in: it notes and queues), each at
 * its own time, but for notes a later edit of the same property superseded.
 */
export async function replayJournal(
  enqueue: (edit: OutboxEdit, options: { database: SidenoteDatabase; now: number }) => Promise<void>,
  database: SidenoteDatabase = defaultDb,
): Promise<number> {
  let replayed = 0;
  for (const { key, note } of leftNotes()) {
    const { authId, pageId, propertyId } = note.edit;
    const snapshot = await database.pageSnapshots.get([authId, pageId]);
    const superseded = (snapshot?.editedAt?.[propertyId] ?? -Infinity) > note.at;
    if (!superseded) {
      await enqueue(note.edit, { database, now: note.at });
      replayed += 1;
    }
    forgetNote(key);
  }
  return replayed;
}
