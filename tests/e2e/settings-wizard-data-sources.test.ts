/**
 * Issue 14 in Chromium: the wizard on a database with two data sources. "CRM People" gains a
 * "Leads" source with its own properties; picking the database asks which source holds the
 * contacts (a radio group, keyboard usable, within 320 px); the mapping offers that source's
 * properties and not the other's; the saved row names both ids. The other source stays free
 * for a second setting while the first is 'Already used'; a save the database's unique rule
 * refuses shows the spec's text; a setting saved before data sources (database id only) is
 * edited on its database and gets its data source; editing preselects the setting's source.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { SEED_IDS } from '../../supabase/local/sandboxes/notion/index.ts';
import { pid } from '../../supabase/local/sandboxes/notion/seed-schema.ts';
import { launchBrowser, type TestBrowser } from './support/browser.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { waitForPath } from './support/access.ts';
import { addWorkspace, newSignedInUser, profileOf, settingsOf } from './support/settings.ts';

const ALREADY_USED = 'This database is already used in an existing setting.';
const QUESTION = 'Which data source of CRM People holds your contacts?';
const { databases, dataSources } = SEED_IDS;

let app: TestApp;
let browser: TestBrowser;
let page: Page;
let authId: string;
let leads: string;

beforeAll(async () => {
  app = await startTestApp({ sandboxes: true });
  leads = app.stack.sandboxes!.notion.addDataSource(databases.people, 'Leads', [
    ['Company', 'rich_text'],
    ['LinkedIn', 'url'],
  ]);
  browser = await launchBrowser();
  page = await browser.context.newPage();
  authId = (await newSignedInUser(page, app, 'data-source-wizard')).id;
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const field = (name: string) => page.getByLabel(name, { exact: true });
const options = (name: string) => field(name).locator('option').allTextContents();
const question = () => page.getByRole('group', { name: QUESTION });
const saveButton = () => page.getByRole('button', { name: 'Save Setting' });
const plainId = (id: string | null | undefined) => (id ?? '').replace(/-/g, '').toLowerCase();

async function openDatabaseStep() {
  await page.goto(`${app.appUrl}/notion-settings`);
  await page.getByRole('button', { name: /Create your first setting!|Add new setting/ }).click();
  await waitForPath(page, '/new-setting/select-workspace');
  await page.getByRole('button', { name: 'Sidenote Demo', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/new-setting/select-database');
}

async function nameAndSave(name: string) {
  await page.getByRole('button', { name: 'Next' }).click();
  await page.waitForURL((url) => url.pathname === '/new-setting/completion');
  await page.getByLabel('Setting name').fill(name);
  await expect.poll(() => saveButton().isDisabled()).toBe(false);
  await saveButton().click();
  await waitForPath(page, '/', 8_000);
}

test('a database with two data sources asks which one; the mapping shows that source’s properties', async () => {
  await page.goto(`${app.appUrl}/new-setting/select-workspace`);
  await addWorkspace(page, app.stack.sandboxes!.notion.demoKey);
  await page.setViewportSize({ width: 320, height: 640 });
  await openDatabaseStep();
  // One choice per database: the two sources of CRM People are one button.
  await expect.poll(() => page.getByRole('button', { name: 'CRM People', exact: true }).count()).toBe(1);
  await expect.poll(() => page.getByRole('button', { name: 'Leads', exact: true }).count()).toBe(0);

  const people = page.getByRole('button', { name: 'CRM People', exact: true });
  await expect.poll(() => people.getAttribute('aria-expanded')).toBe('false');
  await people.click();
  await question().waitFor();
  await expect.poll(() => people.getAttribute('aria-expanded')).toBe('true');
  // The focus is on the preselected (first) source; arrows move, Tab reaches Continue.
  const first = question().getByRole('radio', { name: 'CRM People' });
  await expect.poll(() => first.evaluate((el) => el === document.activeElement)).toBe(true);
  await expect.poll(() => first.isChecked()).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => question().getByRole('radio', { name: 'Leads' }).isChecked()).toBe(true);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === '/new-setting/linkedin-mapping');
  expect(new URL(page.url()).searchParams.get('data_source_id')).toBe(leads);

  await field('LinkedIn profile URL').waitFor();
  expect(await options('LinkedIn profile URL')).toEqual(['— not mapped —', 'LinkedIn']);
  expect(await options('Company')).toEqual(['— not mapped —', 'Company']);
  await expect.poll(() => field('Full name').locator('option:checked').textContent()).toBe('Name');
  await page.getByText('Database: CRM People — Leads').waitFor();
  await page.setViewportSize({ width: 1280, height: 720 });
  await field('LinkedIn profile URL').selectOption({ label: 'LinkedIn' });
  await field('Company').selectOption({ label: 'Company' });
  await nameAndSave('Leads');

  const [setting] = await settingsOf(app, authId);
  expect(plainId(setting.notion_db_id)).toBe(plainId(databases.people));
  expect(plainId(setting.notion_data_source_id)).toBe(plainId(leads));
  expect(setting.profile_url).not.toBe('');
  expect(setting.company).not.toBeNull();
});

test('the other source of that database is still free; the one used is "Already used"', async () => {
  await openDatabaseStep();
  const people = page.getByRole('button', { name: 'CRM People', exact: true });
  await expect.poll(() => people.isDisabled()).toBe(false);
  await people.click();
  const usedLeads = question().getByRole('radio', { name: 'Leads' });
  await expect.poll(() => usedLeads.isDisabled()).toBe(true);
  await expect.poll(() => question().getByText('Already used', { exact: true }).count()).toBe(1);
  await expect.poll(() => question().getByText(ALREADY_USED).count()).toBe(1);
  await expect.poll(() => question().getByRole('radio', { name: 'CRM People' }).isChecked()).toBe(true);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => url.pathname === '/new-setting/linkedin-mapping');
  await field('LinkedIn profile URL').waitFor();
  expect(await options('LinkedIn profile URL')).toEqual(['— not mapped —', 'LinkedIn URL']);
  await field('LinkedIn profile URL').selectOption({ label: 'LinkedIn URL' });
  await nameAndSave('People');

  const people2 = (await settingsOf(app, authId)).find((s) => s.name === 'People')!;
  expect(plainId(people2.notion_data_source_id)).toBe(plainId(dataSources.people));

  // Both sources used: the database is disabled with the spec's message.
  await openDatabaseStep();
  const item = page.getByTestId('database-item').filter({ hasText: 'CRM People' });
  await item.getByText(ALREADY_USED).waitFor();
  await expect.poll(() => item.getByRole('button', { name: 'CRM People' }).isDisabled()).toBe(true);
});

test('a save the unique rule refuses shows the spec text', async () => {
  await openDatabaseStep();
  await page.getByRole('button', { name: 'Investors', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/new-setting/linkedin-mapping');
  await field('LinkedIn profile URL').selectOption({ label: 'Profile' });
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Setting name').fill('Investors race');
  // Meanwhile another device saves a setting on the same data source.
  await insertSetting('Racing investors', databases.investors, dataSources.investors, 'Profile');
  await saveButton().click();
  await page.getByRole('alert').getByText(ALREADY_USED).waitFor();
  expect((await settingsOf(app, authId)).map((s) => s.name)).not.toContain('Investors race');
});

test('a setting saved before data sources claims its database; edited, it keeps its mapping and gets its source', async () => {
  const old = await insertSetting('Old companies', databases.companies, null, 'Website');
  await openDatabaseStep();
  const item = page.getByTestId('database-item').filter({ hasText: 'Companies' });
  await item.getByText(ALREADY_USED).waitFor();

  await page.goto(`${app.appUrl}/notion-settings`);
  await page.getByRole('button', { name: 'Edit Old companies' }).click();
  await waitForPath(page, '/new-setting/select-workspace');
  await page.getByRole('button', { name: 'Sidenote Demo', exact: true }).click();
  const companies = page.getByRole('button', { name: 'Companies', exact: true });
  await expect.poll(() => companies.isDisabled()).toBe(false);
  await companies.click();
  await page.waitForURL((url) => url.pathname === '/new-setting/linkedin-mapping');
  await expect.poll(() => field('LinkedIn profile URL').locator('option:checked').textContent()).toBe('Website');
  await nameAndSave('Old companies');
  const edited = (await settingsOf(app, authId)).find((s) => s.id === old)!;
  expect(plainId(edited.notion_db_id)).toBe(plainId(databases.companies));
  expect(plainId(edited.notion_data_source_id)).toBe(plainId(dataSources.companies));
});

test('editing a setting on a two-source database preselects its source and its mapping', async () => {
  await page.goto(`${app.appUrl}/notion-settings`);
  await page.getByRole('button', { name: 'Edit Leads' }).click();
  await waitForPath(page, '/new-setting/select-workspace');
  await page.getByRole('button', { name: 'Sidenote Demo', exact: true }).click();
  await page.getByRole('button', { name: 'CRM People', exact: true }).click();
  const own = question().getByRole('radio', { name: 'Leads' });
  await expect.poll(() => own.isChecked()).toBe(true);
  await expect.poll(() => own.evaluate((el) => el === document.activeElement)).toBe(true);
  await expect.poll(() => question().getByRole('radio', { name: 'CRM People' }).isDisabled()).toBe(true);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => url.searchParams.get('edit_mode') === 'true');
  await expect.poll(() => field('LinkedIn profile URL').locator('option:checked').textContent()).toBe('LinkedIn');
  await expect.poll(() => field('Company').locator('option:checked').textContent()).toBe('Company');
});

/** A setting written straight into the table (another device, or the app before data sources). */
async function insertSetting(name: string, databaseId: string, dataSourceId: string | null, urlProperty: string) {
  const profile = await profileOf(app, authId);
  const [any] = await settingsOf(app, authId);
  const { data, error } = await app.stack
    .serviceClient()
    .from('settings')
    .insert({
      user_id: profile.id,
      name,
      workspace_id: any.workspace_id,
      notion_db_id: databaseId,
      notion_data_source_id: dataSourceId,
      profile_url: pid(databaseId, urlProperty),
      full_name: 'title',
      health: 'Healthy',
    })
    .select('id')
    .single();
  if (error) throw error;
  return (data as { id: string }).id;
}
