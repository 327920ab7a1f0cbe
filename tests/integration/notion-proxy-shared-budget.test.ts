/**
 * One Notion budget per key across proxy instances (issue 31, item 6): notion-proxy runs as TWO
 * Deno processes behind the gateway (requests in turn), two users of different teams save the
 * same Notion key, and send a burst of 60 calls in 5 s against the sandbox at Notion's
 * 3 requests/s (bursts of 10). With the shared budget (take_notion_key_slot) Notion answers no
 * 429 at all; every call is answered, no sooner than 3/s allows. Each instance pacing on its own
 * (NOTION_SHARED_BUDGET=off, the code before this change) collects Notion 429s on the same
 * burst: tests/bench/notion-budget.bench.ts prints both figures.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { join, resolve } from 'node:path';
import { NOTION_RATE_LIMIT, startNotionSandbox } from '../../supabase/local/sandboxes/notion/index.ts';
import { denoChildrenRunning } from './support/functions-harness.ts';
import { startSharedKeyTeam, type SharedKeyTeam } from './support/sharedKeyTeam.ts';
import { sendBurst, warmUp } from './support/sharedKeyBurst.ts';
import { sql } from './support/personas.ts';
import { startTestStack } from './support/stack.ts';

const CALLS = 60;
const OVER_MS = 5_000;
let team: SharedKeyTeam;

beforeAll(async () => {
  team = await startSharedKeyTeam(startNotionSandbox, (functionEnv) =>
    startTestStack({ functionEnv, functionInstances: { 'notion-proxy': 2 } }),
  );
});
afterAll(() => team?.stop());

test('two instances, two users, one key: 60 calls in 5 s reach Notion without a single 429', async () => {
  const { burst } = team;
  await warmUp(burst);
  const result = await sendBurst({ ...burst, calls: CALLS, overMs: OVER_MS });
  expect(await denoChildrenRunning(join(resolve('supabase/functions'), 'notion-proxy', 'index.ts'))).toHaveLength(2);
  expect(result.answered).toBe(CALLS);
  expect(result.notion429s).toBe(0);
  expect(result.notionRequests).toBe(CALLS);
  // Notion's bucket (burst 10, 3/s) cannot have let 60 through sooner.
  expect(result.finishMs).toBeGreaterThanOrEqual(
    ((CALLS - NOTION_RATE_LIMIT.burst) / NOTION_RATE_LIMIT.requestsPerSecond) * 1000,
  );
  // The schedule was the database's: one row, for the key's digest.
  const rows = await sql(team.stack, 'select key_digest from private.notion_key_budgets');
  expect(rows).toEqual([{ key_digest: createHash('sha256').update(team.sandbox.demoKey).digest('hex') }]);
}, 120_000);
