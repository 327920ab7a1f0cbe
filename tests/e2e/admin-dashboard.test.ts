/**
 * The admin dashboard (issue 19, spec 2 §2, §3, §5, §8, §9) in Chromium at the narrowest panel,
 * used with the keyboard only: a non-admin opening /admin lands on /account; an admin sees the
 * environment badge, searches users by e-mail (blank term, no match, 13 matches over two pages
 * of 10), opens a user's details (every field of the search row, as the database answers it),
 * selects three users across pages and bulk-deletes them — their rows and avatar objects (rows
 * and files) are gone and nobody else's changed. axe finds nothing serious in either theme.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { sql } from '../integration/support/personas.ts';
import { expectAccessibleInBothThemes, NARROWEST_PANEL_PX } from './support/a11y.ts';
import { waitForPath } from './support/access.ts';
import { othersSnapshot, populatedUser, remainsOf, setBranchName } from './support/admin.ts';
import type { TestApp } from './support/app.ts';
import { openAppPage } from './support/appPage.ts';
import { newSignedInUser, profileOf, signOut } from './support/settings.ts';

let app: TestApp;
let page: Page;
let close: () => Promise<void>;
const victims: { email: string; id: string; avatars: string[] }[] = [];

beforeAll(async () => {
  ({ app, page, close } = await openAppPage());
  await page.setViewportSize({ width: NARROWEST_PANEL_PX, height: 720 });
  // 13 users match 'pick-': ten bystanders (page 1), then the three to delete (page 2).
  for (let i = 1; i <= 10; i++) {
    await populatedUser(app, `pick-a${String(i).padStart(2, '0')}@example.com`, i === 1 ? ['png'] : []);
  }
  for (const [n, avatars] of [
    ['1', ['jpg', 'png']],
    ['2', ['png']],
    ['3', []],
  ] as const) {
    const email = `pick-v${n}@example.com`;
    victims.push({ email, id: await populatedUser(app, email, [...avatars]), avatars: [...avatars] });
  }
  await populatedUser(app, 'bystander@example.com', ['webp']);
});

afterAll(() => close?.());

const expectAccessible = (state: string) => expectAccessibleInBothThemes(page, state);

const focused = () =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent);
const caption = () => page.locator('.user-table caption').textContent();
const rowEmails = () =>
  page
    .getByTestId('user-row')
    .locator('th')
    .evaluateAll((cells) => cells.map((c) => c.firstChild?.textContent));
const searchBox = () => page.getByRole('searchbox', { name: 'Search users by e-mail' });

async function searchFor(term: string) {
  await searchBox().fill(term);
  await searchBox().press('Enter');
}

/** Presses `key` on the control named `name` after giving it focus (as Tab would). */
async function press(name: string, key = 'Enter', role: 'button' | 'checkbox' = 'button') {
  const control = page.getByRole(role, { name, exact: true });
  await control.focus();
  await control.press(key);
}

test('a non-admin opening /admin lands on /account', async () => {
  await newSignedInUser(page, app, 'member');
  await page.goto(`${app.appUrl}/admin`);
  await waitForPath(page, '/account');
  await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor();
  await signOut(page);
});

