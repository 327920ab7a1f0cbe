/**
 * /cache-debug in Chromium (issue 20), production build with its service worker, Notion sandbox
 * through the proxy: the spec's French labels over the cached active setting; an edit made
 * offline on the page editor shows as pending here (the counts line is a status), then as
 * failed once the network is back and Notion refuses it (the page is in the trash); Retry from
 * this screen sends it (read back from Notion) and Discard asks first, keeps the edit on "Keep
 * it" and drops it on "Discard" (read back from IndexedDB); focus goes from a choice's entry to
 * the next entry's first action, else to the outbox's heading; the exports hold an edit made
 * offline but no Notion key and no session token (the downloaded files against the demo key and
 * the session's tokens, which IndexedDB and localStorage do hold); axe finds nothing serious in
 * either theme, and nothing scrolls sideways at 320 px.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { SEED_IDS } from '../../supabase/local/sandboxes/notion/index.ts';
import { NARROWEST_PANEL_PX, pageWidth, seriousViolations } from './support/a11y.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { launchBrowser, type TestBrowser } from './support/browser.ts';
import { grantDebugMode } from './support/debugGrant.ts';
import { capturingUser } from './support/capture.ts';
import { sandboxCall } from './support/notionSandbox.ts';
import { notionProperties, pageRows } from './support/pageRows.ts';
import { localDb, outboxSize } from './support/localDb.ts';

const jose = SEED_IDS.page(SEED_IDS.databases.people, 'jose');

let app: TestApp;
let browser: TestBrowser;
let panel: Page;
let authId: string;

const { row, edit } = pageRows(() => panel);
const cityInNotion = async () =>
  ((await notionProperties(app, jose)).City.rich_text as { plain_text: string }[]).map((t) => t.plain_text).join('');
const trash = (inTrash: boolean) => sandboxCall(app, 'PATCH', `/pages/${jose}`, { in_trash: inTrash });

const entries = () => panel.getByTestId('outbox-entry');
const entryIn = (state: string) => panel.locator(`[data-testid="outbox-entry"][data-state="${state}"]`);

async function openJose() {
  await panel.goto(`${app.appUrl}/notion-profile?id=${jose}`);
  await row('City').waitFor({ timeout: 15_000 });
}

/** Edits a text property of the open page (the page editor, as a user does). */
async function editText(name: string, value: string) {
  await edit(name);
  const field = row(name).getByRole('textbox', { name });
  await field.fill(value);
  await field.press('Tab'); // blur saves
}
const editCity = (value: string) => editText('City', value);

const focused = () => panel.evaluate(() => document.activeElement?.textContent);

const openCacheDebug = async () => {
  await panel.goto(`${app.appUrl}/cache-debug`);
  await panel.getByRole('heading', { name: 'Cache debug', level: 1 }).waitFor({ timeout: 15_000 });
  await panel.getByTestId('outbox-counts').waitFor();
};

async function downloaded(button: string): Promise<string> {
  const [download] = await Promise.all([
    panel.waitForEvent('download'),
    panel.getByRole('button', { name: button }).click(),
  ]);
  return readFile((await download.path())!, 'utf8');
}

