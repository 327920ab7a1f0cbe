/**
 * Issue 15 in Chromium, on the production build with its service worker, against the Notion
 * sandbox through the proxy. The page editor (a later issue) is not built yet, so the tests
 * queue edits the way it will — outbox rows in IndexedDB, absolute values, the base the user
 * saw (written with the raw IndexedDB API, which Dexie's live queries do not observe: a count
 * shows them once the app's own writes or a reload read them) — and watch what the app does
 * with them: permanent failures (a page in the trash, a page not found, a revoked key) land in
 * the failed list with the spec's text (kept across a reload; Retry and a confirmed Discard work), an edit
 * whose property changed in Notion meanwhile becomes a conflict (Keep mine, Take theirs), and
 * edits a closed panel left behind are sent by the service worker, which reports a Notion
 * failure to the operators as the page does. A choice that takes its
 * entry away leaves focus on the next entry's first action, after the last on the screen's
 * heading (the counts button is disabled or gone by then).
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SEED_IDS } from '../../supabase/local/sandboxes/notion/index.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { launchBrowser, type TestBrowser } from './support/browser.ts';
import { capturingUser } from './support/capture.ts';
import { sandboxCall } from './support/notionSandbox.ts';
import { failedCount, openFailedChanges } from './support/outbox.ts';
import { localDb, outboxSize } from './support/localDb.ts';

const { databases, dataSources } = SEED_IDS;
const page = (key: string) => SEED_IDS.page(databases.people, key);

let app: TestApp;
let browser: TestBrowser;
let panel: Page;
let authId: string;
let workspaceId: string;
let cityId: string;

const sandbox = (method: string, path: string, body?: unknown) => sandboxCall(app, method, path, body);

const text = (content: string) => ({ rich_text: [{ type: 'text', text: { content } }] });

async function cityOf(pageId: string): Promise<string> {
  const read = (await sandbox('GET', `/pages/${pageId}`)) as {
    properties: Record<string, { id: string; rich_text?: { plain_text: string }[] }>;
  };
  const city = Object.values(read.properties).find((p) => p.id === cityId)!;
  return (city.rich_text ?? []).map((t) => t.plain_text).join('');
}

/**
 * Queues a City edit as the page editor will (one outbox row; `baseAgeMs` old base = made
 * offline); `propertyId` names another property instead.
 */
async function queueCityEdit(
  on: Page,
  pageId: string,
  value: string,
  base: string,
  baseAgeMs = 0,
  propertyId = cityId,
) {
  const now = Date.now();
  const entry = {
    authId,
    workspaceId,
    pageId,
    propertyId,
    value: text(value),
    base: text(base),
    label: { page: `Page ${pageId.slice(0, 4)}`, property: 'City' },
    baseAt: now - baseAgeMs,
    editedAt: now - baseAgeMs,
    sentValues: [],
    state: 'queued',
    dueAt: now,
    attempts: 0,
    inFlightSince: null,
  };
  await localDb(on, 'outbox', { op: 'add', rows: [entry] });
}

const openPanel = () => openFailedChanges(panel);

const hasFocus = (element: Locator) => element.evaluate((el) => el === document.activeElement);
const screenHeadingFocused = () => hasFocus(panel.getByRole('heading', { level: 1 }));

