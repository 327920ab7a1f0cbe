/**
 * `GET /databases/{id}`, `PATCH /databases/{id}` and `POST /databases/{id}/query`.
 *
 * Schema updates follow Notion's rules: `null` deletes a property (never the title), `name`
 * renames, a type key with a config changes or configures it; for select and multi_select the
 * `options` sent are the ones kept (by id or name) plus new ones — an option left out is
 * removed, from the schema and from every page's value. Status options cannot be changed.
 */
import { filterProperties, type Handler, isObject, type RequestContext } from './context.ts';
import { notFound, validation } from './errors.ts';
import { newId, normalizeId, propertyId } from './ids.ts';
import type { DatabaseRecord, PropertySchema, SelectOption } from './model.ts';
import { paginate, pageRequest } from './pagination.ts';
import { buildFilter, buildSort } from './query.ts';
import { PageRenderer, renderDatabase } from './render.ts';
import { notionNow } from './store.ts';
import { findProperty, richText } from './write-values.ts';

const OPTION_TYPES = new Set(['select', 'multi_select']);

/** The database named by the first path parameter, or Notion's 400/404. */
export function databaseOf({ store, workspace, params }: RequestContext): DatabaseRecord {
  const id = normalizeId(params[0]);
  if (!id) {
    throw validation(
      `path failed validation: path.database_id should be a valid uuid, instead was \`"${params[0]}"\`.`,
    );
  }
  const db = store.database(workspace.id, id);
  if (!db) throw notFound('database', id);
  return db;
}

export const retrieveDatabase: Handler = (ctx) => ({ body: renderDatabase(databaseOf(ctx)) });

function updateOptions(ctx: RequestContext, db: DatabaseRecord, schema: PropertySchema, sent: unknown, path: string) {
  if (!isObject(sent) || !Array.isArray(sent.options)) return;
  const current = (schema.config.options ?? []) as SelectOption[];
  const kept: SelectOption[] = [];
  for (const [index, raw] of sent.options.entries()) {
    if (!isObject(raw)) throw validation(`body failed validation: ${path}.options[${index}] should be an object.`);
    const existing = current.find((o) => (raw.id !== undefined ? o.id === raw.id : o.name === raw.name));
    if (existing) {
      if (typeof raw.color === 'string' && raw.color !== existing.color) {
        throw validation(`Cannot update color of select with name: ${existing.name}.`);
      }
      kept.push(existing);
    } else if (typeof raw.name === 'string' && raw.name.trim() !== '' && raw.id === undefined) {
      if (raw.name.includes(',')) throw validation(`Invalid select option, commas not allowed: ${raw.name}`);
      kept.push({ id: newId(), name: raw.name.trim(), color: String(raw.color ?? 'default'), description: null });
    } else {
      throw validation(`body failed validation: ${path}.options[${index}] names no existing option.`);
    }
  }
  const keptIds = new Set(kept.map((o) => o.id));
  schema.config = { ...schema.config, options: kept };
  for (const page of ctx.store.pagesOf(db.id)) {
    const value = page.values[schema.id];
    if (Array.isArray(value)) page.values[schema.id] = (value as string[]).filter((id) => keptIds.has(id));
    else if (typeof value === 'string' && !keptIds.has(value)) page.values[schema.id] = null;
  }
}