test('the badge shows the environment: its branch name, neutral for a local database, styled for production', async () => {
  const chief = await newSignedInUser(page, app, 'chief');
  await sql(app.stack, "update public.profiles set role = 'admin' where auth_id = $1", [chief.id]);
  const badge = page.getByTestId('environment-badge');
  // The server's answer for an unset branch and for production; the label and style of every branch
  // (develop's development style included) are in tests/unit/admin-rules.test.ts › environment badge.
  for (const [branch, style] of [
    ['local', 'neutral'],
    ['main', 'production'],
  ]) {
    if (branch !== 'local') await setBranchName(app, branch);
    await page.goto(`${app.appUrl}/admin`);
    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    await expect.poll(() => badge.textContent()).toBe(`Supabase: ${branch}`);
    expect(await badge.getAttribute('data-style')).toBe(style);
  }
  expect(await page.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
  await expectAccessible('dashboard');
});

test('search: blank, no match, then 13 matches over two pages of 10; details show every field', async () => {
  await press('Search');
  await expect.poll(() => page.getByRole('alert').textContent()).toBe('Please enter a search term');
  await searchFor('nobody-zzz');
  await expect.poll(() => page.locator('.empty-state').textContent()).toBe('No users found matching "nobody-zzz"');
  await press('Delete selected (0)');
  await expect.poll(() => page.getByRole('alert').textContent()).toBe('No users selected');

  await searchFor('PICK-');
  await expect.poll(caption).toBe('13 users matching “PICK-” — page 1 of 2');
  expect(await rowEmails()).toEqual(
    Array.from({ length: 10 }, (_, i) => `pick-a${String(i + 1).padStart(2, '0')}@example.com`),
  );
  await press('Next');
  await expect.poll(caption).toBe('13 users matching “PICK-” — page 2 of 2');
  expect(await rowEmails()).toEqual(victims.map((v) => v.email));
  await expect.poll(focused).toBe('Previous'); // Next became unusable: focus moved, not lost

  const [first] = victims;
  await press(`Details of ${first.email}`);
  const dialog = page.getByRole('dialog', { name: 'User details' });
  await dialog.waitFor();
  await expect.poll(focused).toBe('Close');
  const {
    data: [expected],
  } = await app.stack.serviceClient().rpc('search_users_by_email', { search_term: first.email }).throwOnError();
  const shown = await dialog
    .locator('dd')
    .evaluateAll((cells) => cells.map((c) => [c.getAttribute('data-field'), c.textContent]));
  // debug_mode_allowed is the dialog's "Debug mode" switch (issue 20), not a text field.
  const { debug_mode_allowed: debugAllowed, ...fields } = expected as Record<string, unknown>;
  expect(Object.fromEntries(shown)).toEqual(
    Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v === null ? '—' : String(v)])),
  );
  expect(shown).toHaveLength(16);
  expect(debugAllowed).toBe(false);
  expect(await dialog.getByRole('switch', { name: 'Debug mode' }).isChecked()).toBe(false);
  expect((expected as { avatar_url: string }).avatar_url).toMatch(new RegExp(`^public/${first.id}\\.(jpg|png)$`));
  expect(await dialog.getByRole('img', { name: `Avatar of ${first.email}` }).count()).toBe(1);
  await expectAccessible('user details');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await expect.poll(focused).toBe(`Details of ${first.email}`); // given back a frame after the dialog went
});

test('bulk delete: three users selected across pages go, with their avatar objects; nobody else changes', async () => {
  const ids = victims.map((v) => v.id);
  const teamIds = await Promise.all(ids.map(async (id) => (await profileOf(app, id)).active_team_id!));
  const avatarNames = victims.flatMap((v) => v.avatars.map((ext) => `public/${v.id}.${ext}`));
  expect(await remainsOf(app, ids, teamIds, avatarNames)).toMatchObject({
    users: 3,
    profiles: 3,
    teams: 3,
    objects: 3,
  });
  expect((await remainsOf(app, ids, teamIds, avatarNames)).files).toHaveLength(3);
  const before = await othersSnapshot(app, ids);

  for (const v of victims) await press(`Select ${v.email}`, 'Space', 'checkbox');
  await press('Previous');
  await press('Select pick-a01@example.com', 'Space', 'checkbox');
  await press('Select pick-a01@example.com', 'Space', 'checkbox'); // and unselected again
  await press('Delete selected (3)');
  const confirm = page.getByRole('alertdialog', { name: 'Delete 3 selected users?' });
  await confirm.waitFor();
  await expect.poll(focused).toBe('Cancel');
  await expectAccessible('delete confirmation');
  await page.keyboard.press('Tab');
  await expect.poll(focused).toBe('Delete');
  await page.keyboard.press('Enter');

  const report = page.getByTestId('deletion-report');
  await expect
    .poll(() => report.locator('p').textContent(), { timeout: 30_000 })
    .toBe('Successfully deleted 3 of 3 selected users');
  expect(await report.locator('li').allTextContents()).toEqual(
    victims.map((v) => `${v.email}: User deleted successfully`),
  );
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
    .toBe('deletion-report');
  await expect.poll(caption).toBe('10 users matching “PICK-” — page 1 of 1');
  await expectAccessible('deletion report');

  expect(await remainsOf(app, ids, teamIds, avatarNames)).toEqual({
    users: 0,
    profiles: 0,
    teams: 0,
    objects: 0,
    files: [],
  });
  expect(await othersSnapshot(app, ids)).toEqual(before);
});
