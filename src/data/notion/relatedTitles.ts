/**
 * Related-page titles (spec 1 §9, spec 2 §9): the titles a relation lists, read from Notion 3
 * at a time with a 200 ms pause between batches (pacing.ts, shared with the outbox) and every
 * request inside the app's rate budget, then cached per user (Dexie `pageTitles`); a title
 * under RELATED_TITLE_TTL_MS old is not read again. Only the first 10 of a relation are asked
 * for: at 11 or more the editor shows a count, not titles (spec 2 §9).
 *
 * What must stay true: a page that cannot be read (gone, not shared) is cached as '' — never
 * retried on every render —, and any other failure stops the loading, the titles of the
 * batches before it cached.
 */
import { systemClock, type Clock } from '../clock.ts';
import { db as defaultDb, type SidenoteDatabase } from '../db/schema.ts';
import { RELATED_TITLE_TTL_MS } from '../db/ttl.ts';
import { RELATION_TITLES_MAX } from '../../domain/notion/relationRules.ts';
import { isFresh } from '../../domain/settings/activeSetting.ts';
import { toAppError } from '../errors/thrown.ts';
import type { NotionClient } from './client.ts';
import { NOTION_BATCH_PAUSE_MS, NOTION_BATCH_SIZE } from './pacing.ts';
import { titleText } from '../../domain/notion/valueText.ts';

export interface RelatedTitlesDeps {
  notion: Pick<NotionClient, 'page'>;
  database?: SidenoteDatabase;
  clock?: Clock;
}

/** Reads the titles of `pageIds` (the first 10) that are not cached fresh; answers how many requests it made. */
export async function loadRelatedTitles(
  { authId, workspaceId, pageIds }: { authId: string; workspaceId: string; pageIds: string[] },
  { notion, database = defaultDb, clock = systemClock }: RelatedTitlesDeps,
): Promise<number> {
  const wanted = pageIds.slice(0, RELATION_TITLES_MAX);
  const cached = await database.pageTitles.bulkGet(wanted.map((pageId) => [authId, pageId] as [string, string]));
  const missing = wanted.filter((_, i) => !isFresh(cached[i]?.fetchedAt, RELATED_TITLE_TTL_MS, clock.now()));
  let requests = 0;
  for (let start = 0; start < missing.length; start += NOTION_BATCH_SIZE) {
    if (start > 0) await clock.sleep(NOTION_BATCH_PAUSE_MS);
    const batch = missing.slice(start, start + NOTION_BATCH_SIZE);
    requests += batch.length;
    const titles = await Promise.all(
      batch.map(async (pageId) => {
        const fetchedAt = clock.now();
        try {
          return { authId, pageId, title: titleText((await notion.page(workspaceId, pageId)).properties), fetchedAt };
        } catch (error) {
          if (toAppError(error).reason.kind !== 'notFound') throw error;
          return { authId, pageId, title: '', fetchedAt };
        }
      }),
    );
    await database.pageTitles.bulkPut(titles);
  }
  return requests;
}
