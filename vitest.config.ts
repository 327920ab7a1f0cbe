import { configDefaults, defineConfig } from 'vitest/config';

/** `*.postgres.test.ts`: suites that prove something only real PostgreSQL can (concurrency). */
const POSTGRES_ONLY = ['tests/integration/**/*.postgres.test.ts', 'tests/local/integration/**/*.postgres.test.ts'];
const onPostgres = Boolean(process.env.SIDENOTE_TEST_DATABASE_URL);
if (!onPostgres && process.argv.some((a) => a.includes('integration'))) {
  console.log(
    `PostgreSQL-only suites (${POSTGRES_ONLY.join(', ')}) are not collected: SIDENOTE_TEST_DATABASE_URL is unset.`,
  );
}

/** What every suite that starts a local stack needs: a database per file, Node's WebSocket, time. */
const stackSuite = {
  exclude: [...configDefaults.exclude, ...(onPostgres ? [] : POSTGRES_ONLY)],
  globalSetup: ['tests/integration/support/global-setup.ts'],
  testTimeout: 30_000,
  // A file's stack (migrations on PGlite) took over 60 s to start on a loaded 2-core machine.
  hookTimeout: 120_000,
  expect: { poll: { timeout: 10_000 } },
  pool: 'forks' as const,
  execArgv: ['--experimental-websocket'],
};

/**
 * Five projects. The product's: `unit` (pure logic), `integration` (migrations, RLS and edge
 * functions through the real local stack and supabase-js) and `e2e` (Chromium through
 * playwright-core against the stack and the app). The emulator's own (supabase/local, whose
 * tests live in tests/local): `local-unit` and `local-integration`. Both integration projects
 * run on PGlite by default and on a real PostgreSQL when SIDENOTE_TEST_DATABASE_URL is set
 * (see tests/integration/support).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // A guard against a hang, not a speed check (speed is measured in tests/bench): the
          // unit lane runs at a lower priority beside the browser tests on 2 cores, where a test
          // that builds or talks to a sandbox took over vitest's default 5 s in a clean run.
          testTimeout: 20_000,
        },
      },
      { test: { name: 'local-unit', include: ['tests/local/unit/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'integration', include: ['tests/integration/**/*.test.ts'], ...stackSuite } },
      { test: { name: 'local-integration', include: ['tests/local/integration/**/*.test.ts'], ...stackSuite } },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A loaded CI machine renders slower than a laptop: polled assertions wait up to 15 s.
          expect: { poll: { timeout: 15_000 } },
          pool: 'forks',
          execArgv: ['--experimental-websocket'],
          // A worker runs its files one after another in one process, sharing one stack, app
          // server and Chromium (tests/e2e/support/shared.ts). SIDENOTE_E2E_WORKERS of them run
          // side by side, default 1: on our 2-core machines two workers (each a stack, app servers,
          // Deno functions and Chromium) kept the load near 10 and made every test slower than one.
          isolate: false,
          // the migrated database each stack starts from (as stackSuite's)
          globalSetup: stackSuite.globalSetup,
          maxWorkers: Number(process.env.SIDENOTE_E2E_WORKERS ?? 1),
          setupFiles: ['tests/e2e/support/setup.ts'],
        },
      },
    ],
  },
});
