/**
 * The local stack's database: the project's migrations and seed.sql as `supabase db reset` (and
 * Supabase Branching, on every hosted preview branch) apply them (migrate.ts), then, on a fresh
 * database only, what the local stack alone adds: the admin account of local-admin.sql
 * (admin@sidenote.dev, README).
 *
 * What must stay true: no account with a privilege is created by seed.sql, so a preview branch
 * never has a published admin login (issue 32); every local database — `npm start`'s and the
 * test suites' — has the admin.
 */
import { readFile } from 'node:fs/promises';
import type { Database } from './database.ts';
import { migrate, type MigrationReport } from './migrate.ts';

const LOCAL_ADMIN_SQL = new URL('./local-admin.sql', import.meta.url);

export async function prepareLocalDatabase(db: Database, supabaseDir: string): Promise<MigrationReport> {
  const report = await migrate(db, supabaseDir);
  if (report.seeded) await db.exec(await readFile(LOCAL_ADMIN_SQL, 'utf8'));
  return report;
}
