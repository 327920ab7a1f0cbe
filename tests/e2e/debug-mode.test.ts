/**
 * Debug mode as a per-user grant, the header's diagnostics and the global debug panels (issue
 * 20; spec 2 §2 "App header", "Debug panels", §6) in Chromium at the narrowest panel:
 * - a user without the grant sees no debug UI at all: `dbg=true` and a stored flag are ignored,
 *   no toggle, no info button, no diagnostics, no panels, and /cache-debug sends them to /;
 * - an admin grants it with the user details dialog's "Debug mode" switch; the user has it at
 *   their next sign-in: the toggle, the info button (the key masked: first 5 + last 3), the DEV
 *   badge, the two diagnostic toggles (kept across a reload), the panels (tab URL against the
 *   route's url query, environment, viewport, route, extension) and the message log;
 * - the actions: Send test message (no extension here: the bridge's timeout text, and the
 *   request in the message log), Copy diagnostics (no key, no token in the clipboard), Clear
 *   storage (the confirmation names the edits that will be lost; Cancel keeps them; confirming
 *   empties storage and signs out);
 * - axe finds nothing serious in either theme; 320 px without sideways scroll, header on one line.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { sql } from '../integration/support/personas.ts';
import {
  expectAccessibleInBothThemes,
  headerHeight,
  headerWidths,
  injectOutboxTrouble,
  NARROWEST_PANEL_PX,
  ONE_LINE_HEADER_PX,
} from './support/a11y.ts';
import { confirmedUser, signInWithForm, waitForPath } from './support/access.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { launchBrowser, type TestBrowser } from './support/browser.ts';
import { capturingUser } from './support/capture.ts';
import { profileOf, settingsOf, signOut } from './support/settings.ts';
import { outboxSize } from './support/localDb.ts';

let app: TestApp;
let browser: TestBrowser;
let page: Page;
let user: { email: string; password: string; id: string };

beforeAll(async () => {
  app = await startTestApp({
    sandboxes: true,
    dev: 'the DEV badge and the environment panel’s mode are those of a development server',
  });
  browser = await launchBrowser();
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.appUrl });
  page = await browser.context.newPage();
  await page.setViewportSize({ width: NARROWEST_PANEL_PX, height: 800 });
  user = await capturingUser(page, app, 'dbg-user');
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const button = (name: string) => page.getByRole('button', { name, exact: true });
const debugUi = () =>
  Promise.all(['Debug mode', 'Setting details', 'Diagnostic toggles'].map((name) => button(name).count())).then(
    async (counts) => [
      ...counts,
      await page.getByTestId('debug-panels').count(),
      await page.getByTestId('dev-badge').count(),
    ],
  );
const grantOf = async (authId: string) =>
  (
    await sql<{ on: boolean }>(app.stack, 'select debug_mode_allowed as on from public.profiles where auth_id = $1', [
      authId,
    ])
  )[0].on;

test('without the grant: dbg=true and a stored flag show no debug UI; /cache-debug sends the user to /', async () => {
  expect(await grantOf(user.id)).toBe(false);
  await page.goto(`${app.appUrl}/?dbg=true`);
  await page.getByRole('button', { name: 'User menu' }).waitFor();
  await page.getByTestId('active-setting-name').waitFor();
  expect(await debugUi()).toEqual([0, 0, 0, 0, 0]);
  expect(await page.evaluate(() => localStorage.getItem('debug_mode'))).not.toBe('true');
  await page.evaluate(() => {
    localStorage.setItem('debug_mode', 'true');
    localStorage.setItem('debug_diagnostics', 'true');
    localStorage.setItem('debug_message_log', 'true');
  });
  await page.goto(`${app.appUrl}/notion-settings?dbg=true`);
  await page.getByRole('heading', { name: 'Notion Settings', level: 1 }).waitFor();
  expect(await debugUi()).toEqual([0, 0, 0, 0, 0]);
  expect(await page.getByTestId('message-log').count()).toBe(0);
  // One debug-only screen here; which screens are debug-only, and the redirect's branches, are in
  // tests/unit/access-rules.test.ts › debug-only screens.
  await page.goto(`${app.appUrl}/cache-debug`);
  await waitForPath(page, '/');
  expect(await page.getByRole('heading', { name: 'Cache debug' }).count()).toBe(0);
  await page.evaluate(() => localStorage.setItem('debug_mode', 'false'));
  await page.goto(`${app.appUrl}/notion-settings`);
  await page.getByRole('heading', { name: 'Notion Settings', level: 1 }).waitFor();
});

test('an admin grants debug mode in the user details dialog; the user has it at the next sign-in', async () => {
  await page.evaluate(() => localStorage.clear()); // signed out here (the session lives in localStorage)
  const admin = await confirmedUser(app, 'dbg-admin');
  await signInWithForm(page, app, admin.email, admin.password);
  await waitForPath(page, '/');
  for (const started = Date.now(); !(await profileOf(app, admin.id)).active_team_id;) {
    if (Date.now() - started > 15_000) throw new Error('admin setup did not finish');
    await new Promise((done) => setTimeout(done, 100));
  }
  await sql(app.stack, "update public.profiles set role = 'admin' where auth_id = $1", [admin.id]);
  await page.goto(`${app.appUrl}/admin`);
  const search = page.getByRole('searchbox', { name: 'Search users by e-mail' });
  await search.fill(user.email);
  await search.press('Enter');
  await button(`Details of ${user.email}`).click();
  const dialog = page.getByRole('dialog', { name: 'User details' });
  const toggle = dialog.getByRole('switch', { name: 'Debug mode' });
  expect(await toggle.isChecked()).toBe(false);
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect.poll(() => grantOf(user.id)).toBe(true);
  await expect.poll(() => toggle.isChecked()).toBe(true);
  expect(await grantOf(admin.id)).toBe(false);
  await expectAccessibleInBothThemes(page, 'user details with the switch');
  await dialog.getByRole('button', { name: 'Close' }).press('Enter');
  await dialog.waitFor({ state: 'detached' });
  await signOut(page);

  await signInWithForm(page, app, user.email, user.password);
  await waitForPath(page, '/');
  const debugToggle = button('Debug mode');
  await debugToggle.waitFor();
  expect(await debugToggle.getAttribute('aria-pressed')).toBe('false');
  expect(await button('Setting details').count()).toBe(0);
});

test('debug mode: the info button masks the key; DEV badge; the diagnostic toggles persist', async () => {
  await button('Debug mode').click();
  await expect.poll(() => button('Debug mode').getAttribute('aria-pressed')).toBe('true');
  expect(await page.getByTestId('dev-badge').textContent()).toBe('DEV'); // the dev server is not the production build
  await button('Setting details').click();
  const demoKey = app.stack.sandboxes!.notion.demoKey;
  const masked = page.getByTestId('masked-key');
  await expect.poll(() => masked.textContent()).toMatch(/\S/);
  const shown = (await masked.textContent())!;
  expect(shown.startsWith(demoKey.slice(0, 5))).toBe(true);
  expect(shown.endsWith(demoKey.slice(-3))).toBe(true);
  expect(shown).not.toContain(demoKey.slice(5, -3));
  await page.keyboard.press('Escape');

  expect(await page.getByTestId('debug-panels').count()).toBe(0); // Diagnostics starts off
  const menu = button('Diagnostic toggles');
  await menu.focus();
  await page.keyboard.press('Enter');
  const diagnostics = page.getByRole('menuitemcheckbox', { name: 'Diagnostics' });
  await diagnostics.waitFor();
  expect(await diagnostics.getAttribute('aria-checked')).toBe('false');
  await page.keyboard.press('Enter'); // the first item has focus
  await page.getByTestId('debug-panels').waitFor();
  await menu.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitemcheckbox', { name: 'Message log' }).click();
  await page.getByTestId('message-log').waitFor();
  await page.reload();
  await page.getByTestId('debug-panels').waitFor();
  await page.getByTestId('message-log').waitFor();
  expect(await headerHeight(page), await headerWidths(page)).toBeLessThanOrEqual(ONE_LINE_HEADER_PX);
});

test('the header holds still while the diagnostics menu downloads: the debug toggle does not move sideways', async () => {
  // the menu is a lazy part: its download held until the toggle's place is read
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/DiagnosticsMenu*', async (route) => {
    await held;
    await route.continue();
  });
  try {
    await page.goto(`${app.appUrl}/notion-settings`);
    await button('Setting details').waitFor(); // debug mode on (the stored flag)
    expect(await button('Diagnostic toggles').count()).toBe(0);
    // sideways only: the header's height follows other parts as they load (the setting's name)
    const place = async () => {
      const box = await button('Debug mode').boundingBox();
      return box && { x: box.x, width: box.width };
    };
    const before = await place();
    release();
    await button('Diagnostic toggles').waitFor();
    expect(await place()).toEqual(before);
  } finally {
    release();
    await page.unroute('**/DiagnosticsMenu*');
  }
});

