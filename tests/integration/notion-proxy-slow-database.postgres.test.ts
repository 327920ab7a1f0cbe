/**
 * notion-proxy when the shared budget's database is slow (issue 31, item 6), on PostgreSQL only:
 * a transaction holds the key's row of private.notion_key_budgets, so take_notion_key_slot waits
 * on its lock (PGlite is one connection: holding it there would stop the whole stack). The proxy
 * neither hangs nor sends unpaced: after SHARED_BUDGET_TIMEOUT_MS it paces those calls on its own
 * instance, answers every one, and says so in its log; Notion sees no 429.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { SHARED_BUDGET_TIMEOUT_MS } from '../../supabase/functions/notion-proxy/shared-budget.ts';
import { startNotionSandbox } from '../../supabase/local/sandboxes/notion/index.ts';
import { sendBurst, warmUp } from './support/sharedKeyBurst.ts';
import { startSharedKeyTeam, type SharedKeyTeam } from './support/sharedKeyTeam.ts';
import { startTestStack } from './support/stack.ts';

const CALLS = 6;
let team: SharedKeyTeam;

beforeAll(async () => {
  team = await startSharedKeyTeam(startNotionSandbox, (functionEnv) => startTestStack({ functionEnv }));
  expect(team.stack.db.kind).toBe('postgres');
});
afterAll(() => team?.stop());

test('a key whose budget row is locked: every call answered after the timeout, paced by the instance', async () => {
  const { burst } = team;
  await warmUp(burst);
  const digest = createHash('sha256').update(team.sandbox.demoKey).digest('hex');
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked = () => {};
  const lockTaken = new Promise<void>((resolve) => (locked = resolve));
  const holding = team.stack.db.transaction(async (tx) => {
    await tx.query('select 1 from private.notion_key_budgets where key_digest = $1 for update', [digest]);
    locked();
    await released;
  });
  try {
    await lockTaken;
    const from = team.logLines().length;
    const result = await sendBurst({ ...burst, calls: CALLS, overMs: 0 });
    expect(result.answered).toBe(CALLS);
    expect(result.notion429s).toBe(0);
    expect(result.notionRequests).toBe(CALLS);
    expect(result.finishMs).toBeGreaterThanOrEqual(SHARED_BUDGET_TIMEOUT_MS);
    const fallbacks = team
      .logLines()
      .slice(from)
      .filter((line) => line.includes('shared Notion budget did not answer'));
    expect(fallbacks).toHaveLength(CALLS);
    expect(fallbacks.every((line) => !line.includes(team.sandbox.demoKey))).toBe(true);
  } finally {
    release();
    await holding;
  }
}, 60_000);
