/**
 * Read shapes, per API version (versions.ts): users, database objects (2022-06-28: the
 * database with its one data source's schema; later: the container listing `data_sources`),
 * data source objects with every property type's schema, page objects with every property
 * value, and property items.
 *
 * What must stay true:
 * - page objects carry at most 25 references per relation (with `has_more: true` beyond) and
 *   at most 25 people per people property — the rest is read through the property-item
 *   endpoint, as in Notion;
 * - computed values (formula, rollup, created/last edited time and by, unique_id) are worked
 *   out on each read from the stored values, so they follow writes.
 */
import type { NotionStore } from './store.ts';
import { dashless } from './ids.ts';
import type {
  DatabaseRecord,
  DataSourceRecord,
  FileValue,
  PageRecord,
  PropertySchema,
  RichText,
  UserRecord,
} from './model.ts';
import { plainRichText, plainText } from './model.ts';
import { type ApiVersion, isLegacy, trashFields } from './versions.ts';

export const REFERENCE_CAP = 25;
const FILE_URL_LIFETIME_MS = 60 * 60 * 1000;

export function renderUser(user: UserRecord, workspaceName?: string): Record<string, unknown> {
  const base = { object: 'user', id: user.id, name: user.name, avatar_url: user.avatar_url };
  if (user.type === 'person') return { ...base, type: 'person', person: user.email ? { email: user.email } : {} };
  const bot: Record<string, unknown> = { owner: { type: 'workspace', workspace: true } };
  if (workspaceName !== undefined) bot.workspace_name = workspaceName;
  return { ...base, type: 'bot', bot };
}

const partialUser = (id: string) => ({ object: 'user', id });

/** A relation's config names its target data source from 2025-09-03 on, its database only before. */
function schemaConfig(schema: PropertySchema, version: ApiVersion): Record<string, unknown> {
  if (schema.type !== 'relation' || !isLegacy(version)) return schema.config;
  const { data_source_id: _dataSource, ...config } = schema.config;
  return config;
}

function renderSchema(source: DataSourceRecord, version: ApiVersion): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const schema of Object.values(source.properties)) {
    properties[schema.name] = {
      id: schema.id,
      name: schema.name,
      type: schema.type,
      ...(schema.description !== undefined ? { description: schema.description } : {}),
      [schema.type]: schemaConfig(schema, version),
    };
  }
  return properties;
}

const WORKSPACE_PARENT = { type: 'workspace', workspace: true };

/**
 * A database. 2022-06-28: with `properties`, those of `single` (its one data source; the
 * caller refuses a multi-source database first). Later versions: the container, listing its
 * `data_sources` by id and name.
 */
export function renderDatabase(
  db: DatabaseRecord,
  sources: DataSourceRecord[],
  version: ApiVersion,
): Record<string, unknown> {
  const common = {
    object: 'database',
    id: db.id,
    cover: db.cover,
    icon: db.icon,
    created_time: db.created_time,
    created_by: partialUser(db.created_by),
    last_edited_by: partialUser(db.last_edited_by),
    last_edited_time: db.last_edited_time,
    title: db.title,
    description: db.description,
    is_inline: db.is_inline,
  };
  const place = {
    parent: WORKSPACE_PARENT,
    url: `https://www.notion.so/${dashless(db.id)}`,
    public_url: null,
    ...trashFields(version, db.archived),
  };
  if (isLegacy(version)) return { ...common, properties: renderSchema(sources[0], version), ...place };
  const dataSources = sources.map((source) => ({ id: source.id, name: plainText(source.title) }));
  return { ...common, is_locked: false, data_sources: dataSources, ...place };
}

/** A data source (2025-09-03 on): its schema, its database as parent and that database's parent. */
export function renderDataSource(
  source: DataSourceRecord,
  db: DatabaseRecord,
  version: ApiVersion,
): Record<string, unknown> {
  return {
    object: 'data_source',
    id: source.id,
    cover: db.cover,
    icon: db.icon,
    created_time: source.created_time,
    created_by: partialUser(source.created_by),
    last_edited_by: partialUser(source.last_edited_by),
    last_edited_time: source.last_edited_time,
    title: source.title,
    description: source.description,
    is_inline: db.is_inline,
    properties: renderSchema(source, version),
    parent: { type: 'database_id', database_id: db.id },
    database_parent: WORKSPACE_PARENT,
    url: `https://www.notion.so/${dashless(db.id)}`,
    public_url: null,
    ...trashFields(version, source.archived),
  };
}

const optionsOf = (schema: PropertySchema) => (schema.config.options ?? []) as { id: string }[];

function renderFile(file: FileValue): Record<string, unknown> {
  if (file.type === 'external') return { name: file.name, type: 'external', external: file.external };
  const expiry = new Date(Date.now() + FILE_URL_LIFETIME_MS).toISOString();
  return { name: file.name, type: 'file', file: { url: file.file!.url, expiry_time: expiry } };
}

/** The value part of one property (without `id`/`type`), uncapped: `cap` limits references. */
export class PageRenderer {
  constructor(
    private readonly store: NotionStore,
    private readonly db: DataSourceRecord,
    private readonly version: ApiVersion,
  ) {}

