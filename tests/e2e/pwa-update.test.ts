/**
 * Issue 15: a new version waits until the user says so, and never cuts an edit off. A new
 * build is served while the panel is open → "A new version is available" → Reload waits while
 * an outbox write is in flight ("Saving your changes…"), switches once it has answered, and
 * the page runs the new build with the queued edit still there.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from './support/app.ts';
import { launchBrowser, type TestBrowser } from './support/browser.ts';

let app: TestApp;
let browser: TestBrowser;
const originsBefore = process.env.VITE_EXTENSION_ORIGINS;

beforeAll(async () => {
  app = await startTestApp({ own: 'it rebuilds the served app into a new version' });
  browser = await launchBrowser();
});

afterAll(async () => {
  process.env.VITE_EXTENSION_ORIGINS = originsBefore;
  await browser?.close();
  await app?.stop();
});

const script = (page: Page) => page.evaluate(() => document.querySelector('script[type=module]')?.getAttribute('src'));

/** The page's outbox rows (raw IndexedDB): adds `add`, sets or clears every in-flight mark; returns the rows read. */
const outbox = (page: Page, op: { add?: object; inFlight?: boolean }) =>
  page.evaluate(
    ({ add, inFlight }) =>
      new Promise<object[]>((resolve, reject) => {
        const open = indexedDB.open('sidenote');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const store = open.result.transaction('outbox', 'readwrite').objectStore('outbox');
          if (add) store.add(add);
          const all = store.getAll();
          all.onsuccess = () => {
            for (const row of all.result) {
              if (inFlight !== undefined) store.put({ ...row, inFlightSince: inFlight ? Date.now() : null });
            }
            resolve(all.result);
          };
        };
      }),
    op,
  );

test('a new build: the prompt, Reload held while a write is out, then the new version with the edit kept', async () => {
  const page = await browser.context.newPage();
  await page.goto(app.appUrl);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload(); // a later visit: the installed version controls the page
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  const before = await script(page);
  // an edit waiting in the outbox (another user's: this page never sends it), and in flight
  const edit = {
    authId: 'someone-signed-out',
    workspaceId: 'w',
    pageId: 'p',
    propertyId: 'c',
    value: { rich_text: [] },
    base: null,
    baseAt: Date.now(),
    editedAt: Date.now(),
    sentValues: [],
    state: 'queued',
    dueAt: Date.now(),
    attempts: 0,
    inFlightSince: Date.now(),
  };
  await outbox(page, { add: edit });

  process.env.VITE_EXTENSION_ORIGINS = `${originsBefore ?? ''},https://next-version.example`;
  await app.rebuild!();
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
  const prompt = page.getByRole('status').filter({ hasText: 'A new version is available' });
  await prompt.waitFor({ timeout: 20_000 });

  await prompt.getByRole('button', { name: 'Reload' }).click();
  await page.getByText('Saving your changes, then reloading…').waitFor();
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  expect(await script(page)).toBe(before); // held: the write is still out

  const reloaded = page.waitForEvent('load');
  await outbox(page, { inFlight: false }); // Notion answered
  await reloaded;
  await expect.poll(() => script(page), { timeout: 15_000 }).not.toBe(before);
  expect(await page.getByText('A new version is available').count()).toBe(0);
  expect(await outbox(page, {})).toHaveLength(1);
  await page.close();
});
