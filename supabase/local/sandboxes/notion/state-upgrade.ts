/**
 * Reads a `notion.json` written before data sources (state version 1: databases held their
 * schema and pages) as today's state: each database keeps its id and gets one data source
 * (id `firstDataSourceId`, the database's title as its name) holding the schema and the pages,
 * so a demo workspace kept between `npm start` runs survives the upgrade with its tokens and
 * edits.
 *
 * What must stay true: an upgraded state equals what a seed of the same content would be.
 */
import { firstDataSourceId } from './ids.ts';
import type { DatabaseRecord, DataSourceRecord, NotionState, PageRecord, PropertySchema } from './model.ts';

type V1Database = DatabaseRecord & { properties: Record<string, PropertySchema>; nextUniqueId: number };
type V1Page = Omit<PageRecord, 'dataSourceId'> & { databaseId: string };
type V1State = Omit<NotionState, 'version' | 'databases' | 'dataSources' | 'pages'> & {
  version: 1;
  databases: V1Database[];
  pages: V1Page[];
};

export function upgradeState(raw: NotionState | V1State): NotionState {
  if (raw.version === 2) return raw;
  const databases: DatabaseRecord[] = [];
  const dataSources: DataSourceRecord[] = [];
  for (const { properties, nextUniqueId, ...db } of raw.databases) {
    databases.push(db);
    for (const schema of Object.values(properties)) {
      if (schema.type === 'relation' && typeof schema.config.database_id === 'string') {
        schema.config.data_source_id = firstDataSourceId(schema.config.database_id);
      }
    }
    dataSources.push({
      id: firstDataSourceId(db.id),
      databaseId: db.id,
      workspaceId: db.workspaceId,
      title: db.title,
      description: db.description,
      properties,
      created_time: db.created_time,
      last_edited_time: db.last_edited_time,
      created_by: db.created_by,
      last_edited_by: db.last_edited_by,
      archived: db.archived,
      nextUniqueId,
    });
  }
  const pages = raw.pages.map(({ databaseId, ...page }) => ({ ...page, dataSourceId: firstDataSourceId(databaseId) }));
  return { ...raw, version: 2, databases, dataSources, pages };
}
