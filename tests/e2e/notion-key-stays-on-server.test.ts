/**
 * Issue 13, "The Notion key stays on the server", in Chromium against the stack, the Notion
 * sandbox and the extension harness: a new account runs the whole wizard (the key typed,
 * validated, saved; database, mapping, setting) and captures a profile. Every request the
 * browser sent (pages, frames and any service worker, recorded on the context) and every
 * storage the app can write (localStorage, sessionStorage, cookies, every IndexedDB database,
 * Cache Storage — top level and in the harness's partitioned frame) is then searched for the
 * key:
 * - in a request header: exactly once, the validation GET users/me at entry;
 * - in a request body: only the two RPCs that receive a typed key (duplicate check, creation);
 * - in a URL, or in any storage: never.
 */
import type { Frame, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, type TestBrowser } from './support/browser.ts';
import { capturingUser, openHarness, startCaptureApp, type CaptureApp } from './support/capture.ts';

let capture: CaptureApp;
let browser: TestBrowser;
let page: Page;

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}
const recorded: Promise<Sent>[] = [];
const record = (request: Request) =>
  recorded.push(
    request.allHeaders().then((headers) => ({
      method: request.method(),
      url: request.url(),
      headers,
      body: request.postData() ?? '',
    })),
  );

beforeAll(async () => {
  capture = await startCaptureApp();
  browser = await launchBrowser();
  browser.context.on('request', record);
  page = await browser.context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await capture?.stop();
});

/** Everything this origin's storage holds, as JSON (runs in a page, a frame or a worker). */
async function dumpStorage(): Promise<string> {
  const read = (request: IDBRequest) =>
    new Promise<unknown>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  const databases: Record<string, Record<string, unknown>> = {};
  for (const { name } of await indexedDB.databases()) {
    if (!name) continue;
    const db = (await read(indexedDB.open(name))) as IDBDatabase;
    const stores = [...db.objectStoreNames];
    databases[name] = {};
    for (const store of stores) {
      databases[name][store] = await read(db.transaction(store).objectStore(store).getAll());
    }
    db.close();
  }
  const caches: Record<string, string[]> = {};
  if ('caches' in globalThis) {
    for (const cacheName of await globalThis.caches.keys()) {
      const cache = await globalThis.caches.open(cacheName);
      caches[cacheName] = [];
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        caches[cacheName].push(`${request.url}\n${response ? await response.text() : ''}`);
      }
    }
  }
  const entries = (storage: Storage | undefined) =>
    storage
      ? Object.fromEntries(
          Array.from({ length: storage.length }, (_, i) => storage.key(i)!).map((k) => [k, storage.getItem(k)]),
        )
      : {};
  const hasDocument = typeof document !== 'undefined';
  return JSON.stringify({
    localStorage: entries(hasDocument ? localStorage : undefined),
    sessionStorage: entries(hasDocument ? sessionStorage : undefined),
    cookie: hasDocument ? document.cookie : '',
    databases,
    caches,
  });
}

const appFrame = (): Frame => page.frames().find((f) => f.url().startsWith(capture.app.appUrl))!;

test('after a full wizard and a capture, the key was sent once (users/me at entry) and is stored nowhere', async () => {
  const key = capture.app.stack.sandboxes!.notion.demoKey;
  // The wizard: add the workspace with the key, choose the database, map, save the setting.
  await capturingUser(page, capture.app, 'keyless', { throughWizard: true });
  // A capture in the extension's side panel: Add, then the found page.
  const frame = await openHarness(page, capture.harness);
  await page.getByRole('button', { name: 'Zoë Müller', exact: true }).click();
  await frame.getByText('Add this profile to your Notion CRM?').waitFor({ timeout: 15_000 });
  await frame.getByRole('button', { name: 'Add profile' }).click();
  await frame.getByTestId('notion-profile').getByRole('heading', { name: 'Zoë Müller' }).waitFor({ timeout: 15_000 });
  // A reload restores the active setting and checks the profile again.
  await page.reload();
  await page.frameLocator('iframe#app').getByTestId('notion-profile').waitFor({ timeout: 15_000 });

  // What is searched is what was sent until now; later requests (the app keeps polling) would
  // only be read while the browser closes.
  browser.context.off('request', record);
  const sent = await Promise.all(recorded);
  const where = (hit: (request: Sent) => boolean) =>
    sent.filter(hit).map((request) => `${request.method} ${new URL(request.url).pathname}`);
  const notionCalls = sent.filter((request) => new URL(request.url).pathname.startsWith('/api/notion/v1/'));

  expect(where((r) => Object.values(r.headers).some((value) => value.includes(key)))).toEqual([
    'GET /api/notion/v1/users/me',
  ]);
  expect(where((r) => r.url.includes(key) || decodeURIComponent(r.url).includes(key))).toEqual([]);
  expect(new Set(where((r) => r.body.includes(key)))).toEqual(
    new Set(['POST /rest/v1/rpc/linked_workspace_for_key', 'POST /rest/v1/rpc/create_workspace_with_association']),
  );
  // Every other Notion call named the workspace instead, and there were such calls.
  const byWorkspace = notionCalls.filter((r) => r.headers['x-sidenote-workspace'] && !r.headers['x-notion-key']);
  expect(byWorkspace).toHaveLength(notionCalls.length - 1);
  const paths = new Set(
    byWorkspace.map((r) => `${r.method} ${new URL(r.url).pathname.replace(/[0-9a-f-]{32,36}/g, '{id}')}`),
  );
  for (const call of [
    'POST /api/notion/v1/search',
    'GET /api/notion/v1/data_sources/{id}',
    'POST /api/notion/v1/data_sources/{id}/query',
    'POST /api/notion/v1/pages',
  ]) {
    expect(paths).toContain(call);
  }

  // Storage: the app's own origin (the wizard ran there) and the framed app (partitioned under
  // the harness), plus any service worker.
  const settingsPage = await browser.context.newPage();
  await settingsPage.goto(`${capture.app.appUrl}/notion-settings`);
  await settingsPage.getByText('Capture CRM').first().waitFor();
  const dumps = [await settingsPage.evaluate(dumpStorage), await appFrame().evaluate(dumpStorage)];
  for (const worker of browser.context.serviceWorkers()) dumps.push(await worker.evaluate(dumpStorage));
  const cookies = JSON.stringify(await browser.context.cookies());
  for (const dump of dumps) {
    // The dump really reads the app's data: the setting and the server's mask are there.
    expect(dump).toContain('Capture CRM');
    expect(dump).toContain(`${key.slice(0, 5)}…${key.slice(-3)}`);
  }
  for (const text of [...dumps, cookies]) {
    expect(text).not.toContain(key);
    expect(text).not.toContain(key.slice(5, -3));
  }
});
