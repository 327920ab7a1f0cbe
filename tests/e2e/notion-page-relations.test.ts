/**
 * A page's relations in Chromium (issue 17), production build with its service worker, Notion
 * sandbox through the proxy, on the CRM People → Companies relation: pages linked from the add
 * modal by search (related pages never offered), by typed ids and by creating a page; a page
 * removed and one archived; a related page opened in relation mode and Back; a relation of 12
 * shows its count and "Manage Sidenote" with no title read; Max's 30 companies show "+25", no
 * Add, and Manage lists all 30 through the property endpoint — removing the 28th (past the
 * page object's 25) writes the other 29 back. Every value is read back from the sandbox.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { SEED_IDS } from '../../supabase/local/sandboxes/notion/index.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { launchBrowser, type TestBrowser } from './support/browser.ts';
import { capturingUser } from './support/capture.ts';
import { relatedIds as relatedIdsIn, routeNotion, sandboxCall } from './support/notionSandbox.ts';
import { localDb } from './support/localDb.ts';

const { databases } = SEED_IDS;
const person = (key: string) => SEED_IDS.page(databases.people, key);
const company = (n: number) => SEED_IDS.page(databases.companies, `Company ${String(n).padStart(2, '0')}`);
const mina = person('mina');

let app: TestApp;
let browser: TestBrowser;
let panel: Page;
let companiesPropertyId: string;

type Read = Record<string, { id: string; type: string; [key: string]: unknown }>;
const readPage = async (id: string) => (await sandboxCall(app, 'GET', `/pages/${id}`)) as { properties: Read };
const relatedIds = (pageId: string) => relatedIdsIn(app, pageId, companiesPropertyId);
const setCompanies = (pageId: string, ids: string[]) =>
  sandboxCall(app, 'PATCH', `/pages/${pageId}`, { properties: { Companies: { relation: ids.map((id) => ({ id })) } } });

const row = () => panel.locator('.page-property[data-property="Companies"]');
const dialog = () => panel.getByRole('dialog');
const openPage = async (id: string) => {
  await panel.goto(`${app.appUrl}/notion-profile?id=${id}`);
  await row().waitFor({ timeout: 15_000 });
};
const openAdd = async () => {
  await row().getByRole('button', { name: 'Add Companies' }).click();
  await dialog().getByRole('heading', { name: 'Add to Companies' }).waitFor();
};
const pending = () => panel.getByTestId('pending-count').count();
const settled = () => expect.poll(pending, { timeout: 15_000 }).toBe(0);

beforeAll(async () => {
  app = await startTestApp({ sandboxes: true });
  browser = await launchBrowser();
  panel = await browser.context.newPage();
  await capturingUser(panel, app, 'relations');
  await panel.evaluate(() => navigator.serviceWorker.ready);
  companiesPropertyId = (await readPage(mina)).properties.Companies.id;
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

test('add by search: related pages are not offered, a chosen one is linked in Notion', async () => {
  await openPage(mina);
  await row().getByRole('link', { name: 'Company 01' }).waitFor();
  await openAdd();
  // 28 companies are not related: the 10 most recent are offered, and the search with them
  const recent = dialog().getByRole('region', { name: 'Recent pages' }).getByRole('button');
  await expect.poll(() => recent.count(), { timeout: 10_000 }).toBe(10);
  await dialog().getByRole('button', { name: 'Search pages' }).click();
  const search = dialog().getByRole('searchbox', { name: 'Search pages' });
  await expect.poll(() => search.evaluate((input) => input === document.activeElement)).toBe(true);
  const searches: string[] = [];
  panel.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/query')) searches.push(request.postData() ?? '');
  });
  await search.pressSequentially('Company 0', { delay: 60 }); // keystrokes closer than 500 ms: one search
  await dialog().getByRole('heading', { name: 'Search results' }).waitFor();
  await dialog().getByRole('button', { name: 'Link Company 09' }).waitFor({ timeout: 10_000 });
  const results = dialog().getByRole('region', { name: 'Search results' });
  const offered = await results.getByRole('button').allTextContents();
  expect(offered.sort()).toEqual([3, 4, 5, 6, 7, 8, 9].map((n) => `Link Company 0${n}`)); // 01 and 02 are related
  expect(searches.map((body) => JSON.parse(body).filter?.title)).toEqual([{ contains: 'Company 0' }]);

  await search.fill('no such company');
  await dialog().getByText('No pages found. Try a different search term or create a new page.').waitFor();
  await search.fill('Company 17');
  await dialog().getByRole('button', { name: 'Link Company 17' }).click();
  await dialog().getByRole('status').filter({ hasText: 'Linked: Company 17' }).waitFor();
  await expect.poll(() => dialog().getByRole('button', { name: 'Link Company 17' }).count()).toBe(0);
  await dialog().getByRole('button', { name: 'Done' }).click();
  await expect.poll(async () => relatedIds(mina), { timeout: 20_000 }).toEqual([company(1), company(2), company(17)]);
  await row().getByRole('link', { name: 'Company 17' }).waitFor();
  // closing gives focus back to what opened the modal
  await expect
    .poll(() => panel.evaluate(() => document.activeElement?.getAttribute('aria-label')))
    .toBe('Add Companies');
});

test('add by typed ids (dashed, bare or a Notion link) and by creating a page; a wrong id links nothing', async () => {
  await openPage(mina);
  await openAdd();
  const ids = dialog().getByRole('textbox', { name: 'Page IDs' });
  await ids.fill(`${company(20)}, nonsense`);
  await dialog().getByRole('button', { name: 'Link pages' }).click();
  await dialog().getByText('Not a page ID or Notion link: nonsense').waitFor();
  expect(await pending()).toBe(0);
  const bare = company(21).replace(/-/g, '');
  await ids.fill(` ${company(20)} ,, https://www.notion.so/acme/Company-21-${bare} `);
  await dialog().getByRole('button', { name: 'Link pages' }).click();
  await dialog().getByRole('status').filter({ hasText: 'Linked:' }).waitFor();

  const title = dialog().getByRole('textbox', { name: 'New page title' });
  const create = dialog().getByRole('button', { name: 'Create and link' });
  await title.fill('   ');
  expect(await create.isDisabled()).toBe(true);
  await title.fill('Acme Robotics');
  await create.click();
  await dialog().getByRole('status').filter({ hasText: 'Linked: Acme Robotics' }).waitFor({ timeout: 15_000 });
  await dialog().getByRole('button', { name: 'Done' }).click();

  const found = (await sandboxCall(app, 'POST', `/data_sources/${SEED_IDS.dataSources.companies}/query`, {
    filter: { property: 'Name', title: { equals: 'Acme Robotics' } },
  })) as { results: { id: string }[] };
  expect(found.results).toHaveLength(1);
  await expect
    .poll(async () => relatedIds(mina), { timeout: 20_000 })
    .toEqual([company(1), company(2), company(17), company(20), company(21), found.results[0].id]);
  await row().getByRole('link', { name: 'Acme Robotics' }).waitFor();
});

test('remove unlinks a page; archive (confirmed) trashes it in Notion and unlinks it', async () => {
  await openPage(mina);
  await row().getByRole('button', { name: 'Remove Company 01' }).click();
  await row().getByRole('button', { name: 'Archive Company 02' }).click();
  const confirm = panel.getByRole('alertdialog', { name: 'Archive Company 02?' });
  await confirm.getByRole('button', { name: 'Archive' }).click();
  await expect
    .poll(async () => (await relatedIds(mina)).slice(0, 2), { timeout: 20_000 })
    .toEqual([company(17), company(20)]);
  await expect
    .poll(async () => ((await sandboxCall(app, 'GET', `/pages/${company(2)}`)) as { in_trash: boolean }).in_trash, {
      timeout: 20_000,
    })
    .toBe(true);
  expect(await relatedIds(mina)).not.toContain(company(1));
  await settled();
  expect(await row().getByRole('link', { name: 'Company 01' }).count()).toBe(0);
});

test('a related page opens in relation mode; Back returns to the page it was opened from', async () => {
  await openPage(mina);
  await row().getByRole('link', { name: 'Company 17' }).click();
  await panel.getByText('Relation of Mina Sato').waitFor({ timeout: 15_000 });
  const url = new URL(panel.url());
  expect([...url.searchParams.entries()]).toEqual([
    ['id', company(17)],
    ['isRelation', 'true'],
    ['sourceId', mina],
    ['sourceTitle', 'Mina Sato'],
    ['sourceProperty', 'Companies'],
  ]);
  await panel.getByRole('heading', { level: 1, name: 'Company 17' }).waitFor({ timeout: 15_000 });
  await panel.locator('.page-property[data-property="Website"]').getByText('https://company17.example.com').waitFor();
  await panel.getByRole('button', { name: 'Back' }).click();
  await panel.getByRole('heading', { level: 1, name: 'Mina Sato' }).waitFor({ timeout: 15_000 });
  expect(new URL(panel.url()).searchParams.get('id')).toBe(mina);
  expect(await panel.getByText('Relation of').count()).toBe(0);
});

test('12 related pages: the count and "Manage Sidenote", no title read; Add still offered', async () => {
  const sam = person('sam');
  const twelve = Array.from({ length: 12 }, (_, i) => company(i + 3));
  await setCompanies(sam, twelve);
  await openPage(sam);
  // no title cached (the add modal cached the companies' titles): any title wanted would be read
  await localDb(panel, 'pageTitles', { op: 'clear' });
  const titleReads: string[] = [];
  panel.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (twelve.some((id) => path.endsWith(`/pages/${id}`))) titleReads.push(path);
  });
  await openPage(sam);
  await row().getByText('12 related pages').waitFor({ timeout: 15_000 });
  await row().getByRole('button', { name: 'Manage Sidenote' }).waitFor();
  await row().getByRole('button', { name: 'Add Companies' }).waitFor();
  expect(await row().getByRole('link').count()).toBe(0);
  await panel.waitForTimeout(1000);
  expect(titleReads).toEqual([]);
  // the same requests are seen once titles are wanted: Manage lists the first 10 by title
  await row().getByRole('button', { name: 'Manage Sidenote' }).click();
  await dialog().getByRole('link', { name: 'Company 03' }).waitFor({ timeout: 15_000 });
  await expect.poll(() => titleReads.length, { timeout: 15_000 }).toBe(10);
  await dialog().getByRole('button', { name: 'Done' }).click();
});

test('30 related pages: "+25", no Add; Manage lists all 30 through the property endpoint and removes the 28th', async () => {
  const max = person('max');
  expect((await readPage(max)).properties.Companies.has_more).toBe(true); // Notion's page object stops at 25
  await openPage(max);
  await row().getByText('+25 related pages').waitFor({ timeout: 15_000 });
  expect(await row().getByRole('button', { name: 'Add Companies' }).count()).toBe(0);
  await row().getByRole('button', { name: 'Manage Sidenote' }).click();
  await dialog().getByText('30 related pages').waitFor({ timeout: 15_000 });
  await dialog().getByRole('button', { name: 'Show more' }).click();
  await dialog().getByRole('button', { name: 'Show more' }).click();
  await expect.poll(() => dialog().getByRole('link').count()).toBe(30);
  expect(await dialog().getByRole('button', { name: 'Show more' }).count()).toBe(0);
  await dialog().getByRole('button', { name: 'Remove Company 28' }).click({ timeout: 20_000 });
  await dialog().getByText('29 related pages').waitFor();
  await dialog().getByRole('button', { name: 'Done' }).click();
  const expected = Array.from({ length: 30 }, (_, i) => company(i + 1)).filter((id) => id !== company(28));
  await expect.poll(async () => relatedIds(max), { timeout: 20_000 }).toEqual(expected);
});

test('the add modal: what the user aims at stays in place while the offer loads and shrinks (a press released elsewhere is lost)', async () => {
  // the recent pages' query is held until released, so the modal is seen before and after it
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const undo = await routeNotion(browser.context, 'data_sources/*/query', async (route) => {
    await held;
    await route.continue();
  });
  const targets = ['Link pages', 'Create and link', 'Done'];
  const boxes = () =>
    Promise.all(
      targets.map(async (name) => JSON.stringify(await dialog().getByRole('button', { name }).boundingBox())),
    );
  try {
    await openPage(mina);
    await openAdd();
    await dialog().getByText('Loading pages...').waitFor();
    const loading = await boxes();
    release();
    const recent = dialog().getByRole('region', { name: 'Recent pages' }).getByRole('button');
    await expect.poll(() => recent.count(), { timeout: 15_000 }).toBe(10);
    expect(await boxes()).toEqual(loading);
    const first = (await recent.first().textContent())!;
    await recent.first().click();
    await dialog().getByRole('status').filter({ hasText: 'Linked:' }).waitFor();
    await expect.poll(() => dialog().getByRole('button', { name: first }).count()).toBe(0);
    expect(await boxes()).toEqual(loading);
    await dialog().getByRole('button', { name: 'Done' }).click();
    await dialog().waitFor({ state: 'detached' });
  } finally {
    release();
    await undo();
  }
});

test('the add modal fits 320 px and is keyboard operable', async () => {
  await panel.setViewportSize({ width: 320, height: 640 });
  try {
    await openPage(mina);
    await row().getByRole('button', { name: 'Add Companies' }).focus();
    await panel.keyboard.press('Enter');
    await dialog().getByRole('heading', { name: 'Add to Companies' }).waitFor();
    expect(await panel.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    const box = await dialog().boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(320);
    await panel.keyboard.press('Escape');
    await expect.poll(() => dialog().count()).toBe(0);
    await expect
      .poll(() => panel.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Add Companies');
  } finally {
    await panel.setViewportSize({ width: 1280, height: 720 });
  }
});
