/**
 * Everything Sidenote keeps in this browser, read for /cache-debug: each Dexie table with its
 * row count and approximate size (the length of its rows as JSON), each keyed cache entry's
 * age against its TTL, visited pages (the page snapshots, with their titles), the data sources'
 * schemas and related titles; and the whole of
 * it — tables, localStorage, storage figures, service worker — as one JSON document for a
 * support ticket, passed through `redactSecrets` so no key or token leaves in it.
 *
 * What must stay true: the screen and the document hold the signed-in account's rows only (and
 * rows of no account), by one rule (`ownRows`): the other accounts' unsent edits, the snapshots
 * of their pages and their related titles stay in this browser (schema.ts) but are neither shown
 * nor exported; both say how many of their rows each table left out.
 */
import { cacheFreshness, type Freshness } from '../../domain/debug/cacheFreshness.ts';
import { redactSecrets } from '../../domain/debug/redactSecrets.ts';
import { titleText } from '../../domain/notion/valueText.ts';
import { db as defaultDb, type SidenoteDatabase } from '../db/schema.ts';
import { browserState, type BrowserState } from './browserState.ts';
import { entryLifetime, TABLE_LIFETIMES } from './cacheLifetimes.ts';

export interface TableFigures {
  name: string;
  /** The signed-in account's rows and nobody's. */
  rows: number;
  /** Characters of those rows as JSON: an approximation of the bytes they take. */
  approxBytes: number;
  /** Rows of other accounts kept in this browser: counted, never shown. */
  otherAccountsRows: number;
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

interface OwnedRow {
  authId?: unknown;
  value?: unknown;
}

/** Whose a row is: its `authId`, or a cache entry's value's (the wizard, the active setting…); else nobody's. */
const ownerOf = (row: OwnedRow): unknown => row.authId ?? (row.value as OwnedRow | null | undefined)?.authId;

/** The rows of `authId` and of nobody, and how many of other accounts were left out. */
function ownRows<Row extends OwnedRow>(rows: Row[], authId: string | undefined): { kept: Row[]; leftOut: number } {
  const kept = rows.filter((row) => {
    const owner = ownerOf(row);
    return owner === undefined || owner === authId;
  });
  return { kept, leftOut: rows.length - kept.length };
}

/** What /cache-debug shows of `authId`'s local state (another account's rows are only counted). */
export async function readLocalState(
  authId: string | undefined,
  database: SidenoteDatabase = defaultDb,
  now = Date.now(),
): Promise<LocalState> {
  const tables = await Promise.all(
    database.tables.map(async (table) => {
      const { kept, leftOut } = ownRows<OwnedRow>(await table.toArray(), authId);
      const approxBytes = kept.reduce<number>((n, r) => n + jsonLength(r), 0);
      return { name: table.name, rows: kept.length, approxBytes, otherAccountsRows: leftOut };
    }),
  );
  const own = async <Row extends OwnedRow>(rows: Promise<Row[]>) => ownRows(await rows, authId).kept;
  const entries = (await own(database.cache.toArray())).map((entry) => aged(entry.key, entry.cachedAt, now));
  const visitedPages = (await own(database.pageSnapshots.toArray())).map((page) =>
    aged(page.pageId, page.fetchedAt ?? page.updatedAt, now, undefined, titleText(page.properties) || undefined),
  );
  const schemas = (await own(database.dataSourceSchemas.toArray())).map((schema) =>
    aged(schema.dataSourceId, schema.fetchedAt, now, TABLE_LIFETIMES.dataSourceSchemas),
  );
  const relatedTitles = (await own(database.pageTitles.toArray())).map((row) =>
    aged(row.pageId, row.fetchedAt, now, TABLE_LIFETIMES.pageTitles, row.title),
  );
  return { tables, entries, visitedPages, schemas, relatedTitles };
}

/**
 * Every row of every table that is `authId`'s or nobody's, localStorage and the browser's
 * figures, redacted, as pretty JSON.
 */
export async function exportLocalState(
  authId: string | undefined,
  database: SidenoteDatabase = defaultDb,
  now = Date.now(),
): Promise<string> {
  const read = await Promise.all(
    database.tables.map(async (table) => ({ name: table.name, ...ownRows<OwnedRow>(await table.toArray(), authId) })),
  );
  const localStorageItems = Object.fromEntries(
    Object.keys(localStorage).map((key) => [key, localStorage.getItem(key)] as const),
  );
  const browser: BrowserState = await browserState();
  const document = {
    exportedAt: new Date(now).toISOString(),
    app: { url: location.origin, userAgent: navigator.userAgent },
    indexedDb: {
      name: database.name,
      version: database.verno,
      tables: Object.fromEntries(read.map(({ name, kept }) => [name, kept])),
      otherAccountsRowsLeftOut: Object.fromEntries(read.map(({ name, leftOut }) => [name, leftOut])),
    },
    localStorage: localStorageItems,
    browser,
  };
  return JSON.stringify(redactSecrets(document), null, 2);
}

/** One outbox's entries (already read by the screen), redacted, as pretty JSON. */
export const exportEntries = (entries: unknown[]): string => JSON.stringify(redactSecrets(entries), null, 2);
