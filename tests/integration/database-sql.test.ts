/**
 * Runs the SQL-level database tests of supabase/tests (`*.test.sql`) on the database under test
 * (PGlite, or PostgreSQL 15 when SIDENOTE_TEST_DATABASE_URL is set). Each file runs as the
 * superuser in one transaction that is always rolled back; a failed `assert` or a raised
 * exception fails the file's test with the database's message.
 */
import { readdir, readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from './support/stack.ts';

const DIR = resolve('supabase/tests');
const files = (await readdir(DIR)).filter((f) => f.endsWith('.test.sql')).sort();
const ROLLBACK = new Error('rollback');

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack?.stop());

describe('supabase/tests', () => {
  it('has SQL test files', () => {
    expect(files.length).toBeGreaterThan(0);
  });
  for (const file of files) {
    it(file, async () => {
      const sql = await readFile(resolve(DIR, file), 'utf8');
      const outcome = await stack.db
        .transaction(async (tx) => {
          await tx.exec(sql);
          throw ROLLBACK;
        })
        .catch((error: unknown) => error);
      if (outcome !== ROLLBACK) throw outcome; // the database's own message names the failed check
    });
  }
});
