/**
 * `POST /pages`, `GET /pages/{id}`, `PATCH /pages/{id}` and
 * `GET /pages/{id}/properties/{property_id}`.
 *
 * What must stay true:
 * - writes are checked whole before anything is stored (a refused write changes nothing, not
 *   even the select options it named); a successful one moves `last_edited_time`;
 * - an archived page is read as such and refuses property edits until it is unarchived;
 * - a page's parent is a data source: 2022-06-28 creates under `database_id` (its one data
 *   source; a multi-source database is refused as Notion does), later versions under
 *   `data_source_id` (or the `database_id` of a single-source database);
 * - the property-item endpoint pages through title, rich_text, relation and people values
 *   (beyond the page object's 25-reference cap) with `page_size` ≤ 100 and cursors.
 */
import { filterProperties, type Handler, isObject, type RequestContext } from './context.ts';
import { multipleDataSources, NotionError, notFound, validation } from './errors.ts';
import { newId, normalizeId } from './ids.ts';
import type { DataSourceRecord, PageRecord } from './model.ts';
import { offsetCursor, paginate, pageRequest } from './pagination.ts';
import { PageRenderer } from './render.ts';
import { notionNow } from './store.ts';
import { isLegacy, requestedTrash } from './versions.ts';
import { fileUploadIcon } from './routes-file-uploads.ts';
import { resolveWrites } from './write-values.ts';
import { syncReverseLinks } from './dual-relations.ts';

const PAGINATED = new Set(['title', 'rich_text', 'relation', 'people']);

function pageOf({ store, workspace, params }: RequestContext): { page: PageRecord; db: DataSourceRecord } {
  const id = normalizeId(params[0]);
  if (!id)
    throw validation(`path failed validation: path.page_id should be a valid uuid, instead was \`"${params[0]}"\`.`);
  const page = store.page(workspace.id, id);
  const db = page && store.dataSource(workspace.id, page.dataSourceId);
  if (!page || !db) throw notFound('page', id);
  return { page, db };
}

function icon(ctx: RequestContext, value: unknown): unknown {
  if (value === null) return null;
  const uploaded = isLegacy(ctx.version) ? undefined : fileUploadIcon(ctx, value);
  if (uploaded !== undefined) return uploaded;
  if (isObject(value) && typeof value.emoji === 'string') return { type: 'emoji', emoji: value.emoji };
  if (isObject(value) && isObject(value.external) && typeof value.external.url === 'string') {
    if (value.external.url.length > 2000)
      throw validation('body failed validation: body.icon.external.url.length should be ≤ `2000`.');
    return { type: 'external', external: { url: value.external.url } };
  }
  throw validation('body failed validation: body.icon should be an emoji, an external file, a file upload, or `null`.');
}

/** Resolves the writes on a copy of the schema and commits both only if every value passed. */
function applyWrites(ctx: RequestContext, db: DataSourceRecord, properties: unknown) {
  const draft: DataSourceRecord = { ...db, properties: structuredClone(db.properties) };
  const values = resolveWrites(ctx.store, draft, properties, ctx.version);
  return {
    values,
    commit: () => {
      db.properties = draft.properties;
    },
  };
}

/** The data source a new page's `parent` names (see the header), or Notion's 400/404. */
function parentOf({ store, workspace, version }: RequestContext, parent: unknown): DataSourceRecord {
  if (!isObject(parent))
    throw validation('body failed validation: body.parent should be defined, instead was `undefined`.');
  if (parent.page_id !== undefined || parent.workspace !== undefined) {
    const key = isLegacy(version) ? 'database_id' : 'data_source_id';
    throw validation(`body failed validation: this sandbox creates pages in data sources only (body.parent.${key}).`);
  }
  if (!isLegacy(version) && parent.data_source_id !== undefined) {
    const id = normalizeId(parent.data_source_id);
    if (!id) throw validation('body failed validation: body.parent.data_source_id should be a valid uuid.');
    const source = store.dataSource(workspace.id, id);
    if (!source) throw notFound('data_source', id);
    return source;
  }
  const dbId = normalizeId(parent.database_id);
  if (!dbId) throw validation('body failed validation: body.parent.database_id should be a valid uuid.');
  const db = store.database(workspace.id, dbId);
  if (!db) throw notFound('database', dbId);
  const sources = store.dataSourcesOf(db.id);
  if (sources.length > 1 && isLegacy(version)) throw multipleDataSources();
  if (sources.length > 1) {
    throw validation(
      'body failed validation: body.parent.database_id names a database with several data sources; name one with body.parent.data_source_id.',
    );
  }
  return sources[0];
}