const fact = (id: string) => page.locator(`[data-fact="${id}"]`);

test('the panels: the tab URL (timeout without an extension) against the url query, environment, viewport, route', async () => {
  const profile = 'https://www.linkedin.com/in/jane-doe/';
  await page.goto(`${app.appUrl}/?url=${encodeURIComponent(profile)}`);
  await page.getByTestId('debug-panels').waitFor();
  await expect
    .poll(() => fact('tab-url').textContent(), { timeout: 5_000 })
    .toBe('Timeout: Extension did not respond within 2 seconds');
  expect(await fact('route-url').textContent()).toBe(profile);
  expect(await fact('url-comparison').textContent()).toBe('no tab url');
  expect(await fact('mode').textContent()).toBe('development');
  expect(await fact('backend').textContent()).toBe(new URL(app.stack.apiUrl).host);
  expect(await fact('version').textContent()).toMatch(/^\d+\.\d+\.\d+/);
  expect(await fact('viewport').textContent()).toMatch(/^320 × 800/);
  expect(await fact('route-path').textContent()).toBe('/');
  expect(await fact('route-id').textContent()).toBe('root');
  await page.goto(`${app.appUrl}/account`);
  await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
  await expect.poll(() => fact('route-id').textContent()).toBe('account');
  await expectAccessibleInBothThemes(page, 'debug panels and message log');
});