  value(page: PageRecord, schema: PropertySchema, cap = REFERENCE_CAP): Record<string, unknown> {
    const stored = page.values[schema.id];
    switch (schema.type) {
      case 'title':
      case 'rich_text':
        return { [schema.type]: (stored as RichText[] | undefined) ?? [] };
      case 'number':
      case 'url':
      case 'email':
      case 'phone_number':
        return { [schema.type]: stored ?? null };
      case 'checkbox':
        return { checkbox: stored === true };
      case 'select':
      case 'status':
        return { [schema.type]: optionsOf(schema).find((option) => option.id === stored) ?? null };
      case 'multi_select': {
        const ids = (stored as string[] | undefined) ?? [];
        return { multi_select: ids.map((id) => optionsOf(schema).find((o) => o.id === id)).filter(Boolean) };
      }
      case 'date':
        return { date: stored ?? null };
      case 'people': {
        const ids = ((stored as string[] | undefined) ?? []).slice(0, cap);
        const users = ids.map((id) => this.store.user(page.workspaceId, id));
        return { people: users.filter((u): u is UserRecord => u !== undefined).map((u) => renderUser(u)) };
      }
      case 'files':
        return { files: ((stored as FileValue[] | undefined) ?? []).map(renderFile) };
      case 'relation': {
        const ids = (stored as string[] | undefined) ?? [];
        return { relation: ids.slice(0, cap).map((id) => ({ id })), has_more: ids.length > cap };
      }
      case 'formula':
        return { formula: this.formula(page, schema) };
      case 'rollup':
        return { rollup: this.rollup(page, schema) };
      case 'created_time':
        return { created_time: page.created_time };
      case 'last_edited_time':
        return { last_edited_time: page.last_edited_time };
      case 'created_by':
        return { created_by: this.userOrPartial(page, page.created_by) };
      case 'last_edited_by':
        return { last_edited_by: this.userOrPartial(page, page.last_edited_by) };
      case 'unique_id':
        return { unique_id: { prefix: schema.config.prefix ?? null, number: page.uniqueNumber } };
      case 'button':
        return { button: {} };
      default:
        return { [schema.type]: null };
    }
  }

  properties(page: PageRecord, only?: Set<string>): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    for (const schema of Object.values(this.db.properties)) {
      if (only && !only.has(schema.id)) continue;
      result[schema.name] = { id: schema.id, type: schema.type, ...this.value(page, schema) };
    }
    return result;
  }

  page(page: PageRecord, only?: Set<string>): Record<string, unknown> {
    return {
      object: 'page',
      id: page.id,
      created_time: page.created_time,
      last_edited_time: page.last_edited_time,
      created_by: partialUser(page.created_by),
      last_edited_by: partialUser(page.last_edited_by),
      cover: page.cover,
      icon: page.icon,
      parent: isLegacy(this.version)
        ? { type: 'database_id', database_id: this.db.databaseId }
        : { type: 'data_source_id', data_source_id: this.db.id, database_id: this.db.databaseId },
      ...trashFields(this.version, page.archived),
      properties: this.properties(page, only),
      url: `https://www.notion.so/${slug(this.titleOf(page))}${dashless(page.id)}`,
      public_url: null,
    };
  }

  titleOf(page: PageRecord): string {
    const title = Object.values(this.db.properties).find((schema) => schema.type === 'title');
    return title ? plainText((page.values[title.id] as RichText[] | undefined) ?? []) : '';
  }

  private userOrPartial(page: PageRecord, id: string): Record<string, unknown> {
    const user = this.store.user(page.workspaceId, id);
    return user ? renderUser(user) : partialUser(id);
  }

  /**
   * Formulas the seed uses: `prop("Name")` (the property's text) and `length(prop("Name"))`
   * (its length); anything else evaluates to an empty string.
   */
  private formula(page: PageRecord, schema: PropertySchema): Record<string, unknown> {
    const expression = String(schema.config.expression ?? '');
    const match = /^(length\()?prop\("([^"]+)"\)\)?$/.exec(expression);
    const source = match && Object.values(this.db.properties).find((p) => p.name === match[2]);
    const text = source ? textOf(page.values[source.id]) : '';
    if (match?.[1]) return { type: 'number', number: text.length };
    return { type: 'string', string: text };
  }

  /** Rollups over a relation: `count`/`count_all` (related pages) and `show_original` titles. */
  private rollup(page: PageRecord, schema: PropertySchema): Record<string, unknown> {
    const fn = String(schema.config.function ?? 'count');
    const relationId = String(schema.config.relation_property_id ?? '');
    const related = (page.values[relationId] as string[] | undefined) ?? [];
    if (fn === 'show_original') {
      const titles = related.slice(0, REFERENCE_CAP).map((id) => {
        const target = this.store.page(page.workspaceId, id);
        const targetSource = target && this.store.dataSource(page.workspaceId, target.dataSourceId);
        const title =
          target && targetSource ? new PageRenderer(this.store, targetSource, this.version).titleOf(target) : '';
        return { type: 'title', title: [plainRichText(title)] };
      });
      return { type: 'array', array: titles, function: fn };
    }
    return { type: 'number', number: related.length, function: fn };
  }
}

function textOf(value: unknown): string {
  if (Array.isArray(value)) return plainText(value as RichText[]);
  return value === null || value === undefined ? '' : String(value);
}

const slug = (title: string) => {
  const words = title.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '');
  return words ? `${words}-` : '';
};