beforeAll(async () => {
  app = await startTestApp({ sandboxes: true });
  browser = await launchBrowser();
  panel = await browser.context.newPage();
  authId = (await capturingUser(panel, app, 'cachedebug')).id;
  await grantDebugMode(app, authId); // /cache-debug is for users granted debug mode (issue 20)
  await panel.evaluate(() => navigator.serviceWorker.ready);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

test('the spec’s French labels over the cached active setting, with its storage key and age against 30 min', async () => {
  await openCacheDebug();
  const section = panel.getByRole('region', { name: 'Paramètre actif en cache' });
  const facts = section.getByTestId('cached-setting');
  await facts.waitFor();
  const text = await facts.innerText();
  expect(text).toContain('Paramètre actif');
  expect(text).toContain('Capture CRM');
  expect(text).toMatch(/Clés de stockage\s+IndexedDB sidenote › cache › active_setting/);
  expect(text).toMatch(/Âge du cache\s+\d+ (s|min) \/ 30 min fresh/);
  expect(await section.getAttribute('lang')).toBe('fr');
});

test('the browser’s figures: storage used and persistence, the worker’s script, build and state, Background Sync', async () => {
  await openCacheDebug();
  const figures = panel.getByTestId('browser-state');
  await figures.waitFor();
  const text = await figures.innerText();
  expect(text).toMatch(/Storage used\s+[\d.]+ (B|kB|MB|GB|TB) of [\d.]+ (B|kB|MB|GB|TB)/);
  expect(text).toMatch(/Persistent storage\s+(yes|no)/);
  expect(text).toMatch(/Service worker\s+http:\/\/[^/]+\/sw\.js \(activated\)/);
  expect(text).toMatch(/Update waiting\s+no/);
  expect(text).toMatch(/Background Sync registered\s+(yes|no)/);
  // the build the worker serves: its index.html's precache revision, as the built sw.js holds it
  const version = await panel.getByTestId('worker-version').textContent();
  expect(version).toMatch(/^[0-9a-f]{32}$/);
  const built = await (await fetch(`${app.appUrl}/sw.js`)).text();
  expect(built).toContain(`"revision":"${version}"`);
});

test('an edit made offline is pending here, failed once Notion refuses it; Retry sends it', async () => {
  await openJose(); // visited online: its copy is in IndexedDB
  await browser.context.setOffline(true);
  try {
    await editCity('Valdivia');
    await openCacheDebug();
    await entryIn('Pending').waitFor({ timeout: 10_000 });
    expect(await entryIn('Pending').innerText()).toMatch(/City[\s\S]*Valdivia[\s\S]*Attempts\s+0/);
    expect(await panel.getByRole('status').filter({ hasText: 'Pending:' }).textContent()).toBe(
      'Pending: 1 · In flight: 0 · Failed: 0 · Conflicts: 0',
    );
    await trash(true); // the sandbox is reached by the test, not by the offline browser
  } finally {
    await browser.context.setOffline(false);
  }
  try {
    await entryIn('Failed').waitFor({ timeout: 25_000 });
    expect(await entryIn('Failed').innerText()).toContain("Can't edit block that is archived.");
    expect(await entries().count()).toBe(1);
    expect(await cityInNotion()).not.toBe('Valdivia');
  } finally {
    await trash(false);
  }
  await entryIn('Failed').getByRole('button', { name: 'Retry' }).click();
  await expect.poll(focused).toBe('Outbox'); // its entry left the failed list; no other
  await expect.poll(cityInNotion, { timeout: 20_000 }).toBe('Valdivia');
  await expect.poll(() => outboxSize(panel), { timeout: 10_000 }).toBe(0);
  await expect.poll(() => entries().count()).toBe(0);
});

test('Discard asks first (keyboard): "Keep it" keeps the edit, "Discard" drops it and nothing reaches Notion; focus goes on', async () => {
  const before = await notionProperties(app, jose);
  await openJose();
  await trash(true);
  try {
    await editCity('Temuco');
    await editText('Email', 'jose@example.org');
    await openCacheDebug();
    await expect.poll(() => entryIn('Failed').count(), { timeout: 25_000 }).toBe(2);
  } finally {
    await trash(false);
  }
  const dialog = panel.getByRole('alertdialog', { name: 'Discard this change?' });
  const city = entryIn('Failed').filter({ hasText: 'Temuco' });
  await city.getByRole('button', { name: 'Discard…' }).focus();
  await panel.keyboard.press('Enter');
  await dialog.waitFor();
  await expect.poll(focused).toBe('Keep it'); // the safe choice first
  await panel.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached' });
  expect(await outboxSize(panel)).toBe(2);

  await city.getByRole('button', { name: 'Discard…' }).focus();
  await panel.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Discard', exact: true }).focus();
  await panel.keyboard.press('Enter');
  await expect.poll(() => outboxSize(panel)).toBe(1);
  // the next entry's first action has focus
  await expect.poll(focused).toBe('Retry');
  expect(await panel.evaluate(() => document.activeElement?.closest('li')?.textContent)).toContain('jose@example.org');

  await entryIn('Failed').getByRole('button', { name: 'Discard…' }).focus();
  await panel.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Discard', exact: true }).focus();
  await panel.keyboard.press('Enter');
  await expect.poll(() => outboxSize(panel)).toBe(0);
  await expect.poll(() => entries().count()).toBe(0);
  await expect.poll(focused).toBe('Outbox'); // no entry left
  const after = await notionProperties(app, jose);
  expect([after.City, after.Email]).toEqual([before.City, before.Email]);
});

test('the exports hold the local state and an edit made offline, but no Notion key and no session token', async () => {
  const session = await panel.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.endsWith('-auth-token'))!;
    return JSON.parse(localStorage.getItem(key)!) as { access_token: string; refresh_token: string };
  });
  // the worker's mirror keeps the access token in IndexedDB: there is something to redact
  const mirrored = JSON.stringify(await localDb(panel, 'cache', { op: 'get', key: 'worker_session' }));
  expect(mirrored).toContain(session.access_token);

  await openJose();
  await browser.context.setOffline(true);
  let whole: string, outbox: string;
  try {
    await editCity('Puerto Montt'); // waits in the outbox while offline: the exports have an entry
    await openCacheDebug();
    await entryIn('Pending').waitFor({ timeout: 10_000 });
    whole = await downloaded('Export local state');
    outbox = await downloaded('Export outbox');
  } finally {
    await browser.context.setOffline(false);
  }
  const state = JSON.parse(whole) as {
    indexedDb: { tables: Record<string, unknown[]>; otherAccountsRowsLeftOut: Record<string, number> };
  };
  expect(state.indexedDb.tables.outbox).toHaveLength(1);
  expect(state.indexedDb.otherAccountsRowsLeftOut).toMatchObject({ outbox: 0, pageSnapshots: 0 });
  expect(whole).toContain(authId);
  expect(whole).toContain('Capture CRM');
  expect(whole).toContain('[redacted]');
  await panel.getByRole('status').filter({ hasText: 'Local state exported, keys and tokens redacted.' }).waitFor();
  const exported = JSON.parse(outbox) as { authId: string; state: string; value: unknown }[];
  expect(exported).toHaveLength(1);
  expect(exported[0]).toMatchObject({ authId, state: 'queued' });
  expect(JSON.stringify(exported[0].value)).toContain('Puerto Montt');

  for (const file of [whole, outbox]) {
    expect(file).not.toContain(app.stack.sandboxes!.notion.demoKey);
    expect(file).not.toContain(session.access_token);
    expect(file).not.toContain(session.refresh_token);
    expect(file).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
  }
  // back online, the edit is sent: nothing is left pending for the next tests
  await expect.poll(cityInNotion, { timeout: 20_000 }).toBe('Puerto Montt');
  await expect.poll(() => outboxSize(panel), { timeout: 10_000 }).toBe(0);
});

