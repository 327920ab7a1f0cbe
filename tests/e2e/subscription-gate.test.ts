/**
 * The subscription gate on every route (issue 18; spec 2 §2, §4), in Chromium: a signed-in user
 * whose team's subscription has lapsed sees "Subscription Inactive" with the way to /account on
 * the settings list; /account stays open; the team active again, the screens come back. Which
 * routes the gate guards (the page screen, Root, /profile open) is a unit test:
 * tests/unit/billing-gate-checkout.test.ts. The team is changed in the database, as Stripe's webhook does;
 * the app's local copy of the team is dropped, as its TTL would.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from './support/app.ts';
import { launchBrowser, type TestBrowser } from './support/browser.ts';
import { newSignedInUser } from './support/settings.ts';

let app: TestApp;
let browser: TestBrowser;
let panel: Page;
let authId: string;

const setStatus = (status: string) =>
  app.stack.db.transaction((tx) =>
    tx.query(
      `update public.teams set subscription_status = $2, trial_end_date = null
        where id = (select p.active_team_id from public.profiles p where p.auth_id = $1)`,
      [authId, status],
    ),
  );

/** Drops the app's copy of the team (IndexedDB), as its TTL would. */
const forgetTeam = () =>
  panel.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('sidenote');
        open.onsuccess = () => {
          const store = open.result.transaction('cache', 'readwrite').objectStore('cache');
          const request = store.delete(IDBKeyRange.bound('active_team', 'active_team\uffff'));
          request.onsuccess = () => (open.result.close(), resolve());
          request.onerror = () => reject(request.error);
        };
      }),
  );

const blocker = () => panel.getByRole('alert', { name: 'Subscription Inactive' });
const visit = (path: string) => panel.goto(`${app.appUrl}${path}`);

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
  panel = await browser.context.newPage();
  authId = (await newSignedInUser(panel, app, 'gate')).id;
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

test('a lapsed team sees the blocker, with the way to /account, which stays open; active again, the screens come back', async () => {
  await visit('/notion-settings');
  await panel.getByRole('heading', { level: 1 }).waitFor({ timeout: 15_000 });
  expect(await blocker().count()).toBe(0);

  await setStatus('canceled');
  await forgetTeam();
  await visit('/notion-settings');
  await blocker().waitFor({ timeout: 15_000 });
  expect(await blocker().getByRole('link', { name: 'Go to your account' }).getAttribute('href')).toBe('/account');
  await blocker().getByRole('link', { name: 'Go to your account' }).click();
  await panel.waitForURL(`${app.appUrl}/account`);
  await panel.getByRole('heading', { level: 1 }).waitFor({ timeout: 15_000 });
  await panel.waitForTimeout(500); // the gate's answer has come: still no blocker
  expect(await blocker().count()).toBe(0);

  await setStatus('active');
  await forgetTeam();
  await visit('/notion-settings');
  await panel.getByRole('heading', { level: 1 }).waitFor({ timeout: 15_000 });
  await panel.waitForTimeout(500);
  expect(await blocker().count()).toBe(0);
});
