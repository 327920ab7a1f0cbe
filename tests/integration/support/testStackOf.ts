/**
 * A running stack as the suites use it (`TestStack`): its data folder, clients as the browser
 * app and as the service role make them, and a `stop` that also removes what the stack left
 * (`cleanUp`). Kept apart from stack.ts, which needs vitest, so benches can use it too.
 */
import { rm } from 'node:fs/promises';
import { createClient } from '@supabase/supabase-js';
import type { RunningStack } from '../../../supabase/local/stack.ts';
import type { TestStack } from './stack.ts';

export function testStackOf(
  stack: RunningStack,
  dataDir: string,
  cleanUp: () => Promise<void> = async () => {},
): TestStack {
  const make = (key: string) =>
    createClient(stack.apiUrl, key, { auth: { persistSession: false, autoRefreshToken: false } });
  return {
    ...stack,
    dataDir,
    client: () => make(stack.anonKey),
    serviceClient: () => make(stack.serviceRoleKey),
    async stop() {
      await stack.stop();
      await cleanUp();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
