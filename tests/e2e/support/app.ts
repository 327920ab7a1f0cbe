/**
 * The app under test: a private local stack (see tests/integration/support/stack.ts) and the
 * Vite dev server on a free port, configured with that stack's URL and anon key. The port is
 * chosen first so the stack knows the app's origin: auth's site_url (where e-mail links lead)
 * and the edge functions' allowed CORS origin (APP_ORIGIN) are that of this app.
 */
import { resolve } from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { startTestStack, type TestStack, type TestStackOptions } from '../../integration/support/stack.ts';
import { freePort } from './start-process.ts';

export interface TestApp {
  stack: TestStack;
  appUrl: string;
  stop(): Promise<void>;
}

export async function startTestApp(options: TestStackOptions = {}): Promise<TestApp> {
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const stack = await startTestStack({
    ...options,
    config: { siteUrl: appUrl, ...options.config },
    functionEnv: { APP_ORIGIN: appUrl, ...options.functionEnv },
  });
  process.env.VITE_SUPABASE_URL = stack.apiUrl;
  process.env.VITE_SUPABASE_ANON_KEY = stack.anonKey;
  let vite: ViteDevServer;
  try {
    vite = await createServer({
      root: resolve('.'),
      configFile: resolve('vite.config.ts'),
      logLevel: 'warn',
      server: { port, strictPort: true, host: '127.0.0.1' },
    });
    await vite.listen();
  } catch (error) {
    await stack.stop();
    throw error;
  }
  return {
    stack,
    appUrl,
    async stop() {
      await vite.close();
      await stack.stop();
    },
  };
}
