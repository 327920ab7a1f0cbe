/** The cached titles of related pages (src/data/notion/relatedTitles.ts writes them), by page id. */
import { db as defaultDb, type SidenoteDatabase } from './schema.ts';

export async function readPageTitles(
  authId: string,
  pageIds: string[],
  database: SidenoteDatabase = defaultDb,
): Promise<Record<string, string>> {
  const rows = await database.pageTitles.bulkGet(pageIds.map((pageId) => [authId, pageId] as [string, string]));
  return Object.fromEntries(rows.flatMap((row) => (row ? [[row.pageId, row.title]] : [])));
}
