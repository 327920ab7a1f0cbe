/**
 * `npm run bench:notion-budget`: the Notion budget per key across proxy instances (issue 31,
 * item 6). notion-proxy runs as two Deno processes behind the gateway; two users sharing one
 * Notion key send 60 calls in 5 s against the Notion sandbox at 3 requests/s (bursts of 10),
 * each call waiting out a 429's Retry-After and sending again. Measured twice, each on a fresh
 * stack and sandbox: with the shared budget (Postgres, take_notion_key_slot), and with each
 * instance pacing on its own (NOTION_SHARED_BUDGET=off: the proxy before this change).
 * Prints Notion-side 429s, the proxy's own 429s, requests Notion received, requests paced on
 * their instance because the database did not answer in time, and the time until the last call
 * was answered, as a table and a JSON line; asserts nothing (the assertion is
 * tests/integration/notion-proxy-shared-budget.test.ts).
 * CALLS and OVER_MS may be set in the environment.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startNotionSandbox } from '../../supabase/local/sandboxes/notion/index.ts';
import { startStack } from '../../supabase/local/stack.ts';
import { sendBurst, warmUp, type BurstResult } from '../integration/support/sharedKeyBurst.ts';
import { startSharedKeyTeam } from '../integration/support/sharedKeyTeam.ts';
import type { TestStack } from '../integration/support/stack.ts';
import { testStackOf } from '../integration/support/testStackOf.ts';

const CALLS = Number(process.env.CALLS ?? 60);
const OVER_MS = Number(process.env.OVER_MS ?? 5_000);
const INSTANCES = 2;

process.env.DENO_DIR ??= resolve('.local/deno');

async function benchStack(functionEnv: Record<string, string>): Promise<TestStack> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sidenote-bench-'));
  const stack = await startStack({
    supabaseDir: resolve('supabase'),
    dataDir,
    pgliteInMemory: true,
    apiPort: 0,
    inboxPort: 0,
    functionEnv,
    functionInstances: { 'notion-proxy': INSTANCES },
  });
  return testStackOf(stack, dataDir);
}

/** Requests the proxy paced on its instance because the shared budget did not answer in time. */
const FALLBACK = 'the shared Notion budget did not answer';

async function measure(sharedBudget: boolean): Promise<BurstResult & { fallbacks: number }> {
  const team = await startSharedKeyTeam(startNotionSandbox, (functionEnv) =>
    benchStack({ ...functionEnv, NOTION_SHARED_BUDGET: sharedBudget ? 'on' : 'off' }),
  );
  try {
    await warmUp(team.burst);
    const from = team.logLines().length;
    const result = await sendBurst({ ...team.burst, calls: CALLS, overMs: OVER_MS });
    return {
      ...result,
      fallbacks: team
        .logLines()
        .slice(from)
        .filter((line) => line.includes(FALLBACK)).length,
    };
  } finally {
    await team.stop();
  }
}

const rows = [];
for (const [budget, shared] of [
  ['shared (Postgres)', true],
  ['per instance (before)', false],
] as const) {
  const result = await measure(shared);
  rows.push({
    budget,
    calls: CALLS,
    instances: INSTANCES,
    notion_429s: result.notion429s,
    proxy_429s: result.proxy429s,
    notion_requests: result.notionRequests,
    fallbacks: result.fallbacks,
    finish_s: Math.round(result.finishMs / 100) / 10,
  });
}
console.table(rows);
console.log(JSON.stringify({ bench: 'notion-budget', over_ms: OVER_MS, rows }));