beforeAll(async () => {
  app = await startTestApp({ sandboxes: true });
  browser = await launchBrowser();
  panel = await browser.context.newPage();
  const user = await capturingUser(panel, app, 'outbox');
  authId = user.id;
  const service = app.stack.serviceClient();
  const { data: settings } = await service.from('settings').select('workspace_id');
  workspaceId = settings!.find(Boolean)!.workspace_id;
  const schema = (await sandbox('GET', `/data_sources/${dataSources.people}`)) as {
    properties: Record<string, { id: string }>;
  };
  cityId = schema.properties.City.id;
  await panel.evaluate(() => navigator.serviceWorker.ready);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('edits Notion refuses', () => {
  test('land in the failed list with the spec’s text, stay there across a reload; Retry and Discard work', async () => {
    const trashed = page('mina');
    await sandbox('PATCH', `/pages/${trashed}`, { in_trash: true });
    const gone = '3f5b1d2c-0000-4000-8000-000000000404';
    await queueCityEdit(panel, trashed, 'Nantes', 'Paris');
    await queueCityEdit(panel, gone, 'Lille', '');
    await expect.poll(() => failedCount(panel).textContent(), { timeout: 20_000 }).toBe('2 failed');
    await panel.reload();
    await expect.poll(() => failedCount(panel).textContent(), { timeout: 10_000 }).toBe('2 failed');
    await openPanel();
    const list = panel.getByRole('region', { name: 'Changes that did not reach Notion' });
    await expect
      .poll(() => list.textContent())
      .toContain("Failed to update page properties: Can't edit block that is archived.");
    expect(await list.textContent()).toMatch(/Failed to update page properties: Could not find page/);

    // the page is restored in Notion: Retry sends the edit
    await sandbox('PATCH', `/pages/${trashed}`, { in_trash: false });
    const trashedItem = list.getByRole('listitem').filter({ hasText: `Page ${trashed.slice(0, 4)}` });
    await trashedItem.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => cityOf(trashed), { timeout: 20_000 }).toBe('Nantes');
    const goneItem = list.getByRole('listitem').filter({ hasText: `Page ${gone.slice(0, 4)}` });
    await expect.poll(() => hasFocus(goneItem.getByRole('button', { name: 'Retry' }))).toBe(true); // the next entry's

    // Discard asks first; "Keep it" keeps it, "Discard" drops it
    const confirm = panel.getByRole('alertdialog', { name: 'Discard this change?' });
    await goneItem.getByRole('button', { name: 'Discard…' }).click();
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await outboxSize(panel)).toBe(1);
    await goneItem.getByRole('button', { name: 'Discard…' }).click();
    await confirm.getByRole('button', { name: 'Discard', exact: true }).click();
    await expect.poll(() => outboxSize(panel)).toBe(0);
    await expect.poll(() => failedCount(panel).count()).toBe(0);
    await expect.poll(screenHeadingFocused).toBe(true); // the last entry: the panel and the counts are gone
  });
  test('a revoked key: failed with the spec’s text, no sign-out; once the key is back, Retry sends it', async () => {
    // the key lives where no API role reads it (private.workspace_keys): the test changes it in SQL
    const keys = (text: string, params: unknown[]) =>
      app.stack.db.transaction((tx) => tx.query<{ key: string }>(text, params));
    const { rows } = await keys(
      'select notion_internal_key as key from private.workspace_keys where workspace_id = $1',
      [workspaceId],
    );
    const key = rows[0].key;
    const setKey = (value: string) =>
      keys('update private.workspace_keys set notion_internal_key = $2 where workspace_id = $1', [workspaceId, value]);
    await setKey(`ntn_revoked${'0'.repeat(key.length - 11)}`);
    const jose = page('jose');
    await queueCityEdit(panel, jose, 'Brest', 'Paris');
    await panel.reload(); // the app reads rows written behind its back
    await expect.poll(() => failedCount(panel).textContent(), { timeout: 20_000 }).toBe('1 failed');
    await openPanel();
    const list = panel.getByRole('region', { name: 'Changes that did not reach Notion' });
    await expect.poll(() => list.textContent()).toContain('Failed to update page properties: API token is invalid.');
    expect(await panel.getByRole('button', { name: /Log in|Sign in/ }).count()).toBe(0); // still signed in

    await setKey(key);
    await list.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => cityOf(jose), { timeout: 20_000 }).toBe('Brest');
    await expect.poll(() => outboxSize(panel)).toBe(0);
  });
});

describe('an edit whose property changed in Notion while it waited', () => {
  test('is a conflict showing both values, never an overwrite; Keep mine and Take theirs', async () => {
    const sam = page('sam');
    await sandbox('PATCH', `/pages/${sam}`, { properties: { [cityId]: text('Berlin') } });
    // made offline two minutes ago, when the user saw "Paris"
    await queueCityEdit(panel, sam, 'Madrid', 'Paris', 120_000);
    await expect.poll(() => failedCount(panel).textContent(), { timeout: 20_000 }).toBe('1 failed');
    expect(await cityOf(sam)).toBe('Berlin');
    await openPanel();
    const conflict = panel.getByRole('listitem').filter({ hasText: 'changed in Notion since you edited it' });
    expect(await conflict.textContent()).toMatch(/In Notion\s*Berlin\s*Yours\s*Madrid/);
    await conflict.getByRole('button', { name: 'Keep mine' }).click();
    await expect.poll(screenHeadingFocused).toBe(true); // the panel closed; the counts (pending only) are disabled
    await expect.poll(() => cityOf(sam), { timeout: 20_000 }).toBe('Madrid');

    await sandbox('PATCH', `/pages/${sam}`, { properties: { [cityId]: text('Rome') } });
    await queueCityEdit(panel, sam, 'Oslo', 'Madrid', 120_000);
    await expect.poll(() => failedCount(panel).textContent(), { timeout: 20_000 }).toBe('1 failed');
    await openPanel();
    await panel.getByRole('button', { name: 'Take theirs' }).click();
    await expect.poll(() => outboxSize(panel)).toBe(0);
    await expect.poll(screenHeadingFocused).toBe(true);
    expect(await cityOf(sam)).toBe('Rome');
  });
});

