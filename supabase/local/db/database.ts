/**
 * One small interface over the two databases the local stack can run on: embedded PGlite
 * (default, data under `.local/pglite`) or a real PostgreSQL given by `DATABASE_URL`.
 *
 * What must stay true:
 * - every caller goes through `transaction()`; PGlite is a single connection, so transactions
 *   are serialised there, while PostgreSQL runs them concurrently from a pool;
 * - the session user is a superuser (it applies migrations); request code lowers its rights
 *   with `set local role` inside the transaction (see gateway/request-role.ts);
 * - errors keep Postgres' `code`, `message`, `detail` and `hint`, whatever the driver.
 */
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import pg from 'pg';

export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface SqlClient {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Runs a script of several statements (no parameters). */
  exec(sql: string): Promise<void>;
}

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  /** Runs a script of several statements as the superuser, outside any request. */
  exec(sql: string): Promise<void>;
  transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface PgliteDatabase extends Database {
  /** The whole database as a tarball, for `openPglite`'s `from`. */
  dump(): Promise<Blob>;
}

/** Postgres error fields, as both drivers report them. */
export interface PgError extends Error {
  code?: string;
  detail?: string;
  hint?: string;
}

export function isPgError(error: unknown): error is PgError {
  return error instanceof Error && typeof (error as PgError).code === 'string';
}

/**
 * Opens PGlite in `dataDir` (or in memory when `dataDir` is undefined). `from`: a dump of a
 * database (PGlite's dumpDataDir) to start from instead of a new one (PGlite's initdb: most of
 * an empty database's start).
 */
export async function openPglite(dataDir?: string, from?: Blob): Promise<PgliteDatabase> {
  const db = await PGlite.create(dataDir, { extensions: { pgcrypto }, loadDataDir: from });
  const client = (q: Pick<PGlite, 'query' | 'exec'>): SqlClient => ({
    async query<T>(sql: string, params?: unknown[]) {
      const result = await q.query<T>(sql, params);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
    exec: async (sql) => void (await q.exec(sql)),
  });
  return {
    kind: 'pglite',
    exec: async (sql) => void (await db.exec(sql)),
    transaction: (fn) => db.transaction((tx) => fn(client(tx))),
    close: () => db.close(),
    dump: () => db.dumpDataDir('none'),
  };
}

/** Opens a pool on a real PostgreSQL server. */
export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // A broken idle connection must not crash the process; the next checkout reconnects.
  pool.on('error', () => undefined);
  const probe = await pool.connect();
  probe.release();
  return {
    kind: 'postgres',
    exec: async (sql) => void (await pool.query(sql)),
    async transaction(fn) {
      const conn = await pool.connect();
      try {
        await conn.query('begin');
        const result = await fn({
          async query<T>(sql: string, params?: unknown[]) {
            const r = await conn.query(sql, params as unknown[]);
            return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
          },
          exec: async (sql) => void (await conn.query(sql)),
        });
        await conn.query('commit');
        return result;
      } catch (error) {
        await conn.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        conn.release();
      }
    },
    close: () => pool.end(),
  };
}
