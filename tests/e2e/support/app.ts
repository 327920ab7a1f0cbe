/**
 * The app under test: a local stack (see tests/integration/support/stack.ts) and the production
 * build served as `npm start` serves it (tools/start/builtApp.ts: service worker, offline start,
 * updates) — or, for a file that says why in `dev`, the Vite dev server — configured with that
 * stack's URL and anon key. The build is what users run, and it loads in a fresh context in
 * half the time of the dev server's hundreds of modules; the dev server also optimises
 * dependencies it discovers at run time, and reloads the page when it does. The port is chosen
 * first so the stack knows the app's origin: auth's site_url (where e-mail links lead) and the
 * edge functions' allowed CORS origin (APP_ORIGIN) are that of this app.
 *
 * Shared by default: the files a vitest worker runs (one after another, `isolate: false`) use
 * one stack with every sandbox, and one app server per kind (built or dev) and build-time
 * environment (VITE_EXTENSION_ORIGINS, VITE_ANALYTICS_*), started by the first file that asks
 * (support/shared.ts). A file isolates itself by what it creates (users, teams, workspaces,
 * Notion pages) and by fresh browser contexts; `stop()` hands the app back as it was found: the
 * sandboxes reset (seeds, knobs, clock, logs) and billing switched off again.
 *
 * A file that truly needs a stack of its own — fixtures, config or function variables of its
 * own, a rebuild of the served app — says why in `own`, and gets private processes as before.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createServer } from 'vite';
import { serveBuiltApp } from '../../../tools/start/builtApp.ts';
import { startTestStack, type TestStack, type TestStackOptions } from '../../integration/support/stack.ts';
import { shared } from './shared.ts';
import { freePort } from './start-process.ts';
import { timed } from './timings.ts';

export interface TestApp {
  stack: TestStack;
  appUrl: string;
  /** With `own` (not `dev`): builds the app again into the served folder (a new version for open pages). */
  rebuild?(): Promise<void>;
  stop(): Promise<void>;
}

export type TestAppOptions = TestStackOptions & {
  /** Why this file needs the Vite dev server instead of the production build. */
  dev?: string;
  /** Why this file needs processes of its own (required for fixtures, config, function env or a rebuild). */
  own?: string;
};

/** The app's build-time variables a test may set (process.env): each value set gets its own server. */
const BUILD_ENV = ['VITE_EXTENSION_ORIGINS', 'VITE_ANALYTICS_KEY', 'VITE_ANALYTICS_HOST'] as const;

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { own, dev, ...stackOptions } = options;
  const built = !dev;
  const custom = stackOptions.fixtures || stackOptions.config || stackOptions.functionEnv || stackOptions.scheduledJobs;
  if (custom && !own) throw new Error('startTestApp: a stack with fixtures, config, function env or jobs needs `own`');
  return own ? startOwnApp(stackOptions, built) : sharedApp(built);
}

/** The worker's stack and app server of this kind, started on first use. */
async function sharedApp(built: boolean): Promise<TestApp> {
  const worker = shared();
  // A start that failed is forgotten, so the next file tries again instead of failing with it.
  worker.stack ??= timed('stack', startWorkerStack).catch((error: unknown) => {
    worker.stack = undefined;
    throw error;
  });
  const stack = await worker.stack;
  const key = JSON.stringify([built, ...BUILD_ENV.map((name) => process.env[name] ?? null)]);
  let server = worker.appServers.get(key);
  if (!server) {
    const port = appPort(worker.ports, key, worker.appServers.size);
    server = timed('app server', () => serveApp(stack, port, built)).catch((error: unknown) => {
      worker.appServers.delete(key);
      throw error;
    });
    worker.appServers.set(key, server);
  }
  const { appUrl } = await server;
  return { stack, appUrl, stop: resetShared };
}

/**
 * The shared stack as a new file finds it: every sandbox reset (seeds, knobs, clock, logs,
 * messages) and billing as the migrations leave it. Run after each file that used it and, in
 * case one ended without its afterAll, before each file (support/setup.ts).
 */
export async function resetShared(): Promise<void> {
  const stack = await shared().stack;
  if (!stack) return;
  await stack.sandboxes!.reset();
  await stack.db.exec(`update public.billing_config set stripe_enabled = ${shared().billing}`);
}

