/**
 * Everything Sidenote keeps in this browser, read for /cache-debug: each Dexie table with its
 * row count and approximate size (the length of its rows as JSON), each keyed cache entry's
 * age against its TTL, visited pages (the page snapshots, with their titles), the data sources'
 * schemas and related titles; and the whole of
 * it — tables, localStorage, storage figures, service worker — as one JSON document for a
 * support ticket, passed through `redactSecrets` so no key or token leaves in it.
 */
import { cacheFreshness, type Freshness } from '../../domain/debug/cacheFreshness.ts';
import { redactSecrets } from '../../domain/debug/redactSecrets.ts';
import { titleText } from '../../domain/notion/valueText.ts';
import { db as defaultDb, type SidenoteDatabase } from '../db/schema.ts';
import { browserState, type BrowserState } from './browserState.ts';
import { entryLifetime, TABLE_LIFETIMES } from './cacheLifetimes.ts';

export interface TableFigures {
  name: string;
  rows: number;
  /** Characters of the rows as JSON: an approximation of the bytes they take. */
  approxBytes: number;
}

export interface AgedRow {
  /** The cache key, or the page or data source id. */
  name: string;
  /** A page's title, when known. */
  title?: string;
  ageMs: number;
  ttlMs?: number;
  /** Absent: kept until replaced, no TTL. */
  freshness?: Freshness;
}

export interface LocalState {
  tables: TableFigures[];
  entries: AgedRow[];
  visitedPages: AgedRow[];
  /** The data sources' property schemas, by data source id. */
  schemas: AgedRow[];
  relatedTitles: AgedRow[];
}

const jsonLength = (value: unknown): number => JSON.stringify(value)?.length ?? 0;

function aged(name: string, at: number, now: number, lifetime = entryLifetime(name), title?: string): AgedRow {
  return {
    name,
    title,
    ageMs: now - at,
    ttlMs: lifetime?.ttlMs,
    freshness: lifetime ? cacheFreshness(at, now, lifetime) : undefined,
  };
}

export async function readLocalState(database: SidenoteDatabase = defaultDb, now = Date.now()): Promise<LocalState> {
  const tables = await Promise.all(
    database.tables.map(async (table) => {
      const rows: unknown[] = await table.toArray();
      return { name: table.name, rows: rows.length, approxBytes: rows.reduce<number>((n, r) => n + jsonLength(r), 0) };
    }),
  );
  const entries = (await database.cache.toArray()).map((entry) => aged(entry.key, entry.cachedAt, now));
  const visitedPages = (await database.pageSnapshots.toArray()).map((page) =>
    aged(page.pageId, page.fetchedAt ?? page.updatedAt, now, undefined, titleText(page.properties) || undefined),
  );
  const schemas = (await database.dataSourceSchemas.toArray()).map((schema) =>
    aged(schema.dataSourceId, schema.fetchedAt, now, TABLE_LIFETIMES.dataSourceSchemas),
  );
  const relatedTitles = (await database.pageTitles.toArray()).map((row) =>
    aged(row.pageId, row.fetchedAt, now, TABLE_LIFETIMES.pageTitles, row.title),
  );
  return { tables, entries, visitedPages, schemas, relatedTitles };
}

/** Every row of every table, localStorage and the browser's figures, redacted, as pretty JSON. */
export async function exportLocalState(database: SidenoteDatabase = defaultDb, now = Date.now()): Promise<string> {
  const tables = Object.fromEntries(
    await Promise.all(database.tables.map(async (table) => [table.name, await table.toArray()] as const)),
  );
  const localStorageItems = Object.fromEntries(
    Object.keys(localStorage).map((key) => [key, localStorage.getItem(key)] as const),
  );
  const browser: BrowserState = await browserState();
  const document = {
    exportedAt: new Date(now).toISOString(),
    app: { url: location.origin, userAgent: navigator.userAgent },
    indexedDb: { name: database.name, version: database.verno, tables },
    localStorage: localStorageItems,
    browser,
  };
  return JSON.stringify(redactSecrets(document), null, 2);
}

/** One outbox's entries (already read by the screen), redacted, as pretty JSON. */
export const exportEntries = (entries: unknown[]): string => JSON.stringify(redactSecrets(entries), null, 2);