test('axe finds nothing serious in either theme; nothing scrolls sideways at 320 px', async () => {
  await openJose();
  await trash(true);
  try {
    await editCity('Osorno'); // a failed entry, so the outbox's lists and buttons are on screen
    await openCacheDebug();
    await entryIn('Failed').waitFor({ timeout: 25_000 });
  } finally {
    await trash(false);
  }
  await panel.setViewportSize({ width: NARROWEST_PANEL_PX, height: 720 });
  for (const colorScheme of ['light', 'dark'] as const) {
    await panel.emulateMedia({ colorScheme });
    await expect.poll(() => panel.evaluate(() => document.body.className)).toContain(colorScheme);
    expect(await seriousViolations(panel), colorScheme).toEqual([]);
    expect(await pageWidth(panel)).toBeLessThanOrEqual(NARROWEST_PANEL_PX);
  }
});

test('Clear storage (last: it signs out) leaves a service worker that precached the app again: it still starts offline', async () => {
  await panel.evaluate(() => localStorage.setItem('debug_diagnostics', 'true'));
  await panel.goto(`${app.appUrl}/notion-settings?dbg=true`);
  await panel.getByTestId('debug-panels').waitFor();
  await panel.getByRole('button', { name: 'Clear storage' }).click();
  const reloaded = panel.waitForEvent('load');
  await panel
    .getByRole('alertdialog', { name: 'Clear storage?' })
    .getByRole('button', { name: 'Clear storage' })
    .click();
  await reloaded;
  await panel.getByRole('button', { name: 'Sign in' }).waitFor();
  // The worker of this load is a new one, with the app in its precache once more.
  await expect
    .poll(() =>
      panel.evaluate(async () => {
        await navigator.serviceWorker.ready;
        const names = await caches.keys();
        const entries = await Promise.all(names.map(async (name) => (await (await caches.open(name)).keys()).length));
        return entries.reduce((sum, n) => sum + n, 0);
      }),
    )
    .toBeGreaterThan(10);
  await browser.context.setOffline(true);
  try {
    await panel.reload();
    await panel.getByRole('button', { name: 'Sign in' }).waitFor();
  } finally {
    await browser.context.setOffline(false);
  }
});
