/**
 * `GET /databases/{id}` and `PATCH /databases/{id}`, and in 2022-06-28 `POST
 * /databases/{id}/query`.
 *
 * What must stay true:
 * - 2022-06-28 treats a database as its one data source (schema changes and queries go to
 *   it); on a database with several data sources every one of these calls fails with Notion's
 *   `multipleDataSources` error, as the upgrade guide says;
 * - from 2025-09-03 a database is a container: retrieve lists its `data_sources`, update
 *   changes its title, description, icon, cover, inline and trash state only (the schema
 *   moved to `PATCH /data_sources/{id}`).
 */
import type { Handler, RequestContext } from './context.ts';
import { multipleDataSources, notFound, validation } from './errors.ts';
import { normalizeId } from './ids.ts';
import type { DatabaseRecord, DataSourceRecord } from './model.ts';
import { renderDatabase } from './render.ts';
import { queryPages } from './routes-data-sources.ts';
import { updateSchema } from './schema-updates.ts';
import { notionNow } from './store.ts';
import { isLegacy, requestedTrash } from './versions.ts';
import { richText } from './write-values.ts';

/** The database named by the first path parameter and its data sources, or Notion's 400/404. */
function databaseOf({ store, workspace, params }: RequestContext): { db: DatabaseRecord; sources: DataSourceRecord[] } {
  const id = normalizeId(params[0]);
  if (!id) {
    throw validation(
      `path failed validation: path.database_id should be a valid uuid, instead was \`"${params[0]}"\`.`,
    );
  }
  const db = store.database(workspace.id, id);
  if (!db) throw notFound('database', id);
  return { db, sources: store.dataSourcesOf(db.id) };
}

/** 2022-06-28: the database and its one data source; a multi-source database is refused. */
function legacyDatabaseOf(ctx: RequestContext): { db: DatabaseRecord; source: DataSourceRecord } {
  const { db, sources } = databaseOf(ctx);
  if (sources.length > 1) throw multipleDataSources();
  return { db, source: sources[0] };
}

export const retrieveDatabase: Handler = (ctx) => {
  if (isLegacy(ctx.version)) {
    const { db, source } = legacyDatabaseOf(ctx);
    return { body: renderDatabase(db, [source], ctx.version) };
  }
  const { db, sources } = databaseOf(ctx);
  return { body: renderDatabase(db, sources, ctx.version) };
};

export const updateDatabase: Handler = (ctx) => {
  const { body, version } = ctx;
  const { db, sources } = databaseOf(ctx);
  if (isLegacy(version) && sources.length > 1) throw multipleDataSources();
  if (!isLegacy(version) && body.properties !== undefined) {
    throw validation('body failed validation: body.properties should be not present, instead was `{…}`.');
  }
  const title = body.title === undefined ? undefined : richText(body.title, 'body.title');
  const description = body.description === undefined ? undefined : richText(body.description, 'body.description');
  const inTrash = requestedTrash(version, body);
  if (body.properties !== undefined) updateSchema(ctx, sources[0], body.properties);
  if (title) db.title = title;
  if (description) db.description = description;
  if (body.icon !== undefined) db.icon = body.icon;
  if (body.cover !== undefined) db.cover = body.cover;
  if (inTrash !== undefined) db.archived = inTrash;
  if (typeof body.is_inline === 'boolean') db.is_inline = body.is_inline;
  Object.assign(db, { last_edited_time: notionNow(), last_edited_by: ctx.workspace.botId });
  return { body: renderDatabase(db, sources, version), changed: true };
};

export const queryDatabase: Handler = (ctx) => ({
  body: queryPages(ctx, legacyDatabaseOf(ctx).source, 'page_or_database'),
});
