/**
 * Page steps of the settings browser tests: a signed-in new account, the add-workspace modal,
 * the four wizard steps, the header's setting switcher, and reading the database as the
 * service role to check what the screens did.
 */
import type { Page } from 'playwright-core';
import type { TestApp } from './app.ts';
import { confirmedUser, signInWithForm, waitForPath } from './access.ts';
import { timed } from './timings.ts';

/** A confirmed user signed in through the form, once sign-in's account setup has finished. */
export async function newSignedInUser(page: Page, app: TestApp, prefix: string) {
  const user = await confirmedUser(app, prefix);
  await signInUser(page, app, user);
  return user;
}

/** `user` signed in through the form, once sign-in's account setup has finished. */
export function signInUser(page: Page, app: TestApp, user: { email: string; password: string; id: string }) {
  return timed('sign-up', () => signedIn(page, app, user));
}

async function signedIn(page: Page, app: TestApp, user: { email: string; password: string; id: string }) {
  await signInWithForm(page, app, user.email, user.password);
  await waitForPath(page, '/');
  // The app leaves /login as soon as the session exists; the setup may still be running.
  // (a polling loop, not expect.poll: this also runs in beforeAll hooks)
  for (const started = Date.now(); !(await profileOf(app, user.id)).active_team_id;) {
    if (Date.now() - started > 15_000) throw new Error(`the account setup of ${user.email} did not finish`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  const reloaded = page.waitForEvent('load'); // sign-out goes to /login, then reloads
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await reloaded;
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
}

export const modal = (page: Page) => page.getByRole('dialog', { name: 'Add a Notion workspace' });

/** Opens the modal (from step 1), types the key and validates it. */
export async function validateKeyInModal(page: Page, key: string) {
  const dialog = modal(page);
  if (!(await dialog.isVisible())) {
    const first = page.getByRole('button', { name: 'Add your first Workspace!' });
    await first.or(page.getByRole('button', { name: 'Add workspace', exact: true })).click();
  }
  await dialog.getByLabel('Notion API key').fill(key);
  await dialog.getByRole('button', { name: 'Validate key' }).click();
}

export async function addWorkspace(page: Page, key: string) {
  await validateKeyInModal(page, key);
  await modal(page).getByRole('button', { name: 'Save workspace' }).click();
  await modal(page).waitFor({ state: 'detached' });
}

export async function profileOf(app: TestApp, authId: string) {
  const { data, error } = await app.stack
    .serviceClient()
    .from('profiles')
    .select('id, active_setting_id, active_team_id')
    .eq('auth_id', authId)
    .single();
  if (error) throw error;
  return data as { id: string; active_setting_id: string | null; active_team_id: string | null };
}

export async function settingsOf(app: TestApp, authId: string) {
  const profile = await profileOf(app, authId);
  const { data, error } = await app.stack.serviceClient().from('settings').select('*').eq('user_id', profile.id);
  if (error) throw error;
  return data as {
    id: string;
    name: string;
    workspace_id: string;
    notion_db_id: string;
    notion_data_source_id: string | null;
    profile_url: string;
    first_name: string | null;
    company: string | null;
  }[];
}

export const activeSettingButton = (page: Page) => page.getByTestId('active-setting-name');

/** A setting's display preferences as the database holds them (not as a screen shows them). */
export async function storedDisplayOf(app: TestApp, settingId: string) {
  const { data, error } = await app.stack
    .serviceClient()
    .from('settings')
    .select('display_config, customize_help')
    .eq('id', settingId)
    .single();
  if (error) throw error;
  return data as { display_config: { alwaysVisible: string[]; toggleable: string[] } | null; customize_help: boolean };
}
