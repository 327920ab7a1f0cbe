/**
 * What the page view's notes do on top of src/data (issue 36): queue a note (the outbox sends
 * it, exactly once) and read the page's notes into the cache. Each answers its failure as
 * text or an `AppError` (or null); none throws.
 */
import type { AppError } from '../../data/errors/appError.ts';
import { toAppError } from '../../data/errors/thrown.ts';
import { notion } from '../../data/notion/appNotion.ts';
import { refreshPageNotes } from '../../data/notion/pageNotes.ts';
import { enqueueNote } from '../../data/outbox/noteEntry.ts';
import { noteDate, noteProblem } from '../../domain/notes/noteBlocks.ts';

export async function saveNote(
  target: { authId: string; workspaceId: string; pageId: string; pageTitle: string },
  text: string,
): Promise<string | null> {
  const problem = noteProblem(text);
  if (problem) return problem;
  try {
    await enqueueNote(target, { id: crypto.randomUUID(), text, date: noteDate(new Date(), navigator.language) });
    return null;
  } catch (error) {
    return toAppError(error).message;
  }
}

export async function loadNotes(target: {
  authId: string;
  workspaceId: string;
  pageId: string;
}): Promise<AppError | null> {
  try {
    await refreshPageNotes(target, notion);
    return null;
  } catch (error) {
    return toAppError(error).in('loadPage');
  }
}