/** App servers one worker may run: the plain build and the variants of kind and build-time environment. */
const APP_PORTS = 8;

/** The plain build (the one e-mail links lead to: site_url) is on the first port, the others in order. */
const PLAIN_BUILD = JSON.stringify([true, ...BUILD_ENV.map(() => null)]);

function appPort(ports: number[], key: string, serversSoFar: number): number {
  const port = key === PLAIN_BUILD ? ports[0] : ports[1 + serversSoFar];
  if (port === undefined) throw new Error(`more app variants in one worker than the ${ports.length} ports reserved`);
  return port;
}

/**
 * The shared stack knows its app servers' origins before they start: ports reserved for them
 * (auth's site_url is the first, the functions' CORS origins are all of them).
 */
async function startWorkerStack(): Promise<TestStack> {
  const worker = shared();
  while (worker.ports.length < APP_PORTS) {
    const port = await freePort();
    if (!worker.ports.includes(port)) worker.ports.push(port);
  }
  const origins = worker.ports.map((port) => `http://127.0.0.1:${port}`);
  const stack = await startTestStack({
    sandboxes: true,
    config: { siteUrl: origins[0] },
    functionEnv: { APP_ORIGIN: origins.join(',') },
  });
  worker.tempDirs.push(stack.dataDir);
  await bootFunctions(stack);
  const { rows } = await stack.db.transaction((tx) =>
    tx.query<{ stripe_enabled: boolean }>('select stripe_enabled from public.billing_config'),
  );
  worker.billing = rows[0].stripe_enabled;
  return stack;
}

/**
 * Boots one edge function before any test runs: on a clean clone the first function call makes
 * Deno download every npm package of the functions' lock file into its cache (.local/deno), which
 * can take longer than a test's polls wait. A setup cost, paid here, not inside the first test.
 */
async function bootFunctions(stack: TestStack): Promise<void> {
  const answer = await fetch(`${stack.apiUrl}/functions/v1/slack-notify`, { method: 'OPTIONS' });
  if (answer.status >= 500) throw new Error(`the functions did not boot: ${answer.status} ${await answer.text()}`);
}

async function startOwnApp(options: TestStackOptions, built: boolean): Promise<TestApp> {
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const stack = await timed('stack', () =>
    startTestStack({
      ...options,
      config: { siteUrl: appUrl, ...options.config },
      functionEnv: { APP_ORIGIN: appUrl, ...options.functionEnv },
    }),
  );
  const server = await timed('app server', () => serveApp(stack, port, built)).catch(async (error: unknown) => {
    await stack.stop();
    throw error;
  });
  return {
    stack,
    appUrl,
    rebuild: server.rebuild,
    async stop() {
      await server.close();
      await stack.stop();
    },
  };
}

export interface AppServer {
  appUrl: string;
  rebuild?(): Promise<void>;
  close(): Promise<void>;
}

async function serveApp(stack: TestStack, port: number, built: boolean): Promise<AppServer> {
  process.env.VITE_SUPABASE_URL = stack.apiUrl;
  process.env.VITE_SUPABASE_ANON_KEY = stack.anonKey;
  // The geo-IP sandbox when the stack has one; else the app's default (never reached by tests that do not read prices).
  if (stack.sandboxes) process.env.VITE_GEO_IP_URL = `${stack.sandboxes.geoIp.url}/json/`;
  else delete process.env.VITE_GEO_IP_URL;
  const appUrl = `http://127.0.0.1:${port}`;
  if (built) {
    const outDir = await mkdtemp(join(tmpdir(), 'sidenote-app-'));
    shared().tempDirs.push(outDir);
    const app = await serveBuiltApp({ root: resolve('.'), outDir, port, logLevel: 'warn' });
    return {
      appUrl,
      rebuild: app.rebuild,
      async close() {
        await app.close();
        await rm(outDir, { recursive: true, force: true });
      },
    };
  }
  const vite = await createServer({
    root: resolve('.'),
    configFile: resolve('vite.config.ts'),
    logLevel: 'warn',
    server: { port, strictPort: true, host: '127.0.0.1' },
  });
  await vite.listen();
  return { appUrl, close: () => vite.close() };
}
