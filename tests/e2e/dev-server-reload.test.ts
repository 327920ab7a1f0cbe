/**
 * Issue 16: a dev-server session survives the first edge-function call. Deno downloads the
 * functions' npm packages into its cache on that call; a newcomer's cache is under `.local/`
 * (npm start's data folder, inside the project), and one of those packages ships a
 * tsconfig.json, which made Vite's watcher reload the app mid-action. Here Deno's cache is a
 * fresh folder under `.local/`, so the first call downloads for real, as it does for a newcomer.
 */
import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, type TestBrowser } from './support/browser.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { modal, newSignedInUser, validateKeyInModal } from './support/settings.ts';

const denoDir = resolve('.local', `e2e-deno-${process.pid}-${Date.now()}`);
const previousDenoDir = process.env.DENO_DIR;
let app: TestApp;
let browser: TestBrowser;
let page: Page;

beforeAll(async () => {
  process.env.DENO_DIR = denoDir;
  app = await startTestApp({
    sandboxes: true,
    dev: 'the dev server’s reloads are what it tests',
    own: 'its functions download into a new Deno cache, watched by a dev server of its own',
  });
  browser = await launchBrowser();
  page = await browser.context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  if (previousDenoDir === undefined) delete process.env.DENO_DIR;
  else process.env.DENO_DIR = previousDenoDir;
  await rm(denoDir, { recursive: true, force: true });
});

test('validating a Notion key (the first edge-function call, Deno downloading) does not reload the app', async () => {
  await newSignedInUser(page, app, 'dev-reload');
  await page.goto(`${app.appUrl}/new-setting/select-workspace`);
  await page.getByText('No workspaces found. You can create a new one.').waitFor();
  await page.evaluate(() => Object.assign(window, { sessionMark: 'before the call' }));
  let navigations = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations += 1;
  });

  await validateKeyInModal(page, app.stack.sandboxes!.notion.demoKey);
  await expect.poll(() => modal(page).getByTestId('validated-workspace').textContent()).toBe('Sidenote Demo');
  // The watcher reports files a moment after Deno writes them: give a reload time to happen.
  await page.waitForTimeout(2_000);

  expect(navigations).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { sessionMark?: string }).sessionMark)).toBe(
    'before the call',
  );
  expect(await modal(page).getByTestId('validated-workspace').textContent()).toBe('Sidenote Demo');
});
