/**
 * The NotionProfile screen's read side (issue 17, first slice) in Chromium, on the production
 * build with its service worker, against the Notion sandbox through the proxy: a page opened
 * once shows its title and its properties with Notion's values (changed in the sandbox, the
 * next view shows the change); offline, the same page paints from IndexedDB after a reload;
 * a page never opened says so offline instead of loading forever; an unknown page leads to
 * MissingContext. Each view counts once against the Notion quota (a view made offline, when the
 * network returns); a view over the quota shows the quota banner instead of the page.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { SEED_IDS } from '../../supabase/local/sandboxes/notion/index.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { launchBrowser, type TestBrowser } from './support/browser.ts';
import { waitForPath } from './support/access.ts';
import { capturingUser } from './support/capture.ts';
import { sandboxCall } from './support/notionSandbox.ts';

const { databases } = SEED_IDS;
const pageId = (key: string) => SEED_IDS.page(databases.people, key);

let app: TestApp;
let browser: TestBrowser;
let panel: Page;
let authId: string;

/** SQL on the stack's database (the team's quota is an operator's setting). */
const sql = (text: string, params: unknown[] = []) =>
  app.stack.db.transaction((tx) => tx.query<Record<string, number>>(text, params)).then((r) => r.rows);
const team = `(select p.active_team_id from public.profiles p where p.auth_id = $1)`;
const pageViews = async () =>
  (
    await sql(
      `select coalesce(sum(notion_page_views), 0)::int as n from public.monthly_usage where team_id = ${team}`,
      [authId],
    )
  )[0].n;

/** Sets a page's City in the sandbox (as someone editing in Notion would). */
const setCity = (id: string, city: string) =>
  sandboxCall(app, 'PATCH', `/pages/${id}`, {
    properties: { City: { rich_text: [{ type: 'text', text: { content: city } }] } },
  });

const openPage = (id: string) => panel.goto(`${app.appUrl}/notion-profile?id=${id}`);
const screen = () => panel.getByTestId('notion-profile');
const valueOf = (name: string) =>
  screen()
    .locator('.page-property')
    .filter({ has: panel.getByRole('term').filter({ hasText: name }) })
    .locator('dd');

beforeAll(async () => {
  app = await startTestApp({ sandboxes: true });
  browser = await launchBrowser();
  panel = await browser.context.newPage();
  authId = (await capturingUser(panel, app, 'page')).id;
  await panel.evaluate(() => navigator.serviceWorker.ready);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

test("a page shows its title and Notion's values; a change in Notion shows on the next view, opened by /notion-profile/{id}", async () => {
  const max = pageId('max');
  await setCity(max, 'Lisbon');
  await openPage(max);
  await screen().getByRole('heading', { level: 1 }).filter({ hasText: /\S/ }).waitFor();
  await expect.poll(() => valueOf('City').textContent(), { timeout: 15_000 }).toBe('Lisbon');
  await setCity(max, 'Porto');
  await panel.goto(`${app.appUrl}/notion-profile/${max}`); // the id as a route parameter
  await expect.poll(() => valueOf('City').textContent(), { timeout: 15_000 }).toBe('Porto');
  await panel.getByRole('button', { name: 'Customize property display' }).waitFor();
});

test('offline, a page opened once paints from IndexedDB; one never opened says so', async () => {
  const zoe = pageId('zoe');
  await setCity(zoe, 'Gdańsk');
  await openPage(zoe);
  await expect.poll(() => valueOf('City').textContent(), { timeout: 15_000 }).toBe('Gdańsk');
  const title = await screen().getByRole('heading', { level: 1 }).textContent();
  await browser.context.setOffline(true);
  try {
    await panel.reload();
    await expect.poll(() => valueOf('City').textContent(), { timeout: 15_000 }).toBe('Gdańsk');
    expect(await screen().getByRole('heading', { level: 1 }).textContent()).toBe(title);
    expect(await screen().getByRole('alert').count()).toBe(0);

    await openPage(pageId('ines'));
    await screen().getByText("This page hasn't been opened on this device yet.", { exact: false }).waitFor();
  } finally {
    await browser.context.setOffline(false);
  }
});

test('an unknown page leads to MissingContext', async () => {
  await openPage('3f5b1d2c-0000-4000-8000-000000000404');
  await waitForPath(panel, '/missing-context', 15_000);
});

test('each view counts once against the Notion quota; offline views count when the network returns', async () => {
  const max = pageId('max');
  const before = await pageViews();
  await openPage(max);
  await expect.poll(() => valueOf('City').textContent(), { timeout: 15_000 }).not.toBe('');
  await expect.poll(pageViews, { timeout: 10_000 }).toBe(before + 1);
  await browser.context.setOffline(true);
  try {
    await panel.reload();
    await valueOf('City').waitFor();
    await openPage(max);
    await valueOf('City').waitFor();
    expect(await pageViews()).toBe(before + 1);
  } finally {
    await browser.context.setOffline(false);
  }
  // the network is back: the two offline views are counted, once each
  await expect.poll(pageViews, { timeout: 10_000 }).toBe(before + 3);
  await panel.waitForTimeout(1000);
  expect(await pageViews()).toBe(before + 3);
});

test('a view over the quota shows "Quota exceeded" and the quota banner, not the page', async () => {
  const used = await pageViews();
  await sql(`update public.teams set notion_pages_quota = $2 where id = ${team}`, [authId, used]);
  try {
    await openPage(pageId('sam'));
    const banner = screen().getByRole('alert', { name: 'Notion Edits Quota Exceeded' });
    await banner.waitFor({ timeout: 15_000 });
    expect(await banner.textContent()).toContain(
      `Quota exceeded. You have reached your limit of ${used} Notion page views.`,
    );
    expect(await banner.textContent()).toContain(`${used} / ${used} Notion edits (100%)`);
    expect(await banner.getByRole('link').getAttribute('href')).toBe('/account');
    expect(await screen().locator('.page-property').count()).toBe(0);
  } finally {
    await sql(`update public.teams set notion_pages_quota = 50 where id = ${team}`, [authId]);
  }
});
