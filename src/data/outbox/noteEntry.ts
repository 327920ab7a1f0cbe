/**
 * A note rides the outbox (issue 36) as an entry of the pseudo-property `:note:{note id}` —
 * one per note, so notes never supersede each other — whose value holds the note's text and
 * its dated header (`{note: {id, text, date}}`). Notes of a page leave together, apart from the
 * page's property edits (their own group: `isNoteEntry`), through `sendNotes` (noteSend.ts).
 *
 * What must stay true: a queued note is kept whole until Notion holds it or the user discards
 * it from the failed list; the snapshot's properties are not touched (a note is page content).
 */
import { noteProblem } from '../../domain/notes/noteBlocks.ts';
import { db as defaultDb, type SidenoteDatabase } from '../db/schema.ts';
import type { OutboxEntry } from './entry.ts';
import { NOTE_PREFIX } from './noteKind.ts';

export interface NoteValue {
  id: string;
  text: string;
  /** The header's date, written in the user's locale when the note was made. */
  date: string;
}

export const noteOf = (entry: OutboxEntry): NoteValue => entry.value.note as NoteValue;

/** Queues a note for the end of the page; refuses an empty or too long one (Error with the text). */
export async function enqueueNote(
  target: { authId: string; workspaceId: string; pageId: string; pageTitle: string },
  note: NoteValue,
  { database = defaultDb, now = Date.now() }: { database?: SidenoteDatabase; now?: number } = {},
): Promise<void> {
  const problem = noteProblem(note.text);
  if (problem) throw new Error(problem);
  const preview = note.text.trim().slice(0, 40);
  await database.outbox.add({
    authId: target.authId,
    workspaceId: target.workspaceId,
    pageId: target.pageId,
    propertyId: `${NOTE_PREFIX}${note.id}`,
    value: { note },
    base: null,
    label: { page: target.pageTitle || 'Untitled', property: `Note: ${preview}` },
    baseAt: now,
    editedAt: now,
    sentValues: [],
    state: 'queued',
    dueAt: now,
    attempts: 0,
    inFlightSince: null,
  });
}
