/**
 * What a hosted preview branch gets from this repository (issue 32, item 11): Supabase
 * Branching runs the migrations and then supabase/seed.sql on every preview branch, so nothing
 * in seed.sql may give a published password any privilege. The local stack's admin
 * (admin@sidenote.dev, README) comes from the stack's own step, run on a fresh local database
 * after the seed (supabase/local/db/local-accounts.ts), never from seed.sql.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Database } from '../../supabase/local/db/database.ts';
import { migrate } from '../../supabase/local/db/migrate.ts';
import { emptyDatabase } from './support/database.ts';

let dir: string;
let database: Awaited<ReturnType<typeof emptyDatabase>>;
let db: Database;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sidenote-branching-'));
  database = await emptyDatabase(join(dir, 'pglite'));
  db = await database.open();
  // What Branching does: the migrations in name order, then seed.sql once.
  expect(await migrate(db, resolve('supabase'))).toMatchObject({ seeded: true });
}, 120_000);

afterAll(async () => {
  await db?.close();
  await database?.drop();
  await rm(dir, { recursive: true, force: true });
});

test('the migrations and seed.sql, as Branching runs them on a preview branch, create no admin', async () => {
  const { rows } = await db.transaction((tx) =>
    tx.query<{ email: string }>(
      `select u.email from public.profiles p join auth.users u on u.id = p.auth_id where p.role = 'admin'`,
    ),
  );
  expect(rows).toEqual([]);
  const { rows: users } = await db.transaction((tx) =>
    tx.query<{ email: string }>(`select email from auth.users where email = 'admin@sidenote.dev'`),
  );
  expect(users).toEqual([]);
});
