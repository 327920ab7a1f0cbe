/**
 * The notion-proxy suites' shared set-up: the Notion sandbox, a local stack whose functions
 * call it, two users each linked to one workspace (the demo key's and the second key's), the
 * function's log lines, and `call` — a request to the proxy as the app makes it.
 */
import { vi } from 'vitest';
import { startNotionSandbox, type NotionSandbox, SEED_IDS } from '../../../supabase/local/sandboxes/notion/index.ts';
import { setUpUser, workspaceWithKey, type Persona } from './personas.ts';
import { startTestStack, type TestStack } from './stack.ts';

export const PEOPLE_DB = SEED_IDS.databases.people;
export const PEOPLE_SOURCE = SEED_IDS.dataSources.people;
/** The version the proxy sends upstream and the only one it accepts from the app. */
export const PROXY_NOTION_VERSION = '2026-03-11';
export const MAX_PAGE = SEED_IDS.page(PEOPLE_DB, 'max');

/** Every call of the allow-list, with a body where it takes one. */
export const ALLOWED_CALLS: { method: string; path: string; body?: unknown }[] = [
  { method: 'GET', path: '/users/me' },
  { method: 'GET', path: '/users' },
  { method: 'POST', path: '/search', body: { filter: { property: 'object', value: 'data_source' } } },
  { method: 'GET', path: `/databases/${PEOPLE_DB}` },
  { method: 'GET', path: `/data_sources/${PEOPLE_SOURCE}` },
  { method: 'PATCH', path: `/data_sources/${PEOPLE_SOURCE}`, body: {} },
  { method: 'POST', path: `/data_sources/${PEOPLE_SOURCE}/query`, body: { page_size: 1 } },
  { method: 'POST', path: '/pages', body: { parent: { data_source_id: PEOPLE_SOURCE }, properties: {} } },
  { method: 'GET', path: `/pages/${MAX_PAGE}` },
  { method: 'PATCH', path: `/pages/${MAX_PAGE}`, body: { properties: {} } },
  { method: 'GET', path: `/pages/${MAX_PAGE}/properties/title` },
];

export interface ProxyFixture {
  sandbox: NotionSandbox;
  stack: TestStack;
  /** Linked to `demoWorkspace` (the demo key); their team is active. */
  user: Persona;
  /** Linked to `secondWorkspace` (the second key) only. */
  outsider: Persona;
  demoWorkspace: string;
  secondWorkspace: string;
  /** Every console line of this process since the start (the functions runner logs through it). */
  logLines: string[];
  call: ReturnType<typeof proxyCall>;
  stop(): Promise<void>;
}

export async function startProxyFixture(): Promise<ProxyFixture> {
  const sandbox = await startNotionSandbox();
  const stack = await startTestStack({ functionEnv: { NOTION_API_URL: sandbox.url } });
  const [user, outsider] = await Promise.all([
    setUpUser(stack, `notion-proxy-${Date.now()}@example.com`),
    setUpUser(stack, `notion-proxy-outsider-${Date.now()}@example.com`),
  ]);
  const logLines: string[] = [];
  // The functions runner logs the child's output through console with a [functions:<name>] prefix.
  for (const method of ['log', 'error', 'warn', 'info'] as const) {
    const original = console[method].bind(console);
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      logLines.push(args.map(String).join(' '));
      original(...args);
    });
  }
  const fixture = {
    sandbox,
    stack,
    user,
    outsider,
    demoWorkspace: await workspaceWithKey(user, sandbox.demoKey),
    secondWorkspace: await workspaceWithKey(outsider, sandbox.secondKey),
    logLines,
    async stop() {
      vi.restoreAllMocks();
      await stack.stop();
      await sandbox.stop();
    },
  };
  return { ...fixture, call: proxyCall(fixture) };
}

export interface CallOptions {
  method?: string;
  token?: string | null;
  /** The workspace header (default: the user's demo workspace, unless a raw key is sent). */
  workspace?: string | null;
  key?: string | null;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A request to the proxy: by default as `user`, naming the demo workspace. */
function proxyCall(fixture: Pick<ProxyFixture, 'user' | 'demoWorkspace' | 'stack'>) {
  return async function call(path: string, options: CallOptions = {}) {
    const headers: Record<string, string> = { ...options.headers };
    const token = options.token === undefined ? fixture.user.accessToken : options.token;
    const workspace =
      options.workspace === undefined ? (options.key ? null : fixture.demoWorkspace) : options.workspace;
    if (token) headers.authorization = `Bearer ${token}`;
    if (workspace) headers['x-sidenote-workspace'] = workspace;
    if (options.key) headers['x-notion-key'] = options.key;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${fixture.stack.apiUrl}/functions/v1/notion-proxy${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      text,
      body: JSON.parse(text) as Record<string, unknown>,
    };
  };
}
