import { describe, expect, test } from 'vitest';
import {
  holdsNote,
  NOTE_EMPTY,
  NOTE_MAX_CHARS,
  noteBlocks,
  noteDate,
  noteMarker,
  noteProblem,
  notesFromBlocks,
} from '../../src/domain/notes/noteBlocks.ts';

const id = '3f2a9c1e-7b4d-4e21-9a0b-5c6d7e8f9a01';

/** The blocks as Notion answers them: each rich-text item with its plain_text. */
const asRead = (blocks: Record<string, unknown>[]) =>
  blocks.map((block) => {
    const type = block.type as string;
    const content = block[type] as { rich_text: { text: { content: string } }[] };
    return { type, [type]: { rich_text: content.rich_text.map((r) => ({ ...r, plain_text: r.text.content })) } };
  });

describe('notes as blocks', () => {
  test('an empty note is refused; a note over what one append carries too', () => {
    expect(noteProblem('')).toBe(NOTE_EMPTY);
    expect(noteProblem('  \n\t ')).toBe(NOTE_EMPTY);
    expect(noteProblem('Met at the fair')).toBeNull();
    expect(noteProblem('x'.repeat(NOTE_MAX_CHARS + 1))).toMatch(/at most/);
  });

  test('the date in the locale: "27 Nov 2026" in en-GB', () => {
    expect(noteDate(new Date(2026, 10, 27), 'en-GB')).toBe('27 Nov 2026');
    expect(noteDate(new Date(2026, 10, 27), 'en-US')).toBe('Nov 27, 2026');
  });

  test('10,000 characters: a header and five paragraphs of 2000, read back whole', () => {
    const text = Array.from({ length: 10_000 }, (_, i) => String.fromCharCode(97 + (i % 26))).join('');
    const blocks = noteBlocks({ id, text, date: '27 Nov 2026' });
    expect(blocks).toHaveLength(6);
    for (const block of blocks.slice(1)) {
      const [item] = (block.paragraph as { rich_text: { text: { content: string } }[] }).rich_text;
      expect(item.text.content.length).toBe(2000);
    }
    expect(notesFromBlocks(asRead(blocks))).toEqual([{ date: '27 Nov 2026', marker: noteMarker(id), text }]);
  });

  test('notes are found among other content by their marker, in page order', () => {
    const other = { type: 'heading_3', heading_3: { rich_text: [{ plain_text: 'Agenda' }] } };
    const second = '9b8c7d6e-0000-4000-8000-000000000000';
    const blocks = [
      other,
      ...asRead(noteBlocks({ id, text: 'first', date: '1 Dec 2026' })),
      other,
      ...asRead(noteBlocks({ id: second, text: 'second', date: '2 Dec 2026' })),
    ];
    expect(notesFromBlocks(blocks).map((n) => n.text)).toEqual(['first', 'second']);
    expect(holdsNote(blocks, noteMarker(second))).toBe(true);
    expect(holdsNote(blocks.slice(0, 3), noteMarker(second))).toBe(false);
    expect(noteMarker(id)).toBe('ref 3f2a9c1e7b4d');
  });
});
