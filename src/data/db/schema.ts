/**
 * The app's one IndexedDB database (Dexie), the local truth screens read through live
 * queries (ARCHITECTURE §3). Refresh functions fetch from Supabase or Notion and write here
 * with a `fetchedAt`; screens re-render by themselves.
 *
 * What must stay true:
 * - one versioned class: a schema change is a new `version(n)` with an upgrade, never an edit
 *   of an old one;
 * - rows cached for a user carry `authId`, and everything is wiped on sign-in and sign-out
 *   (`clearLocalDatabase`), so one account never sees another's data — except unsent edits:
 *   the outbox (src/data/outbox) and the snapshots of the pages they edit stay, each row
 *   under its `authId`, until they reach Notion or their user discards them;
 * - no Notion key is stored here (issue 13: keys stay on the server); the active setting
 *   holds the server's mask only. Version 2 deleted the keys earlier versions cached.
 */
import Dexie, { type EntityTable } from 'dexie';
import type { NotionProperty } from '../notion/objects.ts';
import type { OutboxEntry, PageSnapshot } from '../outbox/entry.ts';
import type { Tables } from '../supabase/database.types.ts';

/** A settings row as cached: the columns the app reads, plus the cache fields. */
export type CachedSetting = Omit<Tables<'settings'>, 'display_config' | 'customize_help'> & {
  authId: string;
  fetchedAt: number;
};

/** A workspace as cached (never its key: the masked `notion_key` only). */
export interface CachedWorkspace {
  id: string;
  authId: string;
  notion_workspace_name: string | null;
  name: string | null;
  notion_key: string | null;
  health: string;
  created_at: string;
  fetchedAt: number;
}

/** A keyed cache entry (active setting, team, profile, wizard temporaries, debug flag). */
export interface CacheEntry<T = unknown> {
  key: string;
  value: T;
  cachedAt: number;
}

/** A data source's properties as Notion last described them (options and number formats included). */
export interface CachedDataSourceSchema {
  authId: string;
  workspaceId: string;
  dataSourceId: string;
  /** Notion's property objects, in Notion's order. */
  properties: NotionProperty[];
  fetchedAt: number;
}

/** A related page's title as last read, for relation lists (issue 17). */
export interface CachedPageTitle {
  authId: string;
  pageId: string;
  title: string;
  fetchedAt: number;
}

export class SidenoteDatabase extends Dexie {
  settings!: EntityTable<CachedSetting, 'id'>;
  workspaces!: EntityTable<CachedWorkspace, 'id'>;
  cache!: EntityTable<CacheEntry, 'key'>;
  outbox!: EntityTable<OutboxEntry, 'id'>;
  pageSnapshots!: Dexie.Table<PageSnapshot, [string, string]>;
  dataSourceSchemas!: Dexie.Table<CachedDataSourceSchema, [string, string]>;
  pageTitles!: Dexie.Table<CachedPageTitle, [string, string]>;

  constructor(name = 'sidenote') {
    // No query cache: live queries re-read IndexedDB whenever any context (another tab, the
    // worker) reports a change, instead of answering from a cache that change may not reach.
    super(name, { cache: 'disabled' });
    this.version(1).stores({
      settings: 'id, authId, [authId+created_at]',
      workspaces: 'id, authId, [authId+created_at]',
      cache: 'key',
    });
    // Notion keys leave the browser: drop every cache entry that held one (the active setting,
    // which is then restored from the profile with the key's mask instead).
    this.version(2).upgrade((tx) =>
      tx
        .table<CacheEntry, string>('cache')
        .filter((entry) => holdsNotionKey(entry.value))
        .delete(),
    );
    // The outbox of Notion property writes, and the local copy of the pages they edit.
    this.version(3).stores({
      outbox: '++id, [authId+state], [authId+pageId]',
      pageSnapshots: '[authId+pageId], authId',
    });
    this.version(4).stores({ dataSourceSchemas: '[authId+dataSourceId]', pageTitles: '[authId+pageId]' });
  }
}

/** Whether a cached value carries a `notionKey` (what version 1's active setting stored). */
function holdsNotionKey(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'notionKey' in value;
}

export const db = new SidenoteDatabase();

/**
 * Wipes every cache (sign-in, sign-out); keeps every user's unsent edits: the outbox and the
 * snapshots of the pages it still has entries for.
 */
export async function clearLocalDatabase(database: SidenoteDatabase = db): Promise<void> {
  const tables = [
    database.settings,
    database.workspaces,
    database.cache,
    database.outbox,
    database.pageSnapshots,
    database.dataSourceSchemas,
    database.pageTitles,
  ];
  await database.transaction('rw', tables, async () => {
    const unsent = new Set((await database.outbox.toArray()).map((entry) => `${entry.authId} ${entry.pageId}`));
    await Promise.all([
      database.settings.clear(),
      database.workspaces.clear(),
      database.cache.clear(),
      database.dataSourceSchemas.clear(),
      database.pageTitles.clear(),
      database.pageSnapshots.filter((snapshot) => !unsent.has(`${snapshot.authId} ${snapshot.pageId}`)).delete(),
    ]);
  });
}
