/**
 * Issue 16: offline, screens show the offline state, never a raw fetch error — /account, and
 * `/` for a user with no active setting, which showed "Loading…" while the active-setting
 * restore waited for supabase-js to give up reading the profile (it retries a failed read for
 * about 7 s). The dev server has no service worker: screens are reached by client-side
 * navigation after an online first visit.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { TestBrowser } from './support/browser.ts';
import type { TestApp } from './support/app.ts';
import { openAppPage } from './support/appPage.ts';
import { waitForPath } from './support/access.ts';
import { newSignedInUser } from './support/settings.ts';

let app: TestApp;
let browser: TestBrowser;
let page: Page;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, browser, page, close } = await openAppPage());
  await newSignedInUser(page, app, 'offline');
});

afterAll(() => close?.());

async function offline<T>(work: () => Promise<T>): Promise<T> {
  await browser.context.setOffline(true);
  try {
    return await work();
  } finally {
    await browser.context.setOffline(false);
  }
}

const bodyText = () => page.evaluate(() => document.body.innerText);

test('/account offline: the offline state, no raw fetch error', async () => {
  await page.goto(`${app.appUrl}/profile`);
  await page.locator('h1').first().waitFor();
  await offline(async () => {
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Account' }).click();
    await waitForPath(page, '/account');
    await page.getByRole('status').filter({ hasText: 'Offline' }).waitFor();
    await page.getByText('You are offline', { exact: true }).waitFor();
    expect(await bodyText()).not.toMatch(/TypeError|Failed to fetch|Loading/);
  });
});

test('/ offline without an active setting: says it is offline at once (not "Loading…"), then carries on', async () => {
  await page.goto(`${app.appUrl}/profile`);
  await page.locator('h1').first().waitFor();
  await offline(async () => {
    // A client-side navigation to / (no service worker in the dev server).
    await page.evaluate(() => {
      history.pushState(null, '', '/');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    // The decision waits seconds for the profile (supabase-js retries a failed read): it is not
    // "Loading…" meanwhile.
    await page.getByRole('heading', { level: 1, name: 'You are offline' }).waitFor({ timeout: 3_000 });
    await page.getByText('Sidenote needs the network to check your setup.', { exact: false }).waitFor();
    expect(await bodyText()).not.toMatch(/TypeError|Failed to fetch|Loading/);
  });
  // The entry guard decides in the end: no active setting → the settings list.
  await waitForPath(page, '/notion-settings');
});
