/**
 * Issue 6, step 1 in Chromium against the stack and the Notion sandbox: the add-workspace
 * modal's messages (one malformed key — the key rule's cases are unit tests — then users/me's
 * refusal and its 5 s lifetime, the duplicate), the key shown/hidden, validation through
 * users/me; removing a shared workspace (only the link goes) versus the last user's (the
 * workspace goes), with the 1 s reload; the debug details button; the disabled exit button;
 * the database and mapping steps' messages.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { grantDebugMode } from './support/debugGrant.ts';
import type { TestApp } from './support/app.ts';
import { openAppPage } from './support/appPage.ts';
import { signInWithForm, waitForPath } from './support/access.ts';
import { addWorkspace, modal, newSignedInUser, profileOf, signOut, validateKeyInModal } from './support/settings.ts';

let app: TestApp;
let page: Page;
let close: () => Promise<void>;
let userA: { email: string; password: string; id: string };

beforeAll(async () => {
  ({ app, page, close } = await openAppPage({
    sandboxes: true,
    own: "the demo workspace's last user must be this file's (a shared stack's other users keep it)",
  }));
  userA = await newSignedInUser(page, app, 'keys');
});

afterAll(() => close?.());

const demoKey = () => app.stack.sandboxes!.notion.demoKey;
const message = () => modal(page).getByTestId('workspace-message');

async function workspaceLinks() {
  const service = app.stack.serviceClient();
  const { data: workspaces } = await service.from('workspaces').select('id, notion_workspace_name');
  const { data: links } = await service.from('workspace_users').select('workspace_id, user_id');
  return { workspaces: workspaces ?? [], links: links ?? [] };
}

test('the modal: key hidden/shown, a malformed key refused, the validation message gone after 5 s, then users/me names', async () => {
  await page.goto(`${app.appUrl}/new-setting/select-workspace`);
  await page.getByText('No workspaces found. You can create a new one.').waitFor();
  await page.getByRole('button', { name: 'Add your first Workspace!' }).click();
  const input = modal(page).getByLabel('Notion API key');
  await expect.poll(() => input.getAttribute('type')).toBe('password');
  await modal(page).getByRole('button', { name: 'Show' }).click();
  await expect.poll(() => input.getAttribute('type')).toBe('text');
  await modal(page).getByRole('button', { name: 'Hide' }).click();
  await expect.poll(() => input.getAttribute('type')).toBe('password');
  await expect.poll(() => modal(page).textContent()).toContain('ntn_');

  // One malformed key shows the validator's text; every case of the rule is in tests/unit/settings-rules.test.ts.
  await validateKeyInModal(page, 'ntn_short');
  await expect.poll(() => message().textContent()).toBe('Incorrect key length');

  // A well-formed key Notion does not know: users/me fails.
  const unknownKey = `ntn_${'7'.repeat(11)}${'Q'.repeat(35)}`;
  await validateKeyInModal(page, unknownKey);
  await expect.poll(() => message().textContent()).toBe('Failed to validate Notion API key');
  const shown = Date.now();
  // The operators are notified (the Slack sink stands in for the webhook); the key is not in it.
  const slackUrl = app.stack.sandboxes!.slack.url;
  await expect
    .poll(async () => {
      const received = (await (await fetch(`${slackUrl}/api/messages`)).json()) as { text: string }[];
      return received.map((m) => m.text).find((t) => t.includes('API key validation failed')) ?? '';
    })
    .toContain('(status 401)');
  const notified = (await (await fetch(`${slackUrl}/api/messages`)).json()) as { text: string }[];
  expect(notified.some((m) => m.text.includes(unknownKey))).toBe(false);
  await message().waitFor({ state: 'detached', timeout: 10_000 });
  const lasted = Date.now() - shown;
  expect(lasted).toBeGreaterThanOrEqual(4_000);
  expect(lasted).toBeLessThan(8_000);

  await validateKeyInModal(page, `  ${demoKey()}  `);
  await expect.poll(() => modal(page).getByTestId('validated-workspace').textContent()).toBe('Sidenote Demo');
  await expect.poll(() => modal(page).getByTestId('validated-bot').textContent()).toBe('Sidenote Demo Integration');
  await modal(page).getByRole('button', { name: 'Save workspace' }).click();
  await modal(page).waitFor({ state: 'detached' });
  await page.getByText('Workspace "Sidenote Demo" added.').waitFor();
  await page.getByTestId('workspace-item').first().waitFor();
  const item = await page.getByTestId('workspace-item').textContent();
  expect(item).toContain(`${demoKey().slice(0, 5)}…${demoKey().slice(-3)}`);
  expect(item).not.toContain(demoKey());

  await page.getByRole('button', { name: 'Add workspace' }).click();
  await validateKeyInModal(page, demoKey());
  await expect
    .poll(() => message().textContent())
    .toBe('This API key is already associated with workspace "Sidenote Demo". Each key must be unique.');
  await modal(page).getByRole('button', { name: 'Cancel' }).click();
});

test('debug mode adds a details button (latest errors included) that never shows the key; no setting yet', async () => {
  await page.goto(`${app.appUrl}/new-setting/select-workspace`);
  await page.getByTestId('workspace-item').first().waitFor();
  await expect.poll(() => page.getByRole('button', { name: 'Details', exact: true }).count()).toBe(0);
  // One logged error for the workspace: the details list the latest ones.
  const [workspace] = (await workspaceLinks()).workspaces;
  const logged = await app.stack
    .serviceClient()
    .from('errors')
    .insert({ workspace_id: workspace.id, message: 'Rate limited by Notion', status: 429 });
  expect(logged.error).toBeNull();
  await grantDebugMode(app, userA.id); // debug mode is a per-user grant (issue 20), read at app start
  await page.goto(`${app.appUrl}/new-setting/select-workspace?dbg=true`);
  await page.getByRole('button', { name: 'Details', exact: true }).click();
  await expect.poll(() => page.getByTestId('workspace-details').textContent()).toContain('Rate limited by Notion');
  const details = await page.getByTestId('workspace-details').textContent();
  expect(details).toContain('Sidenote Demo');
  expect(details).not.toContain(demoKey());
  // This user has no setting yet: the header's setting-details modal says so (spec 2 §8).
  await page.getByRole('button', { name: 'Setting details' }).click();
  const info = page.getByRole('dialog', { name: 'Setting details' });
  await expect.poll(() => info.textContent()).toContain('No active setting selected');
  await info.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Debug mode' }).click(); // off again for the next tests
});

test('a shared workspace: removal unlinks only; the last user removal deletes it (reload after 1 s)', async () => {
  await signOut(page);
  const userB = await newSignedInUser(page, app, 'keys-b');
  await page.goto(`${app.appUrl}/new-setting/select-workspace`);
  await page.getByText('No workspaces found. You can create a new one.').waitFor();
  await addWorkspace(page, demoKey());
  await page.getByTestId('workspace-item').first().waitFor();
  const [workspace] = (await workspaceLinks()).workspaces;
  const profileA = await profileOf(app, userA.id);
  const profileB = await profileOf(app, userB.id);
  expect((await workspaceLinks()).links.map((l) => l.user_id).sort()).toEqual([profileA.id, profileB.id].sort());

  await page.getByTestId('workspace-item').getByRole('button', { name: 'Remove' }).click();
  let reloaded = page.waitForEvent('load', { timeout: 20_000 });
  await page
    .getByRole('alertdialog', { name: 'Remove workspace' })
    .getByRole('button', { name: 'Confirm removal' })
    .click();
  await page.getByText('You were removed from workspace "Sidenote Demo". Its other users keep it.').waitFor();
  const removed = Date.now();
  await reloaded;
  expect(Date.now() - removed).toBeGreaterThanOrEqual(800);
  await page.getByText('No workspaces found. You can create a new one.').waitFor();
  let state = await workspaceLinks();
  expect(state.workspaces.map((w) => w.id)).toEqual([workspace.id]);
  expect(state.links.map((l) => l.user_id)).toEqual([profileA.id]);

  await signOut(page);
  await signInWithForm(page, app, userA.email, userA.password);
  await waitForPath(page, '/');
  await page.goto(`${app.appUrl}/new-setting/select-workspace`);
  await page.getByTestId('workspace-item').getByRole('button', { name: 'Remove' }).click();
  reloaded = page.waitForEvent('load', { timeout: 20_000 });
  await page
    .getByRole('alertdialog', { name: 'Remove workspace' })
    .getByRole('button', { name: 'Confirm removal' })
    .click();
  await page.getByText('Workspace "Sidenote Demo" deleted: you were its last user.').waitFor();
  await reloaded;
  await page.getByText('No workspaces found. You can create a new one.').waitFor();
  state = await workspaceLinks();
  expect(state.workspaces).toEqual([]);
  expect(state.links).toEqual([]);
});

test('in the settings flow with no active setting the exit button is disabled (spec 2 §4)', async () => {
  await page.goto(`${app.appUrl}/notion-settings`);
  const exit = page.getByRole('button', { name: '← Exit Notion settings' });
  await expect.poll(() => exit.isDisabled()).toBe(true);
  expect(await exit.getAttribute('title')).toBe(
    'Setup incomplete: Notion configuration must be finished to use Sidenote',
  );
  await page.goto(`${app.appUrl}/profile`);
  await expect.poll(() => page.getByRole('button', { name: '← Back' }).isDisabled()).toBe(false);
});

test('the database and mapping steps name what is missing (spec 1 §8)', async () => {
  const cases: [string, string][] = [
    ['/new-setting/select-database', 'No workspace selected. Please go back and select a workspace.'],
    [
      '/new-setting/select-database?workspace_id=00000000-0000-4000-8000-000000000000',
      'Workspace not found. Please go back and select a valid workspace.',
    ],
    ['/new-setting/select-database?workspace_id=not-a-uuid', 'Unable to retrieve workspace details. Please try again.'],
    [
      '/new-setting/linkedin-mapping?workspace_id=00000000-0000-4000-8000-000000000000',
      'Missing workspace ID or database ID. Please go back and make a selection.',
    ],
  ];
  // A workspace whose key Notion no longer accepts: Notion's own message, after the prefix.
  const service = app.stack.serviceClient();
  const broken = await service.rpc('create_workspace_with_association', {
    notion_key: `ntn_${'5'.repeat(11)}${'R'.repeat(35)}`,
    notion_workspace_id: null,
    workspace_name: 'Broken',
    notion_key_name: null,
    auth_user_id: userA.id,
  });
  expect(broken.error).toBeNull();
  const ws = broken.data!.new_workspace.id;
  cases.push(
    [
      `/new-setting/select-database?workspace_id=${ws}`,
      'Unable to retrieve databases from Notion: API token is invalid.',
    ],
    [
      `/new-setting/linkedin-mapping?workspace_id=${ws}&database_id=00000000-0000-4000-8000-000000000001&data_source_id=00000000-0000-4000-8000-000000000002`,
      'Unable to retrieve database properties from Notion: API token is invalid.',
    ],
  );
  for (const [path, text] of cases) {
    await page.goto(`${app.appUrl}${path}`);
    await expect.poll(() => page.getByRole('alert').first().textContent(), { timeout: 10_000 }).toBe(text);
  }
  // Each Notion failure also reaches the operators, with the call's prefix (spec 1 §8).
  const slackUrl = app.stack.sandboxes!.slack.url;
  const notified = async () =>
    ((await (await fetch(`${slackUrl}/api/messages`)).json()) as { text: string }[]).map((m) => m.text);
  await expect
    .poll(async () => (await notified()).find((t) => t.includes('Failed to fetch databases')) ?? '')
    .toContain('Failed to fetch databases: API token is invalid. (status 401)');
});
