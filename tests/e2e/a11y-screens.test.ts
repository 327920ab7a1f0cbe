/**
 * Issue 16, "Must show": every screen we can reach, in the light and the dark theme, with its
 * dialogs and menus open, has no serious or critical WCAG 2.1 A/AA violation (axe-core), and at
 * the narrowest side panel (320 px) nothing scrolls sideways and the header is one line high.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { grantDebugMode } from './support/debugGrant.ts';
import type { TestApp } from './support/app.ts';
import { openAppPage } from './support/appPage.ts';
import {
  expectAccessibleInBothThemes,
  headerHeight,
  headerWidths,
  injectOutboxTrouble,
  NARROWEST_PANEL_PX,
  ONE_LINE_HEADER_PX,
} from './support/a11y.ts';
import { SEED_IDS } from '../../supabase/local/sandboxes/notion/index.ts';
import { capturingUser } from './support/capture.ts';
import { settingsOf, signOut } from './support/settings.ts';

let app: TestApp;
let page: Page;
let close: () => Promise<void>;
let authId: string;

beforeAll(async () => {
  ({ app, page, close } = await openAppPage({ sandboxes: true }));
  await page.setViewportSize({ width: NARROWEST_PANEL_PX, height: 720 });
});

afterAll(() => close?.());

/** Checks the page as it is now in both themes: axe, the width, and the header (when shown). */
async function expectAccessible(state: string) {
  await expectAccessibleInBothThemes(page, state);
  const header = await headerHeight(page);
  if (header > 0) {
    expect(header, `${state}: header height (${await headerWidths(page)})`).toBeLessThanOrEqual(ONE_LINE_HEADER_PX);
  }
}

async function visit(path: string, ready: () => Promise<unknown>) {
  await page.goto(`${app.appUrl}${path}`);
  await ready();
}

const heading = (name: string | RegExp) => () => page.getByRole('heading', { level: 1, name }).waitFor();

describe('signed out', () => {
  test.each([
    ['/login', 'Sign in'],
    ['/register', 'Create an account'],
    ['/reset-password', 'Reset your password'],
    ['/update-password', /.+/],
  ])('%s', async (path, name) => {
    await visit(path, heading(name));
    await expectAccessible(path);
  });
});

