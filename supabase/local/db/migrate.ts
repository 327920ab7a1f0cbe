/**
 * Brings a database to the project's schema the way `supabase db reset` would: the hosted
 * platform's bootstrap (bootstrap.sql), then `supabase/migrations/*.sql` in name order, each
 * recorded in `supabase_migrations.schema_migrations` like the Supabase CLI, then `seed.sql`
 * once, on a database that had no migrations before.
 *
 * Re-running is safe: applied versions are skipped, so a restart keeps users and data. Each
 * migration runs in its own transaction with its record, and is refused before it runs if it
 * touches what hosted Supabase reserves (hosted-compat.ts).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from './database.ts';
import { hostedCompatProblems } from './hosted-compat.ts';

const BOOTSTRAP_SQL = new URL('./bootstrap.sql', import.meta.url);
const MIGRATION_FILE = /^(\d+)_(.+)\.sql$/;

export interface MigrationReport {
  applied: string[];
  seeded: boolean;
}

export async function migrate(db: Database, supabaseDir: string): Promise<MigrationReport> {
  const fresh = !(await hasMigrationTable(db));
  if (fresh) await db.exec(await readFile(BOOTSTRAP_SQL, 'utf8'));

  const done = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ version: string }>('select version from supabase_migrations.schema_migrations');
    return new Set(rows.map((r) => r.version));
  });

  const applied: string[] = [];
  for (const file of await migrationFiles(supabaseDir)) {
    const [, version, name] = MIGRATION_FILE.exec(file)!;
    if (done.has(version)) continue;
    const sql = await readFile(join(supabaseDir, 'migrations', file), 'utf8');
    const problems = hostedCompatProblems(sql);
    if (problems.length)
      throw new Error(`Migration ${file} would not apply on hosted Supabase:\n- ${problems.join('\n- ')}`);
    try {
      await db.transaction(async (tx) => {
        await tx.exec(sql);
        await tx.query(
          'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
          [version, name, [sql]],
        );
      });
    } catch (error) {
      throw new Error(`Migration ${file} failed: ${(error as Error).message}`, { cause: error });
    }
    applied.push(file);
  }

  let seeded = false;
  if (fresh) {
    const seed = await readFile(join(supabaseDir, 'seed.sql'), 'utf8').catch(() => '');
    if (seed.trim()) {
      await db.exec(seed);
      seeded = true;
    }
  }
  return { applied, seeded };
}

async function hasMigrationTable(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ present: boolean }>(
      "select to_regclass('supabase_migrations.schema_migrations') is not null as present",
    );
    return rows[0].present;
  });
}

async function migrationFiles(supabaseDir: string): Promise<string[]> {
  const files = await readdir(join(supabaseDir, 'migrations')).catch(() => [] as string[]);
  return files.filter((f) => MIGRATION_FILE.test(f)).sort();
}
