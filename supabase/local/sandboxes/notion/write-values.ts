/**
 * Page property writes (create and update): each value checked against its property's type and
 * Notion's request limits, then resolved to the stored form.
 *
 * What must stay true (reference/request-limits, page-property-values):
 * - a text object's content ≤ 2000 characters, its link ≤ 2000; rich-text, multi-select,
 *   relation, people and files arrays ≤ 100 items; url ≤ 2000; email and phone ≤ 200 —
 *   anything over is a 400 `validation_error` naming the path, as Notion words it;
 * - a select or multi-select option named but not in the schema is added to it (option
 *   names may not contain commas); status options cannot be created through the API;
 * - computed types (formula, rollup, created_*, last_edited_*, unique_id, button) are
 *   read-only; an unknown property name or id is refused;
 * - a 2022-06-28 relation write pointing at a database with several data sources fails, as
 *   Notion's upgrade guide says.
 */
import { multipleDataSources, validation, tooLong } from './errors.ts';
import { newId, normalizeId } from './ids.ts';
import type { DataSourceRecord, FileValue, PropertySchema, RichText, SelectOption, StoredValue } from './model.ts';
import { plainRichText } from './model.ts';
import type { NotionStore } from './store.ts';
import { type ApiVersion, isLegacy } from './versions.ts';

export const TEXT_MAX = 2000;
export const ARRAY_MAX = 100;
const URL_MAX = 2000;
const EMAIL_PHONE_MAX = 200;
const READ_ONLY = new Set([
  'formula',
  'rollup',
  'created_time',
  'created_by',
  'last_edited_time',
  'last_edited_by',
  'unique_id',
  'button',
]);
const OPTION_COLORS = ['default', 'gray', 'brown', 'orange', 'yellow', 'green', 'blue', 'purple', 'pink', 'red'];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const mismatch = (path: string, expected: string, value: unknown) =>
  validation(`body failed validation: ${path} should be ${expected}, instead was \`${JSON.stringify(value)}\`.`);

/** The property a write names, by name or by id. */
export function findProperty(db: DataSourceRecord, key: string): PropertySchema | undefined {
  return db.properties[key] ?? Object.values(db.properties).find((schema) => schema.name === key);
}

function arrayOf(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) throw mismatch(path, 'an array', value);
  if (value.length > ARRAY_MAX) throw tooLong(path, ARRAY_MAX, value.length);
  return value;
}

export function richText(value: unknown, path: string): RichText[] {
  return arrayOf(value, path).map((item, index) => {
    const at = `${path}[${index}]`;
    if (!isObject(item) || !isObject(item.text) || typeof item.text.content !== 'string') {
      throw mismatch(`${at}.text.content`, 'a string', isObject(item) ? item.text : item);
    }
    const content = item.text.content;
    if (content.length > TEXT_MAX) throw tooLong(`${at}.text.content`, TEXT_MAX, content.length);
    const link = isObject(item.text.link) && typeof item.text.link.url === 'string' ? item.text.link.url : null;
    if (link && link.length > TEXT_MAX) throw tooLong(`${at}.text.link.url`, TEXT_MAX, link.length);
    const base = plainRichText(content, link);
    const annotations = isObject(item.annotations) ? item.annotations : {};
    return { ...base, annotations: { ...base.annotations, ...annotations } } as RichText;
  });
}

function limitedString(value: unknown, path: string, max: number): string | null {
  if (value === null) return null;
  if (typeof value !== 'string') throw mismatch(path, 'a string or `null`', value);
  if (value.length > max) throw tooLong(path, max, value.length);
  return value;
}

function option(schema: PropertySchema, value: unknown, path: string, mayCreate: boolean): string {
  if (!isObject(value)) throw mismatch(path, 'an object with `name` or `id`', value);
  const options = (schema.config.options ??= []) as SelectOption[];
  if (typeof value.id === 'string') {
    const found = options.find((o) => o.id === value.id);
    if (!found) throw validation(`${path}.id: option \`${value.id}\` does not exist for ${schema.name}.`);
    return found.id;
  }
  if (typeof value.name !== 'string' || value.name.trim() === '')
    throw mismatch(`${path}.name`, 'a string', value.name);
  const name = value.name.trim();
  if (name.length > TEXT_MAX) throw tooLong(`${path}.name`, TEXT_MAX, name.length);
  const found = options.find((o) => o.name === name);
  if (found) return found.id;
  if (!mayCreate) throw validation(`Invalid status option. Status option "${name}" does not exist.`);
  if (name.includes(',')) throw validation(`Invalid select option, commas not allowed: ${name}`);
  const color = typeof value.color === 'string' && OPTION_COLORS.includes(value.color) ? value.color : randomColor();
  const created = { id: newId(), name, color, description: null };
  options.push(created);
  return created.id;
}

const randomColor = () => OPTION_COLORS[1 + Math.floor(Math.random() * (OPTION_COLORS.length - 1))];

