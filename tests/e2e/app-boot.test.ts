import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, type TestBrowser } from './support/browser.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { confirmedUser, signInWithForm, waitForPath } from './support/access.ts';
import { grantDebugMode } from './support/debugGrant.ts';

let app: TestApp;
let browser: TestBrowser;

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser({ serviceWorkers: 'block' }); // it routes the app's requests
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const backendStatus = (page: Page) => page.getByRole('status', { name: 'Backend status' });

test('the app boots in Chromium, sends a signed-out visitor to /login, with no backend line for users', async () => {
  const page = await browser.context.newPage();
  await page.goto(app.appUrl);
  await page.waitForURL(`${app.appUrl}/login`);
  await expect.poll(() => page.locator('h1').textContent()).toBe('Sign in');
  await page.waitForTimeout(500);
  expect(await backendStatus(page).count()).toBe(0);
  expect(await page.locator('footer').count()).toBe(0);
  await page.close();
});

test('in debug mode a footer line says the local API is reached, and where', async () => {
  const page = await browser.context.newPage();
  // Debug mode is a per-user grant (issue 20): a signed-out visitor's dbg=true shows nothing.
  await page.goto(`${app.appUrl}/?dbg=true`);
  await page.waitForURL(`${app.appUrl}/login`);
  await page.waitForTimeout(500);
  expect(await backendStatus(page).count()).toBe(0);
  const user = await confirmedUser(app, 'boot-debug');
  await grantDebugMode(app, user.id);
  await signInWithForm(page, app, user.email, user.password);
  await waitForPath(page, '/');
  await page.goto(`${app.appUrl}/?dbg=true`);
  const status = backendStatus(page);
  await expect.poll(() => status.getAttribute('data-status'), { timeout: 15_000 }).toBe('online');
  await expect.poll(() => status.textContent()).toContain(app.stack.apiUrl);
});

test('the app reports an unreachable API instead of pretending', async () => {
  // Signed in by the test above, with the grant cached: kept when the API cannot be reached.
  const page = await browser.context.newPage();
  await page.route(`${app.stack.apiUrl}/**`, (route) => route.abort('connectionrefused'));
  await page.goto(`${app.appUrl}/?dbg=true`);
  await expect.poll(() => backendStatus(page).getAttribute('data-status'), { timeout: 15_000 }).toBe('offline');
});
