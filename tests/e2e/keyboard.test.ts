/**
 * Issue 16, "Must show", keyboard only: every dialog takes focus, keeps Tab (and Shift+Tab)
 * inside, closes on Escape and gives focus back to what opened it; the user menu follows the
 * menu pattern (Enter or ArrowDown open it, arrow keys move, Escape closes); after a route
 * change focus is on the new screen's heading, while a first load keeps the natural focus.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { grantDebugMode } from './support/debugGrant.ts';
import type { TestApp } from './support/app.ts';
import { openAppPage } from './support/appPage.ts';
import { waitForPath } from './support/access.ts';
import { injectOutboxTrouble } from './support/a11y.ts';
import { addWorkspace, newSignedInUser } from './support/settings.ts';

let app: TestApp;
let page: Page;
let close: () => Promise<void>;
let authId: string;

beforeAll(async () => {
  ({ app, page, close } = await openAppPage({ sandboxes: true }));
  authId = (await newSignedInUser(page, app, 'keyboard')).id;
});

afterAll(() => close?.());

const hasFocus = (element: Locator) => element.evaluate((el) => el === document.activeElement);
const holdsFocus = (element: Locator) => element.evaluate((el) => el.contains(document.activeElement));
const focusedText = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
const focusedTag = () => page.evaluate(() => document.activeElement?.tagName ?? '');

/** Opens the dialog from `opener` with Enter, then checks focus in, Tab kept inside, Escape and focus back. */
async function expectKeyboardDialog(opener: Locator, dialog: Locator) {
  await opener.focus();
  await page.keyboard.press('Enter');
  await dialog.waitFor();
  await expect.poll(() => holdsFocus(dialog)).toBe(true);
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    await expect.poll(() => holdsFocus(dialog), { message: `focus after ${key}` }).toBe(true);
  }
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await expect.poll(() => hasFocus(opener)).toBe(true);
}

test('the add-workspace dialog and the remove-workspace confirmation', async () => {
  await page.goto(`${app.appUrl}/new-setting/select-workspace`);
  const first = page.getByRole('button', { name: 'Add your first Workspace!' });
  await first.waitFor();
  const addDialog = page.getByRole('dialog', { name: 'Add a Notion workspace' });
  await expectKeyboardDialog(first, addDialog);

  await addWorkspace(page, app.stack.sandboxes!.notion.demoKey);
  const remove = page.getByTestId('workspace-item').getByRole('button', { name: 'Remove' });
  await expectKeyboardDialog(remove, page.getByRole('alertdialog', { name: 'Remove workspace' }));
  await expectKeyboardDialog(page.getByRole('button', { name: 'Add workspace', exact: true }), addDialog);
});

test('the setting-details dialog (debug mode)', async () => {
  await grantDebugMode(app, authId); // a per-user grant (issue 20), read at app start
  await page.goto(`${app.appUrl}/notion-settings?dbg=true`);
  const details = page.getByRole('button', { name: 'Setting details' });
  await details.waitFor();
  await expectKeyboardDialog(details, page.getByRole('dialog', { name: 'Setting details' }));
  await page.getByRole('button', { name: 'Debug mode' }).click();
});

test('the outbox discard confirmation', async () => {
  await page.goto(`${app.appUrl}/notion-settings`);
  await page.getByRole('heading', { name: 'Notion Settings' }).waitFor();
  await injectOutboxTrouble(page, authId, '00000000-0000-4000-8000-000000000000');
  await page.reload(); // written behind Dexie's back: read afresh
  await page.getByRole('button', { name: /failed/ }).click();
  const discard = page.getByRole('region', { name: 'Changes that did not reach Notion' }).getByRole('button', {
    name: 'Discard…',
  });
  await expectKeyboardDialog(discard, page.getByRole('alertdialog', { name: 'Discard this change?' }));
});

test('the user menu: Enter and ArrowDown open it, arrow keys move, Escape closes back on the button', async () => {
  await page.goto(`${app.appUrl}/notion-settings`);
  const button = page.getByRole('button', { name: 'User menu' });
  const menu = page.getByRole('menu');
  await button.focus();
  await page.keyboard.press('Enter');
  await menu.waitFor();
  await expect.poll(focusedText).toBe('Notion Settings');
  await page.keyboard.press('ArrowDown');
  await expect.poll(focusedText).toBe('Account');
  await page.keyboard.press('ArrowDown');
  await expect.poll(focusedText).toBe('Profile');
  await page.keyboard.press('ArrowUp');
  await expect.poll(focusedText).toBe('Account');
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'detached' });
  await expect.poll(() => hasFocus(button)).toBe(true);

  await page.keyboard.press('ArrowDown');
  await menu.waitFor();
  await expect.poll(focusedText).toBe('Notion Settings');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await waitForPath(page, '/account');
});

test('after a route change focus is on the new screen’s h1; a first load keeps the natural focus', async () => {
  await page.goto(`${app.appUrl}/profile`);
  await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
  expect(await focusedTag()).toBe('BODY');

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Account' }).click();
  await waitForPath(page, '/account');
  await expect.poll(focusedTag).toBe('H1');
  await expect.poll(focusedText).toBe('Account');

  await page.keyboard.press('Shift+Tab'); // from the heading back into the header: the user menu
  await page.goBack();
  await waitForPath(page, '/profile');
  await expect.poll(focusedTag).toBe('H1');
  await expect.poll(focusedText).toBe('Profile');
});