function references(value: unknown, path: string, exists: (id: string) => boolean, kind: 'page' | 'user'): string[] {
  const ids = arrayOf(value, path).map((item, index) => {
    const id = isObject(item) ? normalizeId(item.id) : undefined;
    if (!id) throw mismatch(`${path}[${index}].id`, 'a valid uuid', isObject(item) ? item.id : item);
    if (!exists(id)) {
      throw validation(`${path}[${index}].id: ${kind} ${id} does not exist or is not shared with the integration.`);
    }
    return id;
  });
  return [...new Set(ids)];
}

function date(value: unknown, path: string): StoredValue {
  if (value === null) return null;
  if (!isObject(value) || typeof value.start !== 'string' || Number.isNaN(Date.parse(value.start))) {
    throw mismatch(`${path}.start`, 'an ISO 8601 date string', isObject(value) ? value.start : value);
  }
  const end = typeof value.end === 'string' ? value.end : null;
  if (end !== null && Number.isNaN(Date.parse(end))) throw mismatch(`${path}.end`, 'an ISO 8601 date string', end);
  return { start: value.start, end, time_zone: typeof value.time_zone === 'string' ? value.time_zone : null };
}

function files(value: unknown, path: string): FileValue[] {
  return arrayOf(value, path).map((item, index) => {
    const at = `${path}[${index}]`;
    if (!isObject(item)) throw mismatch(at, 'an object', item);
    const name = typeof item.name === 'string' ? item.name : '';
    if (name.length > 100) throw tooLong(`${at}.name`, 100, name.length);
    if (isObject(item.external) && typeof item.external.url === 'string') {
      limitedString(item.external.url, `${at}.external.url`, URL_MAX);
      return { name, type: 'external', external: { url: item.external.url } };
    }
    // An existing Notion-hosted file, sent back as read (the app keeps unchanged files).
    if (isObject(item.file) && typeof item.file.url === 'string') {
      return { name, type: 'file', file: { url: item.file.url } };
    }
    throw mismatch(`${at}.external`, 'an object with `url`', item.external);
  });
}

/** One property value in stored form. */
function storedValue(
  store: NotionStore,
  db: DataSourceRecord,
  schema: PropertySchema,
  raw: unknown,
  path: string,
  version: ApiVersion,
) {
  if (READ_ONLY.has(schema.type)) {
    throw validation(`${path}: ${schema.name} is a ${schema.type} property and cannot be written.`);
  }
  // Notion accepts the value keyed by type (`{rich_text: […]}`); the type key must match.
  if (!isObject(raw)) throw mismatch(path, 'an object', raw);
  const keys = Object.keys(raw).filter((k) => k !== 'type' && k !== 'id' && k !== 'name');
  if (keys.length !== 1 || keys[0] !== schema.type) {
    throw validation(`${path}.${schema.type} should be defined, instead was \`undefined\`.`);
  }
  const value = raw[schema.type];
  const at = `${path}.${schema.type}`;
  switch (schema.type) {
    case 'title':
    case 'rich_text':
      return richText(value, at);
    case 'number':
      if (value !== null && (typeof value !== 'number' || !Number.isFinite(value)))
        throw mismatch(at, 'a number', value);
      return value as number | null;
    case 'url':
      return limitedString(value, at, URL_MAX);
    case 'email':
    case 'phone_number':
      return limitedString(value, at, EMAIL_PHONE_MAX);
    case 'checkbox':
      if (typeof value !== 'boolean') throw mismatch(at, 'a boolean', value);
      return value;
    case 'select':
      return value === null ? null : option(schema, value, at, true);
    case 'status':
      return value === null ? null : option(schema, value, at, false);
    case 'multi_select':
      return [...new Set(arrayOf(value, at).map((item, i) => option(schema, item, `${at}[${i}]`, true)))];
    case 'date':
      return date(value, at);
    case 'people':
      return references(value, at, (id) => store.user(db.workspaceId, id) !== undefined, 'user');
    case 'relation':
      if (isLegacy(version) && store.dataSourcesOf(String(schema.config.database_id)).length > 1) {
        throw multipleDataSources();
      }
      return references(value, at, (id) => store.page(db.workspaceId, id) !== undefined, 'page');
    case 'files':
      return files(value, at);
    default:
      throw validation(`${path}: ${schema.type} properties cannot be written.`);
  }
}

/** The stored values of a write's `properties` object (the schema may gain options). */
export function resolveWrites(
  store: NotionStore,
  db: DataSourceRecord,
  properties: unknown,
  version: ApiVersion,
): Record<string, StoredValue> {
  if (properties === undefined) return {};
  if (!isObject(properties)) throw mismatch('body.properties', 'an object', properties);
  const result: Record<string, StoredValue> = {};
  for (const [key, raw] of Object.entries(properties)) {
    const schema = findProperty(db, key);
    if (!schema) throw validation(`${key} is not a property that exists.`);
    result[schema.id] = storedValue(store, db, schema, raw, `body.properties.${key}`, version);
  }
  return result;
}