test('offline: the banner counts what will sync, nothing else complains; back online it is sent', async () => {
  const ada = page('camille-1');
  await panel.setViewportSize({ width: 320, height: 640 });
  await browser.context.setOffline(true);
  try {
    await queueCityEdit(panel, ada, 'Brest', 'Paris');
    await panel.reload(); // the shell starts offline; the counts read the queued edit
    const banner = panel.getByRole('status').filter({ hasText: 'Offline —' });
    await expect
      .poll(() => banner.textContent(), { timeout: 15_000 })
      .toBe('Offline — 1 change will sync when you’re back');
    await expect.poll(() => panel.getByTestId('pending-count').textContent()).toBe('1 pending');
    expect(await panel.getByRole('alert').count()).toBe(0);
    // a side panel: nothing scrolls sideways at 320 px
    expect(await panel.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  } finally {
    await browser.context.setOffline(false);
  }
  await expect.poll(() => cityOf(ada), { timeout: 20_000 }).toBe('Brest');
  await expect.poll(() => panel.getByTestId('pending-count').count()).toBe(0);
  expect(await panel.getByText('Offline —').count()).toBe(0);
});

/**
 * A panel queues an edit (`queue`) it cannot send itself, and closes: another tab holds the
 * outbox's lock (a drainer busy elsewhere) until then. Only the worker is left to send it once
 * the lock is free. (Every Notion call, the page's too, leaves through the worker, which fronts
 * the proxy: the lock, not the network, is what keeps the page from sending.) `whilePanelOpen`
 * checks what must hold before the lock is freed.
 */
async function leaveToWorker(queue: (on: Page) => Promise<void>, whilePanelOpen: () => Promise<void>) {
  if (!panel.isClosed()) await panel.close();
  const holder = await browser.context.newPage();
  await holder.goto(`${app.appUrl}/robots.txt`);
  await holder.evaluate(
    () =>
      new Promise<void>((held) => {
        void navigator.locks.request('sidenote-outbox-drain', () => {
          held();
          return new Promise(() => {}); // until this tab closes
        });
      }),
  );
  const leaving = await browser.context.newPage();
  await leaving.goto(app.appUrl);
  await leaving.evaluate(() => navigator.serviceWorker.ready);
  await queue(leaving);
  await leaving.reload(); // the panel opened with the edit waiting (its live counts read it)
  await expect.poll(() => leaving.getByTestId('pending-count').textContent(), { timeout: 20_000 }).toBe('1 pending');
  await new Promise((resolve) => setTimeout(resolve, 2000));
  await whilePanelOpen();
  // With runBeforeUnload, close() runs the unload handlers and returns before the page is gone.
  const left = leaving.waitForEvent('close');
  await leaving.close({ runBeforeUnload: true });
  await left;
  await holder.close();
  expect(browser.context.pages().filter((open) => open.url().startsWith(app.appUrl))).toHaveLength(0); // no app page left
}

describe('edits a closed panel left behind', () => {
  test('are sent by the service worker', async () => {
    const max = page('max');
    await leaveToWorker(
      (on) => queueCityEdit(on, max, 'Lyon', 'Paris'),
      async () => expect(await cityOf(max)).not.toBe('Lyon'),
    );
    await expect.poll(() => cityOf(max), { timeout: 90_000 }).toBe('Lyon');
  }, 150_000);

  test('Notion refuses one: the service worker reports it to the operators as the page would', async () => {
    const zoe = page('zoe');
    const slackUrl = app.stack.sandboxes!.slack.url;
    const reported = async () =>
      ((await (await fetch(`${slackUrl}/api/messages`)).json()) as { text: string }[])
        .map((m) => m.text)
        .filter((t) => t.includes('no-such-property'));
    await leaveToWorker(
      (on) => queueCityEdit(on, zoe, 'Nice', 'Paris', 0, 'no-such-property'),
      async () => expect(await reported()).toEqual([]),
    );
    await expect
      .poll(async () => (await reported()).join('\n'), { timeout: 90_000 })
      .toContain('Failed to update page properties: no-such-property is not a property that exists. (status 400)');
    const [text] = await reported();
    expect(text).toContain(`Call: PATCH /pages/${zoe}`);
    expect(text).not.toMatch(/Bearer|secret_|ntn_|eyJ/);
  }, 150_000);
});
