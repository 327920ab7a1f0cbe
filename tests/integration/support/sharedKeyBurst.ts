/**
 * A burst of Notion calls through the proxy by several users sharing one Notion key, as a team
 * with one workspace key makes it, for the shared budget's test and bench: `calls` calls spread
 * evenly over `overMs`, the users taking turns; each caller waits out a 429's Retry-After and
 * sends again (as the app's one retry layer does), until every call is answered 200.
 * Counts what Notion (the sandbox) answered 429 — the figure the shared budget must keep at 0 —
 * apart from the proxy's own 429s (a queue too long: the caller was told to come back).
 */
import type { NotionSandbox } from '../../../supabase/local/sandboxes/notion/index.ts';
import { PROXY_REFUSAL_HEADER } from '../../../supabase/functions/_shared/notion-proxy-refusal.ts';

export interface BurstCaller {
  accessToken: string;
  workspace: string;
}

export interface BurstOptions {
  apiUrl: string;
  sandbox: NotionSandbox;
  /** The workspace (in the sandbox) of the shared key, to tell its requests in the sandbox's log. */
  notionWorkspaceId: string;
  callers: BurstCaller[];
  calls: number;
  overMs: number;
  /** The call each sends (default: the integration's own user, a cheap read). */
  path?: string;
}

export interface BurstResult {
  /** Calls answered 200 in the end (every one, or the burst threw). */
  answered: number;
  /** Requests the sandbox received for the key, and how many of them it answered 429 (not injected). */
  notionRequests: number;
  notion429s: number;
  /** 429s the proxy answered itself (queue longer than its maximum wait). */
  proxy429s: number;
  /** From the first call's start to the last 200. */
  finishMs: number;
}

const MAX_SENDS_PER_CALL = 20;

/**
 * One call per caller at once — with two instances taking requests in turn, each boots and
 * makes its first database calls (a cold start is not what a burst measures) — then the key's
 * bucket at Notion is full again.
 */
export async function warmUp(options: Omit<BurstOptions, 'calls' | 'overMs'>): Promise<void> {
  await sendBurst({ ...options, calls: options.callers.length, overMs: 0 });
  options.sandbox.configure({});
}

export async function sendBurst(options: BurstOptions): Promise<BurstResult> {
  const { apiUrl, sandbox, callers, calls, overMs, path = '/users/me' } = options;
  sandbox.clearRequestLog();
  let proxy429s = 0;
  const started = performance.now();
  const one = async (index: number): Promise<void> => {
    await new Promise((resolve) => setTimeout(resolve, (index * overMs) / calls));
    const caller = callers[index % callers.length];
    for (let send = 1; send <= MAX_SENDS_PER_CALL; send++) {
      const response = await fetch(`${apiUrl}/functions/v1/notion-proxy${path}`, {
        headers: { authorization: `Bearer ${caller.accessToken}`, 'x-sidenote-workspace': caller.workspace },
      });
      await response.arrayBuffer();
      if (response.status === 200) return;
      if (response.status !== 429) throw new Error(`call ${index} answered ${response.status}`);
      if (response.headers.has(PROXY_REFUSAL_HEADER)) proxy429s++;
      const retryAfterSeconds = Number(response.headers.get('retry-after'));
      await new Promise((resolve) => setTimeout(resolve, Math.max(1, retryAfterSeconds) * 1000));
    }
    throw new Error(`call ${index} was not answered in ${MAX_SENDS_PER_CALL} sends`);
  };
  await Promise.all(Array.from({ length: calls }, (_, index) => one(index)));
  const finishMs = performance.now() - started;
  const log = sandbox.requestLog().filter((entry) => entry.workspaceId === options.notionWorkspaceId);
  return {
    answered: calls,
    notionRequests: log.length,
    notion429s: log.filter((entry) => entry.status === 429 && !entry.injected).length,
    proxy429s,
    finishMs,
  };
}
