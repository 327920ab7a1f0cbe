/**
 * `refreshPage`: what a page view asks of Notion once the page has painted from IndexedDB —
 * the page (one GET), and its data source's schema when the cached one is missing or stale
 * (one more, at most): a cold page costs 2 requests before its first paint, a visited one 1,
 * made after it. Both answers go into Dexie (pageSnapshots.ts, dataSourceSchemas.ts); the
 * screen re-renders by live query. Errors are thrown as the client's `AppError`s. The page read
 * names the view (`viewId`) when it is the page screen's: the proxy counts each view once
 * against the Notion quota, and refuses it over the quota (client.ts `page`); a read after an
 * option delete names none.
 */
import { isSchemaFresh, readDataSourceSchema, storeDataSourceSchema } from '../db/dataSourceSchemas.ts';
import { storeFetchedPage } from '../db/pageSnapshots.ts';
import { db as defaultDb, type SidenoteDatabase } from '../db/schema.ts';
import type { NotionClient } from './client.ts';
import type { NotionPage } from './objects.ts';

export interface PageRefreshDeps {
  notion: Pick<NotionClient, 'page' | 'dataSource'>;
  database?: SidenoteDatabase;
  now?: () => number;
}

export async function refreshPage(
  { authId, workspaceId, pageId, viewId }: { authId: string; workspaceId: string; pageId: string; viewId?: string },
  { notion, database = defaultDb, now = Date.now }: PageRefreshDeps,
): Promise<NotionPage> {
  const startedAt = now();
  const page = await notion.page(workspaceId, pageId, { viewId });
  await storeFetchedPage({ authId, workspaceId, page, startedAt }, database);
  const dataSourceId = page.parent?.data_source_id;
  if (dataSourceId && !isSchemaFresh(await readDataSourceSchema(authId, dataSourceId, database), now())) {
    const fetchedAt = now();
    const { properties } = await notion.dataSource(workspaceId, dataSourceId);
    await storeDataSourceSchema({ authId, workspaceId, dataSourceId, properties, fetchedAt }, database);
  }
  return page;
}