test('Send test message shows the outcome and the log records it; Copy diagnostics holds no key or token', async () => {
  await button('Send test message').click();
  await expect
    .poll(() => page.getByTestId('debug-outcome').textContent(), { timeout: 5_000 })
    .toBe('Timeout: Extension did not respond within 2 seconds');
  const log = page.getByTestId('message-log');
  await expect.poll(() => log.locator('li').first().textContent()).toContain('REQUEST_CURRENT_URL');
  expect(await log.locator('li').first().textContent()).toContain('rejected');

  await button('Copy diagnostics').click();
  await expect.poll(() => page.getByTestId('debug-outcome').textContent()).toBe('Diagnostics copied to the clipboard');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  const diagnostics = JSON.parse(copied) as { route: { id: string }; environment: { backendHost: string } };
  expect(diagnostics.route.id).toBe('account');
  const session = await page.evaluate(() =>
    Object.entries(localStorage).find(([key]) => key.startsWith('sb-') && key.endsWith('-auth-token')),
  );
  const { access_token, refresh_token } = JSON.parse(session![1]) as { access_token: string; refresh_token: string };
  for (const secret of [access_token, refresh_token, app.stack.anonKey, app.stack.sandboxes!.notion.demoKey]) {
    expect(copied).not.toContain(secret);
  }
  expect(copied).not.toMatch(/eyJ[\w-]+\.[\w-]+|ntn_/);
});

test('Clear storage names the edits that will be lost; Cancel keeps them; confirming empties storage and signs out', async () => {
  const [setting] = await settingsOf(app, user.id);
  await injectOutboxTrouble(page, user.id, setting.workspace_id);
  await page.reload(); // written behind Dexie's back: read afresh
  await page.getByTestId('failed-count').waitFor();
  await page.getByTestId('debug-panels').waitFor();
  await button('Clear storage').click();
  const dialog = page.getByRole('alertdialog', { name: 'Clear storage?' });
  await dialog.waitFor();
  expect(await dialog.getByTestId('clear-storage-warning').textContent()).toBe(
    '2 failed edits will be lost. You will be signed out.',
  );
  await expectAccessibleInBothThemes(page, 'clear storage confirmation');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  expect(await page.getByTestId('failed-count').textContent()).toContain('2');

  await button('Clear storage').click();
  const reloaded = page.waitForEvent('load');
  await dialog.getByRole('button', { name: 'Clear storage' }).click();
  await reloaded;
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
  expect(await outboxSize(page)).toBe(0);
});
