/**
 * Notion's rate budget of a key, shared by every proxy instance and every user of that key
 * (ARCHITECTURE §3, "The proxy"): the schedule lives in Postgres (RPC `take_notion_key_slot`, a
 * token bucket per key digest under a row lock; migration 20261129000100), not in an
 * instance's memory, so two instances — or twenty members of a team behind whichever instance
 * serves them — together start no more than NOTION_PACING allows. Notion's own 429 +
 * Retry-After holds the shared bucket (RPC `hold_notion_key`).
 *
 * When the database is slow or unreachable the proxy must neither hang nor flood Notion:
 * - every RPC here is given SHARED_BUDGET_TIMEOUT_MS, then abandoned (aborted);
 * - a slot the database did not give in time (timeout, error, nonsense answer) is `unavailable`:
 *   the caller paces that request with its own instance's KeyPacer (pacing.ts) instead — so an
 *   instance never sends faster than Notion's rate for a key, and a database outage costs at
 *   worst what per-instance pacing cost before (instances × 3/s, Notion's 429 the backstop),
 *   never an unpaced burst and never a request held beyond the timeout plus the pacer's wait;
 * - an abandoned `take_notion_key_slot` that still commits only moves the key's schedule later
 *   (a wait for others, never an extra send); a failed `hold_notion_key` is logged, and the
 *   instance's own pacer is held anyway.
 * (In practice the proxy has already read the database twice for this request — the session's
 * subscription and the key — so an unreachable database mostly ends the request before here.)
 *
 * Keys are named by their SHA-256 digest (pacing.ts `keyDigest`), never the key.
 *
 * NOTION_SHARED_BUDGET=off (function environment, read by index.ts) turns the shared budget off:
 * each instance paces on its own, as before issue 31 — the operators' switch if the budget's row
 * ever became the bottleneck, and the baseline `tests/bench/notion-budget.bench.ts` measures.
 *
 * This module imports nothing of Deno or npm (the RPC is given: index.ts passes the service
 * client's), so its decisions are tested in tests/deno with a database that hangs or fails.
 */
import { NOTION_PACING, type PacingOptions } from './pacing.ts';

/** How long the proxy waits for the database's slot before pacing on its own. */
export const SHARED_BUDGET_TIMEOUT_MS = 2_000;

export type Slot = { waitMs: number } | { retryAfterSeconds: number };

/** One RPC call; resolves `{data, error}` as supabase-js does; honours `signal`. */
export type Rpc = (
  name: 'take_notion_key_slot' | 'hold_notion_key',
  args: Record<string, unknown>,
  signal: AbortSignal,
) => PromiseLike<{ data: unknown; error: { message: string } | null }>;

export interface SharedBudgetOptions {
  rpc: Rpc;
  timeoutMs?: number;
  rule?: PacingOptions;
}

/** The switch's value that turns the shared budget off. */
export const SHARED_BUDGET_OFF = 'off';

/** The one answer `take_notion_key_slot` gives: whole milliseconds to wait, 0 or more. */
const isWaitMs = (answer: unknown): answer is number => Number.isSafeInteger(answer) && (answer as number) >= 0;

/** Calls `name` within the timeout: its data, or an Error saying why not (never throws, never hangs). */
async function callWithin(
  name: Parameters<Rpc>[0],
  args: Record<string, unknown>,
  { rpc, timeoutMs = SHARED_BUDGET_TIMEOUT_MS }: SharedBudgetOptions,
): Promise<unknown> {
  const abort = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<Error>((resolve) => {
    timer = setTimeout(() => {
      abort.abort();
      resolve(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
  });
  const answered = Promise.resolve(rpc(name, args, abort.signal)).then(
    ({ data, error }) => (error ? new Error(error.message) : data),
    (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
  );
  try {
    return await Promise.race([answered, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/** The key's next start from the shared budget, or `unavailable` (pace on the instance instead). */
export async function takeSharedSlot(digest: string, options: SharedBudgetOptions): Promise<Slot | 'unavailable'> {
  const rule = options.rule ?? NOTION_PACING;
  const answer = await callWithin(
    'take_notion_key_slot',
    {
      p_key_digest: digest,
      p_requests_per_second: rule.requestsPerSecond,
      p_burst: rule.burst,
      p_max_wait_ms: rule.maxWaitMs,
    },
    options,
  );
  if (!isWaitMs(answer)) {
    console.error(`the shared Notion budget did not answer (${reason(answer)}): pacing on this instance`);
    return 'unavailable';
  }
  if (answer > rule.maxWaitMs) return { retryAfterSeconds: Math.ceil(answer / 1000) };
  return { waitMs: answer };
}

/** Notion answered 429 with Retry-After: holds the key for every instance (best effort, logged). */
export async function holdSharedBudget(
  digest: string,
  retryAfterSeconds: number,
  options: SharedBudgetOptions,
): Promise<void> {
  const rule = options.rule ?? NOTION_PACING;
  const answer = await callWithin(
    'hold_notion_key',
    {
      p_key_digest: digest,
      p_retry_after_seconds: retryAfterSeconds,
      p_requests_per_second: rule.requestsPerSecond,
      p_burst: rule.burst,
    },
    options,
  );
  if (answer instanceof Error) console.error(`holding the shared Notion budget failed (${answer.message})`);
}

function reason(answer: unknown): string {
  return answer instanceof Error ? answer.message : 'not a wait in milliseconds';
}