describe('signed in, with a workspace and an active setting', () => {
  let setting: Awaited<ReturnType<typeof settingsOf>>[number];

  beforeAll(async () => {
    authId = (await capturingUser(page, app, 'a11y', { customizeHelp: true })).id;
    [setting] = await settingsOf(app, authId);
  });

  test.each([
    ['/notion-settings', 'Notion Settings'],
    ['/account', 'Account'],
    ['/profile', 'Profile'],
    ['/confirmed', /Welcome/],
    ['/not-linked-in', null],
    ['/unused-linked-in', null],
    ['/missing-context', null],
  ])('%s', async (path, name) => {
    // (the context screens' headings are another part of issue 16: their text is enough here)
    await visit(path, name ? heading(name) : () => page.getByText('Open a LinkedIn profile page').waitFor());
    await expectAccessible(path);
  });

  test('the wizard steps, the add-workspace and remove dialogs', async () => {
    await visit('/new-setting/select-workspace', () => page.getByTestId('workspace-item').first().waitFor());
    await expectAccessible('select workspace');
    await page.getByRole('button', { name: 'Add workspace', exact: true }).click();
    await page.getByRole('dialog', { name: 'Add a Notion workspace' }).waitFor();
    await expectAccessible('add-workspace dialog');
    await page.keyboard.press('Escape');
    await page.getByTestId('workspace-item').getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('alertdialog', { name: 'Remove workspace' }).waitFor();
    await expectAccessible('remove-workspace dialog');
    await page.keyboard.press('Escape');

    const ids = `workspace_id=${setting.workspace_id}&database_id=${setting.notion_db_id}`;
    await visit(`/new-setting/select-database?workspace_id=${setting.workspace_id}`, () =>
      page.getByRole('button', { name: 'CRM People', exact: true }).waitFor(),
    );
    await expectAccessible('select database');
    await visit(`/new-setting/linkedin-mapping?${ids}&data_source_id=${setting.notion_data_source_id}`, () =>
      page.getByRole('combobox').first().waitFor(),
    );
    await expectAccessible('mapping');
    await visit('/new-setting/completion', heading(/.+/));
    await expectAccessible('completion');
  });

  test('the header: user menu, setting switcher, setting details (debug)', async () => {
    await grantDebugMode(app, authId); // debug mode is a per-user grant (issue 20), read at app start
    await visit('/notion-settings?dbg=true', heading('Notion Settings'));
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menu').waitFor();
    await expectAccessible('user menu');
    await page.keyboard.press('Escape');
    await page.getByTestId('active-setting-name').click();
    await page.getByRole('listbox', { name: 'Other settings' }).waitFor();
    await expectAccessible('setting switcher');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Setting details' }).click();
    await page.getByRole('dialog', { name: 'Setting details' }).waitFor();
    await expectAccessible('setting details dialog');
    await page.keyboard.press('Escape');
    await expectAccessible('debug mode on');
  });

  test('capture: a profile not in the CRM (NewProfile)', async () => {
    await page.getByRole('button', { name: 'Debug mode' }).click(); // off: NewProfile stays
    const url = 'https://www.linkedin.com/in/a11y-newcomer-person';
    await visit(`/?url=${encodeURIComponent(url)}`, () =>
      page.getByText('Add this profile to your Notion CRM?').waitFor({ timeout: 20_000 }),
    );
    await expectAccessible('NewProfile');
  });

  test('NotionProfile: a page with every property type, the display modals, an editor open', async () => {
    const max = SEED_IDS.page(SEED_IDS.databases.people, 'max');
    await visit(`/notion-profile?id=${max}`, () =>
      page.getByRole('dialog', { name: 'Customize Your View' }).waitFor({ timeout: 20_000 }),
    );
    await expectAccessible('NotionProfile, first-time modal');
    await page.getByRole('button', { name: 'Customize display' }).click();
    const display = page.getByRole('dialog', { name: 'Customize Properties Display' });
    await display.locator('.display-item[data-property="City"]').waitFor({ timeout: 20_000 });
    await expectAccessible('Customize Properties Display');
    await display.getByRole('button', { name: 'Cancel' }).click();
    await display.waitFor({ state: 'detached' });
    await expectAccessible('NotionProfile');
    await page.getByRole('button', { name: 'Edit Tags' }).click();
    await page.getByRole('group', { name: 'Tags' }).waitFor();
    await expectAccessible('NotionProfile, an option editor open');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Edit Email' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill('not an email');
    await page.getByText('Please enter a valid email address').waitFor();
    await expectAccessible('NotionProfile, a field refused');
    await page.getByRole('textbox', { name: 'Email' }).press('Escape');
  });

  test('the outbox panel and its discard confirmation', async () => {
    await visit('/notion-settings', heading('Notion Settings'));
    await injectOutboxTrouble(page, authId, setting.workspace_id);
    await page.reload(); // written behind Dexie's back: read afresh
    const counts = page.getByRole('button', { name: /failed/ });
    await counts.click();
    const panel = page.getByRole('region', { name: 'Changes that did not reach Notion' });
    await panel.waitFor();
    await expectAccessible('outbox panel');
    await panel.getByRole('button', { name: 'Discard…' }).click();
    await page.getByRole('alertdialog', { name: 'Discard this change?' }).waitFor();
    await expectAccessible('discard confirmation');
    await page.getByRole('button', { name: 'Discard', exact: true }).click();
    await panel.getByRole('button', { name: 'Take theirs' }).click();
    await counts.waitFor({ state: 'detached' });
  });

  test('signed out again: the sign-in screen', async () => {
    await visit('/notion-settings', heading('Notion Settings'));
    await signOut(page);
    await expectAccessible('after sign-out');
  });
});
