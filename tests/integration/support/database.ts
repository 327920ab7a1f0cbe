/**
 * Which database the integration suites run on. Unset SIDENOTE_TEST_DATABASE_URL: PGlite, a
 * fresh in-memory database per test file. Set (CI sets it to the machine's PostgreSQL 15):
 * global-setup migrates a template database once per run, and each test file gets a copy of it.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../../../supabase/local/db/database.ts';

export function serverUrl(): string | undefined {
  return process.env.SIDENOTE_TEST_DATABASE_URL || undefined;
}

export function databaseUrl(server: string, name: string): string {
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(server: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * An empty database of the kind under test, for suites that exercise migrations themselves:
 * `open()` may be called again after closing to simulate a restart on the same data.
 */
export async function emptyDatabase(pgliteDir: string): Promise<{ open(): Promise<Database>; drop(): Promise<void> }> {
  const server = serverUrl();
  if (!server) return { open: () => openPglite(pgliteDir), drop: async () => undefined };
  const name = `sidenote_empty_${randomBytes(6).toString('hex')}`;
  await adminQuery(server, `create database ${name}`);
  return {
    open: () => openPostgres(databaseUrl(server, name)),
    drop: () => adminQuery(server, `drop database if exists ${name} with (force)`),
  };
}
