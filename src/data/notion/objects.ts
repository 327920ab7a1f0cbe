/**
 * Notion's objects as the app reads them (API 2026-03-11: databases are containers of data
 * sources), and the few helpers that turn Notion's raw answers into them. The client
 * (client.ts) returns these; screens and codecs import them from here.
 */
export interface NotionBot {
  id: string;
  name: string;
  workspaceName: string;
}

/** A data source as search lists it: its title, its database (container) and its schema. */
export interface NotionDataSourceItem {
  id: string;
  title: string;
  icon: string | null;
  url: string;
  created_time: string;
  last_edited_time: string;
  /** The database that contains it. */
  databaseId: string;
}

export interface NotionProperty {
  id: string;
  name: string;
  type: string;
  /** A relation's target, as its schema names it (the data source is the one to query and write). */
  relation?: { data_source_id?: string; database_id?: string };
}

export interface NotionDataSourceDetails extends NotionDataSourceItem {
  properties: NotionProperty[];
}

/** A workspace member as GET users lists it (a person or a bot). */
export interface NotionUser {
  id: string;
  type?: string;
  name?: string | null;
  avatar_url?: string | null;
}

/** A database: a container of one or more data sources (API 2025-09-03 on). */
export interface NotionDatabase {
  id: string;
  title: string;
  icon: string | null;
  url: string;
  dataSources: { id: string; name: string }[];
}

/** A page as the API returns it (the parts capture reads). */
export interface NotionPage {
  id: string;
  url?: string;
  icon?: RawIcon;
  /** Where the page lives: a data source (2026-03-11), a page, the workspace. */
  parent?: { type?: string; data_source_id?: string; database_id?: string };
  /** In Notion's trash (archived). */
  in_trash?: boolean;
  properties: Record<string, { id: string; type: string; [value: string]: unknown }>;
}

/** One item of a paginated property value (`{object: 'property_item', type, relation: {id}}`…). */
export type PropertyItem = { id: string; type: string; [value: string]: unknown };

/** What PATCH pages/{id} changes: property values and/or whether the page is in the trash. */
export interface NotionPagePatch {
  properties?: Record<string, unknown>;
  in_trash?: boolean;
}

/** One page of a data source query, as Notion answers it. */
export interface NotionQueryPage {
  results: NotionPage[];
  has_more: boolean;
  next_cursor: string | null;
}

export type RawIcon = { type: string; emoji?: string; external?: { url: string }; file?: { url: string } } | null;

export interface RawDataSource {
  id: string;
  title?: { plain_text?: string }[];
  icon?: RawIcon;
  url?: string;
  created_time?: string;
  last_edited_time?: string;
  parent?: { type?: string; database_id?: string };
  properties?: Record<string, NotionProperty>;
}

export interface RawDatabase {
  id: string;
  title?: { plain_text?: string }[];
  icon?: RawIcon;
  url?: string;
  data_sources?: { id: string; name?: string }[];
}

/** An icon as one string: the emoji, or the image's URL (external or Notion-hosted). */
export const iconOf = (icon: RawIcon | undefined): string | null =>
  !icon ? null : (icon.emoji ?? icon.external?.url ?? icon.file?.url ?? null);

export const plainTitle = (title: { plain_text?: string }[] | undefined) =>
  (title ?? []).map((part) => part.plain_text ?? '').join('');

export function dataSourceItem(raw: RawDataSource): NotionDataSourceItem {
  return {
    id: raw.id,
    title: plainTitle(raw.title),
    icon: iconOf(raw.icon),
    url: raw.url ?? '',
    created_time: raw.created_time ?? '',
    last_edited_time: raw.last_edited_time ?? '',
    databaseId: raw.parent?.database_id ?? '',
  };
}