function updateProperty(ctx: RequestContext, db: DatabaseRecord, key: string, change: unknown) {
  const path = `body.properties.${key}`;
  const schema = findProperty(db, key);
  if (change === null) {
    if (!schema) throw validation(`Could not find property with name or id: ${key}`);
    if (schema.type === 'title') throw validation('Cannot delete the title property of a database.');
    delete db.properties[schema.id];
    for (const page of ctx.store.pagesOf(db.id)) delete page.values[schema.id];
    return;
  }
  if (!isObject(change)) throw validation(`body failed validation: ${path} should be an object or \`null\`.`);
  const typeKeys = Object.keys(change).filter((k) => k !== 'name' && k !== 'description' && k !== 'type');
  if (typeKeys.length > 1) throw validation(`body failed validation: ${path} should name one property type.`);
  const type = typeKeys[0];
  const name = typeof change.name === 'string' ? change.name.trim() : undefined;
  if (name !== undefined) {
    const clash = Object.values(db.properties).find((p) => p.name === name && p !== schema);
    if (clash || name === '') throw validation(`${path}.name: a property named "${name}" already exists.`);
  }
  if (!schema) {
    if (!type) throw validation(`Could not find property with name or id: ${key}`);
    if (type === 'title') throw validation('A database can only have one title property.');
    const id = propertyId(`${db.id}:${newId()}`);
    const config = isObject(change[type]) ? (change[type] as Record<string, unknown>) : {};
    db.properties[id] = { id, name: name ?? key, type, config: { ...config } };
    if (OPTION_TYPES.has(type)) {
      db.properties[id].config = { options: [] };
      updateOptions(ctx, db, db.properties[id], config, `${path}.${type}`);
    }
    return;
  }
  if (name !== undefined) schema.name = name;
  if (!type) return;
  if (type === schema.type) {
    if (type === 'status' && isObject(change.status) && 'options' in change.status) {
      throw validation('Cannot update status options through the API.');
    }
    if (OPTION_TYPES.has(type)) updateOptions(ctx, db, schema, change[type], `${path}.${type}`);
    return;
  }
  if (schema.type === 'title' || type === 'title') throw validation('Cannot change the type of the title property.');
  schema.type = type;
  schema.config = OPTION_TYPES.has(type) ? { options: [] } : {};
  for (const page of ctx.store.pagesOf(db.id)) delete page.values[schema.id];
}

export const updateDatabase: Handler = (ctx) => {
  const db = databaseOf(ctx);
  const { body } = ctx;
  // Work on a copy of the schema so a refused change leaves the database untouched.
  const draft: DatabaseRecord = structuredClone(db);
  const pagesBefore = structuredClone(ctx.store.pagesOf(db.id));
  try {
    if (body.title !== undefined) draft.title = richText(body.title, 'body.title');
    if (body.description !== undefined) draft.description = richText(body.description, 'body.description');
    if (body.icon !== undefined) draft.icon = body.icon;
    if (body.cover !== undefined) draft.cover = body.cover;
    if (typeof body.archived === 'boolean') draft.archived = body.archived;
    if (typeof body.is_inline === 'boolean') draft.is_inline = body.is_inline;
    if (body.properties !== undefined) {
      if (!isObject(body.properties)) throw validation('body failed validation: body.properties should be an object.');
      for (const [key, change] of Object.entries(body.properties)) updateProperty(ctx, draft, key, change);
    }
  } catch (error) {
    for (const before of pagesBefore) Object.assign(ctx.store.page(db.workspaceId, before.id)!, before);
    throw error;
  }
  Object.assign(db, draft, { last_edited_time: notionNow(), last_edited_by: ctx.workspace.botId });
  return { body: renderDatabase(db), changed: true };
};

export const queryDatabase: Handler = (ctx) => {
  const db = databaseOf(ctx);
  const request = pageRequest(ctx.body, 'body');
  const matches = buildFilter(db, ctx.body.filter);
  const compare = buildSort(db, ctx.body.sorts);
  const archived = ctx.body.archived === true;
  const rows = ctx.store
    .pagesOf(db.id)
    .filter((page) => page.archived === archived && matches(page))
    .sort(compare);
  const page = paginate(rows, request, (row) => row.id);
  const renderer = new PageRenderer(ctx.store, db);
  const only = filterProperties(ctx.query);
  return {
    body: {
      object: 'list',
      results: page.results.map((row) => renderer.page(row, only)),
      next_cursor: page.next_cursor,
      has_more: page.has_more,
      type: 'page_or_database',
      page_or_database: {},
    },
  };
};
