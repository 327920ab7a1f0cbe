/**
 * Starts a private local stack for one test file: its own database (PGlite in memory, loaded
 * from the run's migrated dump, or a copy of the migrated PostgreSQL template: global-setup.ts),
 * free ports, a temporary data folder. Optional fixture SQL files (paths from the repository
 * root) are applied as the superuser.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { ProjectConfig } from '../../../supabase/local/config.ts';
import { startStack, type RunningStack, type StackOptions } from '../../../supabase/local/stack.ts';
import { inject } from 'vitest';
import { adminQuery, databaseUrl, serverUrl } from './database.ts';
import { testStackOf } from './testStackOf.ts';

// Every test stack (integration and browser) shares Deno's npm cache with `npm start`
// (.local/deno) instead of its own temp folder: else each stack's first function call
// downloads every npm package of the functions' lock file again (stripe's among them).
process.env.DENO_DIR ??= resolve('.local/deno');

export interface TestStack extends RunningStack {
  /** The stack's temporary data folder (storage objects live under `storage/`). */
  dataDir: string;
  /** A client as the browser app makes it (anon key), with no session persisted. */
  client(): SupabaseClient;
  /** A client with the service-role key (bypasses RLS). */
  serviceClient(): SupabaseClient;
}

export interface TestStackOptions {
  fixtures?: string[];
  config?: Partial<ProjectConfig>;
  functionEnv?: Record<string, string>;
  functionInstances?: StackOptions['functionInstances'];
  /** Start the Notion, profile-data and Slack sandboxes (stack.sandboxes) and point the functions at them. */
  sandboxes?: boolean;
  /** Run the scheduled jobs (stack.scheduler), on a test's clock. */
  scheduledJobs?: StackOptions['scheduledJobs'];
}

export async function startTestStack(options: TestStackOptions = {}): Promise<TestStack> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sidenote-test-'));
  const server = serverUrl();
  const dbName = `sidenote_test_${randomBytes(6).toString('hex')}`;
  if (server) await adminQuery(server, `create database ${dbName} template ${inject('templateDatabase')}`);
  // Outside vitest (a bench, tests/bench) there is no global setup's template: the stack migrates its own.
  const template = server || !process.env.VITEST ? undefined : inject('pgliteTemplate');
  const stack = await startStack({
    supabaseDir: resolve('supabase'),
    dataDir,
    databaseUrl: server ? databaseUrl(server, dbName) : undefined,
    pgliteInMemory: true,
    pgliteFrom: template ? new Blob([await readFile(template)]) : undefined,
    apiPort: 0,
    inboxPort: 0,
    appUrl: 'http://localhost:5173',
    config: options.config,
    functionEnv: options.functionEnv,
    functionInstances: options.functionInstances,
    sandboxes: options.sandboxes,
    scheduledJobs: options.scheduledJobs,
  });
  for (const fixture of options.fixtures ?? []) {
    await stack.db.exec(await readFile(resolve(fixture), 'utf8'));
  }
  return testStackOf(stack, dataDir, async () => {
    if (server) await adminQuery(server, `drop database if exists ${dbName} with (force)`);
  });
}
