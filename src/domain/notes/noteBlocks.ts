/**
 * A note as Notion blocks (issue 36), and back: a dated header paragraph carrying the note's
 * marker, then the text in paragraphs of at most 2000 characters (Notion's rich-text limit).
 *
 * The marker (`ref` + the first 12 hex digits of the note's id, in gray after the date) is
 * what makes a re-send safe: before sending again a note whose answer was lost, the drain looks
 * for its marker among the page's blocks (src/data/outbox/noteSend.ts). Notion appends one
 * request's children together, so the header is there exactly when the whole note is.
 *
 * What must stay true: an empty note (only spaces) is refused; no text is lost or reordered by
 * the split (surrogate pairs stay whole); `notesFromBlocks(noteBlocks(…))` gives the note back.
 */
import { splitText } from '../capture/profilePage.ts';

export const NOTE_EMPTY = 'A note cannot be empty.';

/** Notion appends at most 100 children a request: a header and 99 paragraphs of 2000. */
export const NOTE_MAX_CHARS = 99 * 2000;
export const NOTE_TOO_LONG = `A note can have at most ${NOTE_MAX_CHARS.toLocaleString('en')} characters.`;

/** The error text for a note that cannot be saved, or null. */
export function noteProblem(text: string): string | null {
  if (text.trim() === '') return NOTE_EMPTY;
  if (text.length > NOTE_MAX_CHARS) return NOTE_TOO_LONG;
  return null;
}

/** A note's marker: `ref ` and the id's first 12 hex digits. */
export const noteMarker = (noteId: string): string => `ref ${noteId.replace(/-/g, '').slice(0, 12)}`;

const MARKER = /^ · (ref [0-9a-f]{12})$/;

/** The note's date as the user's locale writes it ("27 Nov 2026" in en-GB). */
export const noteDate = (day: Date, locale?: string): string =>
  new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' }).format(day);

const text = (content: string, annotations: Record<string, unknown> = {}) => ({
  type: 'text' as const,
  text: { content },
  annotations,
});

/** The children of the append: the header (date, marker) then the text's paragraphs. */
export function noteBlocks(note: { id: string; text: string; date: string }): Record<string, unknown>[] {
  const header = {
    type: 'paragraph',
    paragraph: { rich_text: [text(note.date, { bold: true }), text(` · ${noteMarker(note.id)}`, { color: 'gray' })] },
  };
  const body = splitText(note.text).map((chunk) => ({ type: 'paragraph', paragraph: { rich_text: [text(chunk)] } }));
  return [header, ...body];
}

export interface ShownNote {
  /** The header's date text, as written. */
  date: string;
  marker: string;
  text: string;
}

interface BlockLike {
  type?: unknown;
  [type: string]: unknown;
}

const plain = (block: BlockLike): string[] => {
  const content = block[String(block.type)] as { rich_text?: { plain_text?: string }[] } | undefined;
  return (content?.rich_text ?? []).map((item) => item.plain_text ?? '');
};

/** The notes among a page's blocks, in page order (other content is not a note and is skipped). */
export function notesFromBlocks(blocks: readonly BlockLike[]): ShownNote[] {
  const notes: ShownNote[] = [];
  let current: ShownNote | null = null;
  for (const block of blocks) {
    const parts = plain(block);
    const marker = block.type === 'paragraph' && parts.length === 2 ? MARKER.exec(parts[1])?.[1] : undefined;
    if (marker) {
      current = { date: parts[0], marker, text: '' };
      notes.push(current);
    } else if (current && block.type === 'paragraph') current.text += parts.join('');
    else current = null;
  }
  return notes;
}

/** Whether the blocks hold the note of this marker. */
export const holdsNote = (blocks: readonly BlockLike[], marker: string): boolean =>
  notesFromBlocks(blocks).some((note) => note.marker === marker);
