/**
 * The app under test: a private local stack (see tests/integration/support/stack.ts) and the
 * Vite dev server on a free port — or, with `built`, the production build served as `npm start`
 * serves it (tools/start/builtApp.ts: service worker, offline start, updates) — configured with
 * that stack's URL and anon key. The port is
 * chosen first so the stack knows the app's origin: auth's site_url (where e-mail links lead)
 * and the edge functions' allowed CORS origin (APP_ORIGIN) are that of this app.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createServer } from 'vite';
import { serveBuiltApp } from '../../../tools/start/builtApp.ts';
import { startTestStack, type TestStack, type TestStackOptions } from '../../integration/support/stack.ts';
import { freePort } from './start-process.ts';

export interface TestApp {
  stack: TestStack;
  appUrl: string;
  /** With `built`: builds the app again into the served folder (a new version for open pages). */
  rebuild?(): Promise<void>;
  stop(): Promise<void>;
}

export async function startTestApp(options: TestStackOptions & { built?: boolean } = {}): Promise<TestApp> {
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const stack = await startTestStack({
    ...options,
    config: { siteUrl: appUrl, ...options.config },
    functionEnv: { APP_ORIGIN: appUrl, ...options.functionEnv },
  });
  process.env.VITE_SUPABASE_URL = stack.apiUrl;
  process.env.VITE_SUPABASE_ANON_KEY = stack.anonKey;
  // The geo-IP sandbox when the stack has one; else the app's default (never reached by tests that do not read prices).
  if (stack.sandboxes) process.env.VITE_GEO_IP_URL = `${stack.sandboxes.geoIp.url}/json/`;
  else delete process.env.VITE_GEO_IP_URL;
  const server = await serveApp(port, options.built ?? false).catch(async (error: unknown) => {
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

async function serveApp(port: number, built: boolean): Promise<{ rebuild?(): Promise<void>; close(): Promise<void> }> {
  if (built) {
    const outDir = await mkdtemp(join(tmpdir(), 'sidenote-app-'));
    const app = await serveBuiltApp({ root: resolve('.'), outDir, port, logLevel: 'warn' });
    return {
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
  return { close: () => vite.close() };
}
