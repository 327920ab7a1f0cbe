/**
 * Schema changes of a data source (`PATCH /data_sources/{id}`, and `PATCH /databases/{id}` in
 * 2022-06-28 on a single-source database), following Notion's rules: `null` deletes a
 * property (never the title), `name` renames, a type key with a config changes or configures
 * it; for select and multi_select the `options` sent are the ones kept (by id or name) plus
 * new ones — an option left out is removed, from the schema and from every page's value.
 * Status options cannot be changed.
 *
 * What must stay true: a refused change leaves the schema and the pages untouched; a relation
 * stores its target as `database_id` and `data_source_id` whichever of them was sent (a
 * 2022-06-28 `database_id` naming a multi-source database is refused, as in Notion), and a
 * two-way one gives its target the reverse property (dual-relations.ts).
 */
import { isObject, type RequestContext } from './context.ts';
import { multipleDataSources, notFound, validation } from './errors.ts';
import { newId, normalizeId, propertyId } from './ids.ts';
import type { DataSourceRecord, PropertySchema, SelectOption } from './model.ts';
import { isLegacy } from './versions.ts';
import { newRelationConfig } from './dual-relations.ts';
import { findProperty } from './write-values.ts';

/** A relation's target data source, from the `data_source_id` or (2022-06-28) `database_id` sent. */
function relationTarget(ctx: RequestContext, sent: Record<string, unknown>, path: string): DataSourceRecord {
  const { store, workspace, version } = ctx;
  const named = isLegacy(version) ? sent.database_id : sent.data_source_id;
  const id = normalizeId(named);
  if (!id) {
    const key = isLegacy(version) ? 'database_id' : 'data_source_id';
    throw validation(
      `body failed validation: ${path}.${key} should be a valid uuid, instead was \`${JSON.stringify(named)}\`.`,
    );
  }
  if (isLegacy(version)) {
    const sources = store.dataSourcesOf(id).filter((source) => source.workspaceId === workspace.id);
    if (sources.length === 0) throw notFound('database', id);
    if (sources.length > 1) throw multipleDataSources();
    return sources[0];
  }
  const target = store.dataSource(workspace.id, id);
  if (!target) throw notFound('data_source', id);
  return target;
}

const OPTION_TYPES = new Set(['select', 'multi_select']);

function updateOptions(ctx: RequestContext, db: DataSourceRecord, schema: PropertySchema, sent: unknown, path: string) {
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

/** Reverse properties of new two-way relations, added to their targets once the whole change is kept. */
type Reverses = { target: DataSourceRecord; reverse: PropertySchema }[];

function updateProperty(ctx: RequestContext, db: DataSourceRecord, key: string, change: unknown, reverses: Reverses) {
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
    const sent = isObject(change[type]) ? (change[type] as Record<string, unknown>) : {};
    let config: Record<string, unknown> = { ...sent };
    if (type === 'relation') {
      const target = relationTarget(ctx, sent, `${path}.relation`);
      const made = newRelationConfig(sent, { source: db, id, name: name ?? key, target });
      config = made.config;
      if (made.reverse) reverses.push({ target, reverse: made.reverse });
    }
    db.properties[id] = { id, name: name ?? key, type, config };
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

/** Applies `body.properties` to `source` (all or nothing); throws Notion's error on the first refused change. */
export function updateSchema(ctx: RequestContext, source: DataSourceRecord, properties: unknown): void {
  if (!isObject(properties)) throw validation('body failed validation: body.properties should be an object.');
  const draft: DataSourceRecord = structuredClone(source);
  const pagesBefore = structuredClone(ctx.store.pagesOf(source.id));
  const reverses: Reverses = [];
  try {
    for (const [key, change] of Object.entries(properties)) updateProperty(ctx, draft, key, change, reverses);
  } catch (error) {
    for (const before of pagesBefore) Object.assign(ctx.store.page(source.workspaceId, before.id)!, before);
    throw error;
  }
  source.properties = draft.properties;
  for (const { target, reverse } of reverses) target.properties[reverse.id] = reverse;
}
