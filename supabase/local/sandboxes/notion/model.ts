/**
 * The sandbox's state, as plain JSON (persisted as is): workspaces with their integration
 * tokens, users, databases (containers, as in Notion since 2025-09-03), their data sources
 * (schemas) and the data sources' pages (stored property values).
 *
 * Stored values are the write side of each type, resolved: option ids for selects, user ids
 * for people, page ids for relations. The read shapes (with option names, users, the 25
 * reference cap, computed formula/rollup/timestamp values) are built per request (render.ts),
 * so an option renamed or removed in the schema shows up everywhere at once, as in Notion.
 */

export interface RichText {
  type: 'text';
  text: { content: string; link: { url: string } | null };
  annotations: {
    bold: boolean;
    italic: boolean;
    strikethrough: boolean;
    underline: boolean;
    code: boolean;
    color: string;
  };
  plain_text: string;
  href: string | null;
}

export interface SelectOption {
  id: string;
  name: string;
  color: string;
  description?: string | null;
}

export interface PropertySchema {
  id: string;
  name: string;
  type: string;
  description?: string;
  /** The type's configuration (`{}`, `{format}`, `{options}`, `{database_id, …}`, …). */
  config: Record<string, unknown>;
}

/** A database: the container of one or more data sources (title, icon, where it lives). */
export interface DatabaseRecord {
  id: string;
  workspaceId: string;
  title: RichText[];
  description: RichText[];
  icon: unknown;
  cover: unknown;
  created_time: string;
  last_edited_time: string;
  created_by: string;
  last_edited_by: string;
  /** In the trash (answered as `in_trash`, and as `archived` before 2026-03-11). */
  archived: boolean;
  is_inline: boolean;
}

/** A data source of a database: its own name, schema and pages. */
export interface DataSourceRecord {
  id: string;
  databaseId: string;
  workspaceId: string;
  /** The data source's name. */
  title: RichText[];
  description: RichText[];
  /** Property id → schema; insertion order is the property order. A relation's config names
   * its target by `database_id` and `data_source_id`. */
  properties: Record<string, PropertySchema>;
  created_time: string;
  last_edited_time: string;
  created_by: string;
  last_edited_by: string;
  archived: boolean;
  /** The next unique_id number handed out. */
  nextUniqueId: number;
}

export interface FileValue {
  name: string;
  type: 'external' | 'file';
  external?: { url: string };
  file?: { url: string };
}

export type StoredValue =
  | RichText[]
  | string
  | string[]
  | number
  | boolean
  | null
  | FileValue[]
  | { start: string; end: string | null; time_zone: string | null };

export interface PageRecord {
  id: string;
  workspaceId: string;
  dataSourceId: string;
  /** Property id → stored value (computed types are absent). */
  values: Record<string, StoredValue>;
  icon: unknown;
  cover: unknown;
  archived: boolean;
  uniqueNumber: number;
  created_time: string;
  last_edited_time: string;
  created_by: string;
  last_edited_by: string;
}

/** The block types the sandbox stores as page content (see routes-blocks.ts). */
export const BLOCK_TYPES = ['paragraph', 'heading_3', 'quote', 'callout'] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

/** A content block, a direct child of a page (the sandbox does not nest blocks). */
export interface BlockRecord {
  id: string;
  workspaceId: string;
  /** The page the block belongs to. */
  pageId: string;
  type: BlockType;
  rich_text: RichText[];
  color: string;
  /** A callout's icon (`{type: 'emoji', emoji}`), null for other types. */
  icon: unknown;
  created_time: string;
  last_edited_time: string;
  created_by: string;
  last_edited_by: string;
}

export interface UserRecord {
  id: string;
  workspaceId: string;
  type: 'person' | 'bot';
  name: string;
  avatar_url: string | null;
  email?: string;
}

export interface WorkspaceRecord {
  id: string;
  name: string;
  /** The integration's bot user, the one `users/me` answers. */
  botId: string;
  /** Integration tokens of this workspace (`ntn_…` or `secret_…`, 50 characters). */
  tokens: string[];
}

export interface NotionState {
  version: 2;
  workspaces: WorkspaceRecord[];
  users: UserRecord[];
  databases: DatabaseRecord[];
  dataSources: DataSourceRecord[];
  pages: PageRecord[];
  /** Page content, in page order (absent in states saved before blocks were emulated). */
  blocks?: BlockRecord[];
}

/** The 50-character token shapes Notion issues (legacy `secret_`, current `ntn_`). */
export const TOKEN_PATTERN = /^(?:secret_[A-Za-z0-9]{43}|ntn_[0-9]{11}[A-Za-z0-9]{35})$/;

export const plainRichText = (content: string, link: string | null = null): RichText => ({
  type: 'text',
  text: { content, link: link ? { url: link } : null },
  annotations: { bold: false, italic: false, strikethrough: false, underline: false, code: false, color: 'default' },
  plain_text: content,
  href: link,
});

export const plainText = (value: RichText[]): string => value.map((item) => item.plain_text).join('');
