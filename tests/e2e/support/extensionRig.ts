/**
 * The real extension in Debian's Chromium: built by `buildExtension` into a temporary folder and
 * loaded unpacked (`--load-extension`, new headless mode), beside two local servers:
 * - "LinkedIn": the fixture pages of tests/fixtures/linkedin over https with a self-signed
 *   certificate, `www.linkedin.com` mapped to it (`--host-resolver-rules`);
 * - the app the side panel frames: the real one when `appUrl` is given (the extension is built
 *   for it), else a stand-in app on 127.0.0.1 that records every message it gets (with its
 *   origin and time), posts what the test asks to the extension's exact origin, and registers a
 *   service worker and writes localStorage (to see where the framed app's storage lives).
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer as createHttp, type Server } from 'node:http';
import { createServer as createHttps } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Frame, Page, Worker } from 'playwright-core';
import { buildExtension } from '../../../tools/extension-build/build.ts';
import { launchBrowser, type TestBrowser } from './browser.ts';

const FIXTURES = new URL('../../fixtures/linkedin/', import.meta.url);
/** Profile slug → fixture page. */
export const LINKEDIN_PAGES: Record<string, string> = {
  'ada-lovelace': 'signed-in.html',
  'alan-turing': 'public.html',
  'helene-dubois': 'signed-in-fr.html',
};

const STAND_IN_APP = `<!doctype html><title>stand-in app</title><body>app
<script>
  window.received = [];
  addEventListener('message', (e) => {
    if (e.source === parent) received.push({ origin: e.origin, at: Date.now(), data: e.data });
  });
  window.send = (message) => { window.sentAt = Date.now(); parent.postMessage(message, location.ancestorOrigins[0]); };
  if (parent !== window) {
    // Only framed (in the panel): a top-level tab of this origin must find these, not make them.
    localStorage.setItem('written-in-panel', 'yes');
    window.swReady = navigator.serviceWorker.register('/sw.js').then(() => navigator.serviceWorker.ready).then(() => 'ok', String);
  }
</script>`;

function listen(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
  );
}

export interface ExtensionRig {
  browser: TestBrowser;
  appUrl: string;
  extensionId: string;
  worker: Worker;
  linkedinUrl(slug: string): string;
  /**
   * Opens the side panel page as a background tab of the active tab's window (automation cannot
   * click the toolbar button; the active tab stays active) and returns it with the app's frame.
   */
  openPanel(): Promise<{ panel: Page; app: Frame }>;
  stop(): Promise<void>;
}

function startStandInApp(): Promise<{ url: string; stop(): Promise<void> }> {
  const app = createHttp((req, res) => {
    if (req.url === '/sw.js')
      res.writeHead(200, { 'content-type': 'text/javascript' }).end('self.oninstall = () => {};');
    else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(STAND_IN_APP);
  });
  return listen(app).then((port) => ({
    url: `http://127.0.0.1:${port}/`,
    stop: () => new Promise<void>((resolve) => app.close(() => resolve())),
  }));
}

/** `appUrl`: the app to frame (default: the stand-in app). */
export async function startExtensionRig({ appUrl }: { appUrl?: string } = {}): Promise<ExtensionRig> {
  const work = await mkdtemp(join(tmpdir(), 'sidenote-extension-'));
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=www.linkedin.com'],
      ...[
        '-addext',
        'subjectAltName=DNS:www.linkedin.com',
        '-keyout',
        join(work, 'key.pem'),
        '-out',
        join(work, 'cert.pem'),
      ],
    ],
    { stdio: 'ignore' },
  );
  const linkedin = createHttps(
    { key: await readFile(join(work, 'key.pem')), cert: await readFile(join(work, 'cert.pem')) },
    (req, res) => {
      const slug = /^\/in\/([^/?]+)/.exec(req.url ?? '')?.[1];
      const file = slug ? LINKEDIN_PAGES[slug] : undefined;
      const body = file ? readFile(new URL(file, FIXTURES), 'utf8') : Promise.resolve('<!doctype html><h1>Feed</h1>');
      void body.then((html) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
    },
  );
  const [linkedinPort, standIn] = await Promise.all([listen(linkedin), appUrl ? null : startStandInApp()]);
  const framed = appUrl ?? standIn!.url;
  const built = await buildExtension({ appUrl: framed, outDir: join(work, 'build') });
  const browser = await launchBrowser({
    args: [
      `--disable-extensions-except=${built.dir}`,
      `--load-extension=${built.dir}`,
      `--host-resolver-rules=MAP www.linkedin.com:443 127.0.0.1:${linkedinPort}`,
      '--ignore-certificate-errors',
      // playwright-core turns Chrome's storage partitioning off (ThirdPartyStoragePartitioning,
      // among others, in one --disable-features); the last switch wins, so this one turns it
      // back on, as users have it: the storage test below then shows what the panel really gets.
      '--disable-features=',
    ],
  });
  const worker =
    browser.context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://')) ??
    (await browser.context.waitForEvent('serviceworker', { timeout: 15_000 }));
  return {
    browser,
    appUrl: framed,
    extensionId: new URL(worker.url()).host,
    worker,
    linkedinUrl: (slug) => `https://www.linkedin.com/in/${slug}/`,
    async openPanel() {
      const opened = browser.context.waitForEvent('page');
      // Code run in the extension's worker (its `chrome` global), as text: the test's types know no `chrome`.
      await worker.evaluate(`(async () => {
        const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
        await chrome.tabs.create({ url: chrome.runtime.getURL('sidepanel.html'), windowId: tab.windowId, active: false });
      })()`);
      const panel = await opened;
      const app = (await (await panel.waitForSelector('iframe#app')).contentFrame())!;
      return { panel, app };
    },
    async stop() {
      await browser.close();
      await new Promise((resolve) => linkedin.close(resolve));
      await standIn?.stop();
      await rm(work, { recursive: true, force: true });
    },
  };
}