export const createPage: Handler = (ctx) => {
  const { body, store, workspace } = ctx;
  const db = parentOf(ctx, body.parent);
  if (Array.isArray(body.children) && body.children.length > 0) {
    throw validation('body failed validation: this sandbox does not store page content (body.children).');
  }
  const { values, commit } = applyWrites(ctx, db, body.properties ?? {});
  const pageIcon = body.icon === undefined ? null : icon(ctx, body.icon);
  commit();
  const now = notionNow();
  const page: PageRecord = {
    id: newId(),
    workspaceId: workspace.id,
    dataSourceId: db.id,
    values,
    icon: pageIcon,
    cover: body.cover ?? null,
    archived: false,
    uniqueNumber: db.nextUniqueId++,
    created_time: now,
    last_edited_time: now,
    created_by: workspace.botId,
    last_edited_by: workspace.botId,
  };
  store.state.pages.push(page);
  syncReverseLinks(store, db, page, {});
  return { body: new PageRenderer(store, db, ctx.version).page(page), changed: true };
};

export const retrievePage: Handler = (ctx) => {
  const { page, db } = pageOf(ctx);
  return { body: new PageRenderer(ctx.store, db, ctx.version).page(page, filterProperties(ctx.query)) };
};

export const updatePage: Handler = (ctx) => {
  const { page, db } = pageOf(ctx);
  const { body } = ctx;
  const archived = requestedTrash(ctx.version, body);
  if (page.archived && archived !== false && (body.properties !== undefined || body.icon !== undefined)) {
    throw validation("Can't edit block that is archived. You must unarchive the block before editing.");
  }
  const { values, commit } = applyWrites(ctx, db, body.properties);
  const pageIcon = body.icon === undefined ? page.icon : icon(ctx, body.icon);
  commit();
  const before = { ...page.values };
  Object.assign(page.values, values);
  syncReverseLinks(ctx.store, db, page, before);
  page.icon = pageIcon;
  if (body.cover !== undefined) page.cover = body.cover;
  if (archived !== undefined) page.archived = archived;
  page.last_edited_time = notionNow();
  page.last_edited_by = ctx.workspace.botId;
  return { body: new PageRenderer(ctx.store, db, ctx.version).page(page), changed: true };
};

export const retrievePageProperty: Handler = (ctx) => {
  const { page, db } = pageOf(ctx);
  const propertyId = decodeURIComponent(ctx.params[1]);
  const schema = db.properties[propertyId];
  if (!schema) throw new NotionError(404, 'object_not_found', `Could not find property with ID: ${propertyId}.`);
  const renderer = new PageRenderer(ctx.store, db, ctx.version);
  const item = { object: 'property_item', id: schema.id, type: schema.type };
  if (!PAGINATED.has(schema.type) && schema.type !== 'rollup') {
    return { body: { ...item, ...renderer.value(page, schema) } };
  }
  const request = pageRequest(Object.fromEntries(ctx.query), 'query');
  const nextUrl = (cursor: string | null) =>
    cursor === null
      ? null
      : `${ctx.origin}/v1/pages/${page.id}/properties/${encodeURIComponent(schema.id)}?start_cursor=${cursor}`;
  if (schema.type === 'rollup') {
    const { rollup } = renderer.value(page, schema) as { rollup: unknown };
    return {
      body: {
        object: 'list',
        results: [],
        next_cursor: null,
        has_more: false,
        type: 'property_item',
        property_item: { id: schema.id, next_url: null, type: 'rollup', rollup },
      },
    };
  }
  const entries = renderer.value(page, schema, Number.POSITIVE_INFINITY)[schema.type] as unknown[];
  const slice = paginate(entries, request, offsetCursor);
  return {
    body: {
      object: 'list',
      results: slice.results.map((value) => ({ ...item, [schema.type]: value })),
      next_cursor: slice.next_cursor,
      has_more: slice.has_more,
      type: 'property_item',
      property_item: { id: schema.id, next_url: nextUrl(slice.next_cursor), type: schema.type, [schema.type]: {} },
    },
  };
};
