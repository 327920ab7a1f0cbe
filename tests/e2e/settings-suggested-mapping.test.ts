/**
 * Issue 16 in Chromium against the stack and the Notion sandbox: the demo "CRM People"
 * mapping step arrives filled in by the suggested mapping, each suggestion marked 'Suggested'
 * (the select's description), and one click on Next takes it to the summary; the saved row
 * holds what was suggested. A suggestion keeps its mark across a reload and loses it once the
 * user changes the field; a draft choice (a field cleared) and a saved setting's choice (a
 * field left unmapped) are never replaced by a suggestion.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DB, pid } from '../../supabase/local/sandboxes/notion/seed-schema.ts';
import type { TestApp } from './support/app.ts';
import { openAppPage } from './support/appPage.ts';
import { waitForPath } from './support/access.ts';
import { addWorkspace, newSignedInUser, profileOf } from './support/settings.ts';
import { cachedValue } from './support/localDb.ts';

/** What the demo CRM's names suggest: field label, settings column, property name. */
const SUGGESTED: [label: string, column: string, property: string][] = [
  ['LinkedIn profile URL', 'profile_url', 'LinkedIn URL'],
  ['First name', 'first_name', 'First name'],
  ['Last name', 'last_name', 'Last name'],
  ['Headline', 'headline', 'Headline'],
  ['Summary', 'summary', 'Summary'],
  ['Company', 'company', 'Company'],
  ['Education', 'education', 'Education'],
  ['Country', 'country', 'Country'],
  ['City', 'city', 'City'],
  // Issue 36: the two optional follow-up fields.
  ['Next follow-up', 'next_follow_up', 'Next follow-up'],
  ['Stage', 'stage', 'Stage'],
];

let app: TestApp;
let page: Page;
let close: () => Promise<void>;
let authId: string;

beforeAll(async () => {
  ({ app, page, close } = await openAppPage({ sandboxes: true }));
  authId = (await newSignedInUser(page, app, 'suggested-mapping')).id;
});

afterAll(() => close?.());

const field = (label: string) => page.getByLabel(label, { exact: true });
const checked = (label: string) => field(label).locator('option:checked').textContent();
const marks = () => page.getByText('Suggested', { exact: true });
/** The select's accessible description: the texts its aria-describedby names. */
const description = (label: string) =>
  field(label).evaluate((select) =>
    (select.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' | '),
  );

/** The wizard draft's suggested fields and mapping (IndexedDB, read with the raw API). */
const draftMapping = async () => {
  const draft = await cachedValue<{ mapping?: { profileUrl?: string }; suggestedFields?: string[] }>(page, 'wizard');
  return { suggested: draft?.suggestedFields, profileUrl: draft?.mapping?.profileUrl };
};

