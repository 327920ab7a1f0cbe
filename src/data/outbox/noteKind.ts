/**
 * How the drain tells a note (issue 36) from a property edit: its pseudo-property starts with
 * `:note:` (Notion's property ids are URL-encoded: a raw ':' never starts one). Kept alone so
 * the drain, on the capture path, carries nothing else of notes (noteEntry.ts, noteSend.ts).
 */
export const NOTE_PREFIX = ':note:';

export const isNoteEntry = (entry: { propertyId: string }): boolean => entry.propertyId.startsWith(NOTE_PREFIX);
