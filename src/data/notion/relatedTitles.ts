/**
 * Related-page titles (spec 1 §9, spec 2 §9): the titles a relation lists, read from Notion 3
 * at a time with a 200 ms pause between batches (pacing.ts, shared with the outbox) and every
 * request inside the app's rate budget, then cached per user (Dexie `pageTitles`); a title
 * under RELATED_TITLE_TTL_MS old is not read again. Only the first 10 of a relation are asked
 * for: at 11 or more the editor shows a count, not titles (spec 2 §9).
 *
 * A two-way relation (`reverse` given: its target holds the reverse property) is read in one
 * request when two or more titles are missing: `POST data_sources/{target}/query` filtered on
 * "reverse property contains this page", 100 pages a page of results — every page found is
 * cached; a wanted page the query did not answer (more than 100 related, not shared, trashed)
 * falls back to the paced reads.
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
import { reverseSideOf, type ReverseSide } from '../../domain/notion/relations.ts';
import { readDataSourceSchema } from '../db/dataSourceSchemas.ts';
import { readPageSnapshot } from '../db/pageSnapshots.ts';

export interface RelatedTitlesDeps {
  notion: Pick<NotionClient, 'page' | 'queryDataSourcePage'>;
  database?: SidenoteDatabase;
  clock?: Clock;
}

export interface RelatedTitlesTarget {
  authId: string;
  workspaceId: string;
  pageIds: string[];
  /** A two-way relation's reverse side and the page whose relation it is. */
  reverse?: ReverseSide & { pageId: string };
}

const sameId = (id: string) => id.replace(/-/g, '').toLowerCase();

/**
 * The reverse side of the relation `propertyId` of page `pageId`, if it is two-way, as the cached
 * schema of the page's data source says (null when one-way, or page or schema not cached yet:
 * the titles are then read one by one).
 */
export async function cachedReverseSide(
  { authId, pageId, propertyId }: { authId: string; pageId: string; propertyId: string },
  database: SidenoteDatabase = defaultDb,
): Promise<RelatedTitlesTarget['reverse'] | undefined> {
  const dataSourceId = (await readPageSnapshot(authId, pageId, database))?.page?.dataSourceId;
  if (!dataSourceId) return undefined;
  const schema = await readDataSourceSchema(authId, dataSourceId, database);
  const property = schema?.properties.find((candidate) => candidate.id === propertyId);
  const side = property ? reverseSideOf(property) : null;
  return side ? { ...side, pageId } : undefined;
}

/** The related pages of a two-way relation, in one query; answers the wanted ids it did not find. */
async function readByReverse(
  { authId, workspaceId, reverse }: RelatedTitlesTarget & { reverse: ReverseSide & { pageId: string } },
  missing: string[],
  { notion, database, clock }: Required<RelatedTitlesDeps>,
): Promise<string[]> {
  const fetchedAt = clock.now();
  const filter = { property: reverse.propertyId, relation: { contains: reverse.pageId } };
  const { results } = await notion.queryDataSourcePage(workspaceId, reverse.dataSourceId, filter, { pageSize: 100 });
  await database.pageTitles.bulkPut(
    results.map((page) => ({ authId, pageId: page.id, title: titleText(page.properties), fetchedAt })),
  );
  const found = new Set(results.map((page) => sameId(page.id)));
  return missing.filter((pageId) => !found.has(sameId(pageId)));
}

/** Reads the titles of `pageIds` (the first 10) that are not cached fresh; answers how many requests it made. */
export async function loadRelatedTitles(
  target: RelatedTitlesTarget,
  { notion, database = defaultDb, clock = systemClock }: RelatedTitlesDeps,
): Promise<number> {
  const { authId, workspaceId, pageIds, reverse } = target;
  const wanted = pageIds.slice(0, RELATION_TITLES_MAX);
  const cached = await database.pageTitles.bulkGet(wanted.map((pageId) => [authId, pageId] as [string, string]));
  let missing = wanted.filter((_, i) => !isFresh(cached[i]?.fetchedAt, RELATED_TITLE_TTL_MS, clock.now()));
  let requests = 0;
  if (reverse && missing.length > 1) {
    missing = await readByReverse({ ...target, reverse }, missing, { notion, database, clock });
    requests += 1;
  }
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
