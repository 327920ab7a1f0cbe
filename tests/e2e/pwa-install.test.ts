/**
 * Issue 15, the installable side panel, against the production build served as `npm start`
 * serves it: Chromium reports no installability error (DevTools protocol), the manifest's PNG
 * icons (192, 512, maskable) load, and after one visit the shell starts with no network.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from './support/app.ts';
import { launchBrowser, type TestBrowser } from './support/browser.ts';

let app: TestApp;
let browser: TestBrowser;

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser({
    own: 'installability is judged for a profile on disk, not an off-the-record context',
  });
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** Visits the app and waits until its service worker controls the page (a reload after the first install). */
async function controlledPage(): Promise<Page> {
  const page = await browser.context.newPage();
  await page.goto(app.appUrl);
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  return page;
}

test('Chromium finds no installability error; the manifest names PNG icons that load', async () => {
  const page = await controlledPage();
  const cdp = await browser.context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);
  const manifest = await (await fetch(`${app.appUrl}/manifest.webmanifest`)).json();
  expect(manifest).toMatchObject({ id: '/', start_url: '/', scope: '/', display: 'standalone' });
  const pngs = (manifest.icons as { src: string; sizes: string; type: string; purpose: string }[]).filter(
    (icon) => icon.type === 'image/png',
  );
  expect(pngs.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of pngs) {
    const response = await fetch(`${app.appUrl}${icon.src}`);
    expect([icon.src, response.status, response.headers.get('content-type')]).toEqual([icon.src, 200, 'image/png']);
  }
  await page.close();
});

test('after one visit the shell starts offline', async () => {
  const page = await controlledPage();
  await page.waitForURL(`${app.appUrl}/login`);
  await browser.context.setOffline(true);
  try {
    await page.reload();
    await expect.poll(() => page.locator('h1').textContent(), { timeout: 15_000 }).toBe('Sign in');
    // the routes too: a deep link answers from the cached shell
    await page.goto(`${app.appUrl}/register`);
    await expect.poll(() => page.locator('h1').count()).toBe(1);
  } finally {
    await browser.context.setOffline(false);
    await page.close();
  }
});
