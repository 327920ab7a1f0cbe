/**
 * `GET /data_sources/{id}`, `PATCH /data_sources/{id}` and `POST /data_sources/{id}/query`
 * (2025-09-03 on), and the page query 2022-06-28's `POST /databases/{id}/query` shares.
 *
 * What must stay true: a query filters, sorts and pages exactly as the database query did
 * (query.ts, pagination.ts); trashed pages are listed only when `in_trash` (or, before
 * 2026-03-11, `archived`) is true.
 */
import { filterProperties, type Handler, type RequestContext } from './context.ts';
import { notFound, validation } from './errors.ts';
import { normalizeId } from './ids.ts';
import type { DatabaseRecord, DataSourceRecord } from './model.ts';
import { paginate, pageRequest } from './pagination.ts';
import { buildFilter, buildSort } from './query.ts';
import { PageRenderer, renderDataSource } from './render.ts';
import { updateSchema } from './schema-updates.ts';
import { notionNow } from './store.ts';
import { requestedTrash } from './versions.ts';
import { richText } from './write-values.ts';

/** The data source named by the first path parameter and its database, or Notion's 400/404. */
function dataSourceOf({ store, workspace, params }: RequestContext): { source: DataSourceRecord; db: DatabaseRecord } {
  const id = normalizeId(params[0]);
  if (!id) {
    throw validation(
      `path failed validation: path.data_source_id should be a valid uuid, instead was \`"${params[0]}"\`.`,
    );
  }
  const source = store.dataSource(workspace.id, id);
  const db = source && store.database(workspace.id, source.databaseId);
  if (!source || !db) throw notFound('data_source', id);
  return { source, db };
}

/** One page of `source`'s pages matching the body's filter, in its sort order. */
export function queryPages(
  ctx: RequestContext,
  source: DataSourceRecord,
  listType: 'page_or_database' | 'page_or_data_source',
): Record<string, unknown> {
  const request = pageRequest(ctx.body, 'body');
  const matches = buildFilter(source, ctx.body.filter);
  const compare = buildSort(source, ctx.body.sorts);
  const inTrash = requestedTrash(ctx.version, ctx.body) === true;
  const rows = ctx.store
    .pagesOf(source.id)
    .filter((page) => page.archived === inTrash && matches(page))
    .sort(compare);
  const page = paginate(rows, request, (row) => row.id);
  const renderer = new PageRenderer(ctx.store, source, ctx.version);
  const only = filterProperties(ctx.query);
  return {
    object: 'list',
    results: page.results.map((row) => renderer.page(row, only)),
    next_cursor: page.next_cursor,
    has_more: page.has_more,
    type: listType,
    [listType]: {},
  };
}

export const retrieveDataSource: Handler = (ctx) => {
  const { source, db } = dataSourceOf(ctx);
  return { body: renderDataSource(source, db, ctx.version) };
};

export const updateDataSource: Handler = (ctx) => {
  const { source, db } = dataSourceOf(ctx);
  const { body } = ctx;
  const title = body.title === undefined ? undefined : richText(body.title, 'body.title');
  const description = body.description === undefined ? undefined : richText(body.description, 'body.description');
  const inTrash = requestedTrash(ctx.version, body);
  if (body.properties !== undefined) updateSchema(ctx, source, body.properties);
  if (title) source.title = title;
  if (description) source.description = description;
  if (inTrash !== undefined) source.archived = inTrash;
  Object.assign(source, { last_edited_time: notionNow(), last_edited_by: ctx.workspace.botId });
  return { body: renderDataSource(source, db, ctx.version), changed: true };
};

export const queryDataSource: Handler = (ctx) => ({
  body: queryPages(ctx, dataSourceOf(ctx).source, 'page_or_data_source'),
});