async function openMapping(database: string) {
  await page.getByRole('button', { name: 'Sidenote Demo', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/new-setting/select-database');
  await page.getByRole('button', { name: database, exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/new-setting/linkedin-mapping');
  await field('LinkedIn profile URL').waitFor();
}

async function savedRow(name: string) {
  const profile = await profileOf(app, authId);
  const { data, error } = await app.stack
    .serviceClient()
    .from('settings')
    .select('*')
    .eq('user_id', profile.id)
    .eq('name', name)
    .single();
  if (error) throw error;
  return data as Record<string, string | null>;
}

async function nameAndSave(name: string) {
  await page.waitForURL((url) => url.pathname === '/new-setting/completion');
  await page.getByLabel('Setting name').fill(name);
  const save = page.getByRole('button', { name: 'Save Setting' });
  await expect.poll(() => save.isDisabled()).toBe(false);
  await save.click();
  await waitForPath(page, '/', 8_000);
}

test('the demo database arrives filled in, each suggestion marked, and saves as suggested with one click', async () => {
  await page.goto(`${app.appUrl}/new-setting/select-workspace`);
  await addWorkspace(page, app.stack.sandboxes!.notion.demoKey);
  await openMapping('CRM People');

  for (const [label, , property] of SUGGESTED) {
    await expect.poll(() => field(label).inputValue()).toBe(pid(DB.people, property));
    expect(await checked(label)).toBe(property);
    expect(await description(label)).toMatch(/ \| Suggested$/);
  }
  await expect.poll(() => marks().count()).toBe(SUGGESTED.length);
  // fullName is the title by the spec's rule, not a suggestion; the words are a user's.
  expect(await checked('Full name')).toBe('Name');
  expect(await description('Full name')).toBe('Title property, set automatically');
  expect(await description('City')).toBe('Text property | Suggested');
  expect(await description('LinkedIn profile URL')).toBe('URL property | Suggested');
  expect(await page.locator('.mapping').textContent()).not.toMatch(/profileUrl|rich_text|\(string\)|\(url\)/);

  // The labels, hints and marks fit Chrome's narrowest side panel.
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByRole('button', { name: 'Next' }).click();
  await expect.poll(() => page.getByLabel('Summary').textContent()).toContain('LinkedIn profile URLLinkedIn URL');
  await nameAndSave('Suggested CRM');

  const row = await savedRow('Suggested CRM');
  expect(row.full_name).toBe('title');
  for (const [, column, property] of SUGGESTED) expect(row[column]).toBe(pid(DB.people, property));
});

test('a suggestion keeps its mark across a reload; changed, it is the user’s choice, never suggested again', async () => {
  await page.goto(`${app.appUrl}/notion-settings`);
  await page.getByRole('button', { name: 'Add new setting' }).click();
  await waitForPath(page, '/new-setting/select-workspace');
  await openMapping('Investors');
  // Only "Profile" fits a field ("Fund", "Ticket", "Warm intro" do not).
  await expect.poll(() => checked('LinkedIn profile URL')).toBe('Profile');
  await expect.poll(() => marks().count()).toBe(1);
  expect(await checked('First name')).toBe('— not mapped —');
  await page.reload();
  await expect.poll(() => description('LinkedIn profile URL')).toBe('URL property | Suggested');

  // Cleared, the field stays cleared across a reload (the draft is the user's choice).
  await field('LinkedIn profile URL').selectOption({ label: '— not mapped —' });
  await expect.poll(() => marks().count()).toBe(0);
  await expect.poll(() => draftMapping()).toEqual({ suggested: [], profileUrl: undefined }); // stored before the reload
  await page.reload();
  await field('LinkedIn profile URL').waitFor();
  await expect.poll(() => checked('LinkedIn profile URL')).toBe('— not mapped —');
  expect(await marks().count()).toBe(0);

  // Picked by the user, the same property carries no mark.
  await field('LinkedIn profile URL').selectOption({ label: 'Profile' });
  await expect.poll(() => draftMapping()).toEqual({ suggested: [], profileUrl: pid(DB.investors, 'Profile') });
  expect(await marks().count()).toBe(0);
  expect(await description('LinkedIn profile URL')).toBe('URL property');
});

test('editing a setting shows its saved choices, a field left unmapped is not filled in again', async () => {
  const edit = async () => {
    await page.goto(`${app.appUrl}/notion-settings`);
    await page.getByRole('button', { name: 'Edit Suggested CRM' }).click();
    await waitForPath(page, '/new-setting/select-workspace');
    await openMapping('CRM People');
  };
  await edit();
  await expect.poll(() => checked('City')).toBe('City');
  expect(await marks().count()).toBe(0);
  await field('City').selectOption({ label: '— not mapped —' });
  await page.getByRole('button', { name: 'Next' }).click();
  await nameAndSave('Suggested CRM');
  expect((await savedRow('Suggested CRM')).city).toBeNull();

  await edit();
  await expect.poll(() => checked('Company')).toBe('Company');
  expect(await checked('City')).toBe('— not mapped —');
  expect(await marks().count()).toBe(0);
});
