/**
 * A page's notes as the page view shows them (issue 36): the page's blocks read from Notion
 * (every page of 100), the notes among them (src/domain/notes/noteBlocks.ts), cached in Dexie
 * `cache` under `page_notes:{auth}:{page}` so they show offline with the page.
 */
import { notesFromBlocks, type ShownNote } from '../../domain/notes/noteBlocks.ts';
import { readCacheEntry, writeCache } from '../db/cache.ts';
import type { NotionClient } from './client.ts';

export const pageNotesKey = (authId: string, pageId: string): string => `page_notes:${authId}:${pageId}`;

/** Every block of a page (Notion's pages of 100), oldest first. */
export async function allPageBlocks(
  notion: Pick<NotionClient, 'blockChildren'>,
  workspaceId: string,
  pageId: string,
): Promise<Record<string, unknown>[]> {
  const blocks: Record<string, unknown>[] = [];
  let cursor: string | undefined;
  do {
    const page = (await notion.blockChildren(workspaceId, pageId, cursor)) as {
      results?: Record<string, unknown>[];
      has_more?: boolean;
      next_cursor?: string | null;
    };
    blocks.push(...(page.results ?? []));
    cursor = page.has_more && page.next_cursor ? page.next_cursor : undefined;
  } while (cursor);
  return blocks;
}

/** Reads the page's notes from Notion into the cache. */
export async function refreshPageNotes(
  target: { authId: string; workspaceId: string; pageId: string },
  notion: Pick<NotionClient, 'blockChildren'>,
): Promise<ShownNote[]> {
  const notes = notesFromBlocks(await allPageBlocks(notion, target.workspaceId, target.pageId));
  await writeCache(pageNotesKey(target.authId, target.pageId), notes);
  return notes;
}

export async function cachedPageNotes(authId: string, pageId: string): Promise<ShownNote[] | undefined> {
  return (await readCacheEntry<ShownNote[]>(pageNotesKey(authId, pageId)))?.value;
}
