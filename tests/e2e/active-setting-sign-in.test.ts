/**
 * Issue 16: a second setting does not lose the active one across sign-ins. Saving a new
 * setting used to clear the active setting (the profile's id too); with two settings none is
 * activated automatically, so the user came back — in that session and at every later sign-in —
 * with no active setting.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { SEED_IDS } from '../../supabase/local/sandboxes/notion/index.ts';
import { launchBrowser } from './support/browser.ts';
import type { TestApp } from './support/app.ts';
import { openAppPage } from './support/appPage.ts';
import { signInWithForm, waitForPath } from './support/access.ts';
import { activeSettingButton, addWorkspace, newSignedInUser, profileOf, settingsOf } from './support/settings.ts';

let app: TestApp;
let page: Page;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, page, close } = await openAppPage({ sandboxes: true }));
});

afterAll(() => close?.());

/** A first setting on "CRM People" of the demo workspace (added through the modal), as the wizard saves it. */
async function firstSetting(profileId: string) {
  await page.goto(`${app.appUrl}/new-setting/select-workspace`);
  await addWorkspace(page, app.stack.sandboxes!.notion.demoKey);
  const service = app.stack.serviceClient();
  const link = await service.from('workspace_users').select('workspace_id').eq('user_id', profileId).single();
  if (link.error) throw link.error;
  const inserted = await service.from('settings').insert({
    user_id: profileId,
    name: 'My CRM',
    workspace_id: link.data.workspace_id,
    notion_db_id: SEED_IDS.databases.people,
    notion_data_source_id: SEED_IDS.dataSources.people,
    profile_url: 'url',
    full_name: 'title',
  });
  if (inserted.error) throw inserted.error;
}

/** The wizard's four steps for a new setting on "Investors". */
async function secondSettingThroughWizard() {
  await page.goto(`${app.appUrl}/notion-settings`);
  await page.getByRole('button', { name: 'Add new setting' }).click();
  await page.getByRole('button', { name: 'Sidenote Demo', exact: true }).click();
  await page.getByRole('button', { name: 'Investors', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/new-setting/linkedin-mapping');
  await page.getByLabel('LinkedIn profile URL', { exact: true }).selectOption({ label: 'Profile' });
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Setting name').fill('Investors');
  await page.getByRole('button', { name: 'Save Setting' }).click();
  await page.getByText('Setting saved successfully!').waitFor();
  await page.waitForURL((url) => url.pathname !== '/new-setting/completion', { timeout: 8_000 });
}

test('the active setting stays active after a second setting is saved, in the session and at a fresh sign-in', async () => {
  const user = await newSignedInUser(page, app, 'two-settings');
  await firstSetting((await profileOf(app, user.id)).id);
  await page.goto(`${app.appUrl}/notion-settings`);
  await expect.poll(() => activeSettingButton(page).textContent()).toContain('My CRM'); // the only one: auto-activated
  const crm = (await settingsOf(app, user.id))[0];
  await expect.poll(async () => (await profileOf(app, user.id)).active_setting_id).toBe(crm.id);

  await secondSettingThroughWizard();
  expect((await settingsOf(app, user.id)).map((s) => s.name).sort()).toEqual(['Investors', 'My CRM']);
  await expect.poll(() => activeSettingButton(page).textContent()).toContain('My CRM');
  expect((await profileOf(app, user.id)).active_setting_id).toBe(crm.id);

  // A fresh sign-in: another browser, nothing cached — the id stored on the profile is restored.
  const other = await launchBrowser();
  try {
    const fresh = await other.context.newPage();
    await signInWithForm(fresh, app, user.email, user.password);
    await waitForPath(fresh, '/missing-context'); // an active setting, and no extension to ask
    await expect.poll(() => activeSettingButton(fresh).textContent()).toContain('My CRM');
  } finally {
    await other.close();
  }
});
