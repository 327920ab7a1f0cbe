/**
 * Two users of different teams who saved the same Notion key (the sandbox's demo key), a stack
 * whose functions call the sandbox, and the function log lines: the set-up of the shared
 * budget's test and bench. The stack is started by the caller (the test's per-file stack, or the
 * bench's own), with the function environment given here.
 */
import { SEED_IDS, type NotionSandbox } from '../../../supabase/local/sandboxes/notion/index.ts';
import { setUpUser, workspaceWithKey } from './personas.ts';
import type { BurstOptions } from './sharedKeyBurst.ts';
import type { TestStack } from './stack.ts';

export interface SharedKeyTeam {
  sandbox: NotionSandbox;
  stack: TestStack;
  /** What `sendBurst` and `warmUp` need to send as the two users (add `calls` and `overMs`). */
  burst: Omit<BurstOptions, 'calls' | 'overMs'>;
  /** Console lines since the start (the functions runner logs each function's output through it). */
  logLines(): string[];
  stop(): Promise<void>;
}

const CONSOLE_METHODS = ['log', 'error', 'warn', 'info'] as const;

export async function startSharedKeyTeam(
  startSandbox: () => Promise<NotionSandbox>,
  startStack: (functionEnv: Record<string, string>) => Promise<TestStack>,
): Promise<SharedKeyTeam> {
  const sandbox = await startSandbox();
  const stack = await startStack({ NOTION_API_URL: sandbox.url });
  const lines: string[] = [];
  const originals = CONSOLE_METHODS.map((method) => [method, console[method]] as const);
  for (const [method, original] of originals) {
    console[method] = (...args: unknown[]) => {
      lines.push(args.map(String).join(' '));
      original.apply(console, args);
    };
  }
  const users = await Promise.all(
    ['a', 'b'].map((who) => setUpUser(stack, `shared-key-${who}-${Date.now()}@example.com`)),
  );
  const callers = await Promise.all(
    users.map(async (user) => ({
      accessToken: user.accessToken,
      workspace: await workspaceWithKey(user, sandbox.demoKey),
    })),
  );
  return {
    sandbox,
    stack,
    burst: { apiUrl: stack.apiUrl, sandbox, notionWorkspaceId: SEED_IDS.demoWorkspace, callers },
    logLines: () => [...lines],
    async stop() {
      for (const [method, original] of originals) console[method] = original;
      await stack.stop();
      await sandbox.stop();
    },
  };
}
