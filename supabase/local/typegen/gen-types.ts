/**
 * `npx tsx supabase/local/typegen/gen-types.ts [--check] [--db-url <postgres url>]`
 *
 * Applies supabase/migrations to a fresh in-memory PGlite (or reads an already migrated
 * PostgreSQL given by --db-url), generates the supabase-js types of the `public` schema and
 * formats them with the project's Prettier settings. Without --check it writes
 * src/data/supabase/database.types.ts; with --check it only compares and exits 1 when the file
 * differs from what the migrations produce (the "generated types" step of `npm test`).
 *
 * The Supabase CLI's `supabase gen types typescript --db-url` would be the natural tool, but
 * version 2.117 runs postgres-meta in Docker even with --db-url, and this project has none.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import prettier from 'prettier';
import { openPglite, openPostgres } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { introspect } from './introspect.ts';
import { renderTypes } from './render.ts';

const TYPES_FILE = resolve('src/data/supabase/database.types.ts');

const { values } = parseArgs({ options: { check: { type: 'boolean' }, 'db-url': { type: 'string' } } });

const db = values['db-url'] ? await openPostgres(values['db-url']) : await openPglite();
let text: string;
try {
  if (!values['db-url']) await migrate(db, resolve('supabase'));
  const info = await db.transaction((tx) => introspect(tx, 'public'));
  const options = (await prettier.resolveConfig(TYPES_FILE)) ?? {};
  text = await prettier.format(renderTypes(info), { ...options, filepath: TYPES_FILE });
} finally {
  await db.close();
}

if (values.check) {
  const current = await readFile(TYPES_FILE, 'utf8').catch(() => '');
  if (current !== text) {
    console.error(
      `${TYPES_FILE} does not match supabase/migrations.\n` +
        'Regenerate it with: npx tsx supabase/local/typegen/gen-types.ts',
    );
    process.exit(1);
  }
  console.log('Generated types match the migrations.');
} else {
  await writeFile(TYPES_FILE, text);
  console.log(`Wrote ${TYPES_FILE}`);
}
