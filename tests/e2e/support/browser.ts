/**
 * Debian's Chromium driven by playwright-core (no browser download is possible here). A
 * missing Chromium throws: a browser test that cannot run fails, it never passes.
 *
 * `launchBrowser()` gives a fresh browser context (its own storage, service workers, cookies)
 * in the worker's one Chromium (support/shared.ts); closing it closes the context only. A file
 * that needs a Chromium of its own — switches of its own (`args`, e.g. an unpacked extension)
 * or a persistent profile (`own`: say why) — gets one, as before.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { shared } from './shared.ts';
import { timed } from './timings.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const SWITCHES = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface TestBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

function chromiumPath(): string {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: run "bash scripts/install-system-deps.sh".`);
  }
  return CHROMIUM_PATH;
}

export interface BrowserOptions {
  args?: string[];
  own?: string;
  /**
   * 'block': no service worker in this context. Playwright's `page.route` does not see the
   * requests of a page the app's worker controls, so a file that answers the app's requests
   * itself blocks the worker (the production build registers it on first load).
   */
  serviceWorkers?: 'allow' | 'block';
}

export async function launchBrowser({ args = [], own, serviceWorkers }: BrowserOptions = {}): Promise<TestBrowser> {
  if (args.length > 0 || own) return launchOwnBrowser(args, serviceWorkers);
  const worker = shared();
  // Launched again if it failed to start or has gone (a crash must not fail every later file).
  const running = await worker.browser?.catch(() => undefined);
  if (!running?.isConnected()) {
    worker.browser = timed('browser', () =>
      chromium.launch({ executablePath: chromiumPath(), headless: true, args: SWITCHES }),
    );
  }
  const context = await (await worker.browser!).newContext({ serviceWorkers });
  return { context, close: () => context.close() };
}

/** A Chromium process of its own with a persistent profile, closed with it. */
async function launchOwnBrowser(
  args: string[],
  serviceWorkers: BrowserOptions['serviceWorkers'],
): Promise<TestBrowser> {
  const executablePath = chromiumPath();
  const profile = await mkdtemp(join(tmpdir(), 'sidenote-chromium-'));
  const context = await timed('browser', () =>
    chromium.launchPersistentContext(profile, {
      executablePath,
      headless: true,
      args: [...SWITCHES, ...args],
      serviceWorkers,
    }),
  );
  return {
    context,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
