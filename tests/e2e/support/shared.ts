/**
 * What a vitest worker's browser test files share: the stack, the app servers, the extension
 * harness and one Chromium, each started by the first file that asks. They live on `globalThis`
 * because the e2e project runs its files with `isolate: false` (one worker process runs many
 * files one after another, and may evaluate this module again for each).
 *
 * They end with the worker. Vitest stops it with SIGTERM (SIGKILL 0.5 s later): the worker exits
 * at once, and the exit hooks do the rest — the functions' Deno processes and Chromium are
 * killed by their own (supabase/local/functions/worker.ts, playwright), the database is in
 * memory, and the temporary folders are removed here.
 */
import { rmSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import type { RunningHarness } from '../../../tools/extension-harness/server.ts';
import type { TestStack } from '../../integration/support/stack.ts';
import type { AppServer } from './app.ts';

export interface WorkerShared {
  /** Ports reserved for the app servers before the stack starts (its CORS origins and site_url). */
  ports: number[];
  stack?: Promise<TestStack>;
  appServers: Map<string, Promise<AppServer>>;
  harness?: Promise<RunningHarness>;
  browser?: Promise<Browser>;
  /** billing_config.stripe_enabled as the migrations leave it (files turn billing on, then back). */
  billing?: boolean;
  /** Folders removed when the worker exits. */
  tempDirs: string[];
}

const KEY = Symbol.for('sidenote.e2e.shared');
type Holder = { [KEY]?: WorkerShared };

export function shared(): WorkerShared {
  const holder = globalThis as Holder;
  if (!holder[KEY]) {
    const worker: WorkerShared = { ports: [], appServers: new Map(), tempDirs: [] };
    holder[KEY] = worker;
    process.once('SIGTERM', () => process.exit(0));
    process.once('exit', () => {
      for (const dir of worker.tempDirs) rmSync(dir, { recursive: true, force: true });
    });
  }
  return holder[KEY];
}
