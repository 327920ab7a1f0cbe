/**
 * Editing a page's properties in Chromium (issue 17), production build with its service
 * worker, Notion sandbox through the proxy: each editable type of the CRM People fixture —
 * text, URL, email, phone, number, select, status, multi-select (with a new option), date,
 * checkbox — edited through the screen reaches Notion with the right value (read back from the
 * sandbox, not from our state); an invalid email is refused with the spec's text and nothing
 * is sent (the refusal per type: tests/unit/notion-field-rules.test.ts); read-only and
 * unsupported types show their value or placeholder; the row says "Saved successfully" for
 * 3 s, or "Error saving changes" when Notion refuses.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { SEED_IDS } from '../../supabase/local/sandboxes/notion/index.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { launchBrowser, type TestBrowser } from './support/browser.ts';
import { capturingUser } from './support/capture.ts';
import { sandboxCall } from './support/notionSandbox.ts';
import { notionProperties, pageRows } from './support/pageRows.ts';

const jose = SEED_IDS.page(SEED_IDS.databases.people, 'jose');

let app: TestApp;
let browser: TestBrowser;
let panel: Page;

const notionValues = () => notionProperties(app, jose);
const plain = (value: Record<string, unknown>) =>
  ((value[value.type as string] ?? []) as { plain_text: string }[]).map((p) => p.plain_text).join('');

const { row, edit, pending } = pageRows(() => panel);

beforeAll(async () => {
  app = await startTestApp({ sandboxes: true });
  browser = await launchBrowser();
  panel = await browser.context.newPage();
  await capturingUser(panel, app, 'editing');
  await panel.evaluate(() => navigator.serviceWorker.ready);
  await panel.goto(`${app.appUrl}/notion-profile?id=${jose}`);
  await row('City').waitFor({ timeout: 15_000 });
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

test('text, URL, email, phone and number fields save on blur and reach Notion', async () => {
  const typed: [string, string][] = [
    ['City', 'Valparaíso'],
    ['LinkedIn URL', 'https://www.linkedin.com/in/jose-edited'],
    ['Email', 'jose@example.org'],
    ['Phone', '+56 9 1234 5678'],
    ['Score', '42.5'],
  ];
  for (const [name, value] of typed) {
    await edit(name);
    const input = row(name).getByRole('textbox', { name });
    await input.fill(value);
    await input.press('Tab'); // blur saves
  }
  await expect
    .poll(
      async () => {
        const values = await notionValues();
        return [
          plain(values.City),
          values['LinkedIn URL'].url,
          values.Email.email,
          values.Phone.phone_number,
          values.Score.number,
        ];
      },
      { timeout: 20_000 },
    )
    .toEqual(['Valparaíso', 'https://www.linkedin.com/in/jose-edited', 'jose@example.org', '+56 9 1234 5678', 42.5]);
  await expect.poll(pending, { timeout: 10_000 }).toBe(0);
  await row('Score').getByText('42.5').waitFor();
  await row('Score').getByRole('status').filter({ hasText: 'Saved successfully' }).waitFor();
  await expect.poll(() => row('Score').getByRole('status').textContent(), { timeout: 6000 }).toBe(''); // gone after 3 s
});

// The outbox-chaos run's lost clicks: a row's save state came and went ("Saving...", then
// "Saved successfully" for 3 s, then nothing) and moved every row below it by a line, so a
// click aimed at a lower row's edit button could land beside it while the drain finished.
test("a row's save state coming and going does not move the rows below it", async () => {
  const below = row('Priority').getByRole('button', { name: 'Edit Priority' });
  const at = async () => (await below.boundingBox())!.y;
  const before = await at();
  await edit('City');
  const city = row('City').getByRole('textbox', { name: 'City' });
  await city.fill('Temuco');
  await city.press('Tab');
  await row('City').getByRole('status').filter({ hasText: 'Saved successfully' }).waitFor();
  expect(await at()).toBe(before);
  await expect.poll(() => row('City').getByRole('status').textContent(), { timeout: 6000 }).toBe('');
  expect(await at()).toBe(before);
});

// One refused field here; the refusal per type (URL, number, blank values) is in
// tests/unit/notion-field-rules.test.ts › the page editor's text field.
test('an invalid email is refused with the spec text and nothing is queued', async () => {
  await edit('Email');
  const email = row('Email').getByRole('textbox', { name: 'Email' });
  await email.fill('not an email');
  await row('Email').getByText('Please enter a valid email address').waitFor();
  await email.press('Escape');
  expect(await pending()).toBe(0);
  const values = await notionValues();
  expect(values.Email.email).toBe('jose@example.org');
});

test('options save at once: select, status, multi-select with a new option; date and checkbox', async () => {
  await edit('Priority');
  await row('Priority').getByRole('radio', { name: 'High' }).check();
  await row('Priority').getByRole('button', { name: 'Done' }).click();
  await edit('Stage');
  const stage = row('Stage').getByRole('radio').last();
  const stageName = (await stage.locator('xpath=..').textContent())!.trim();
  await stage.check();
  expect(await row('Stage').getByRole('textbox').count()).toBe(0); // status cannot create options
  await row('Stage').getByRole('button', { name: 'Done' }).click();
  await edit('Tags');
  await row('Tags').getByRole('checkbox', { name: 'Partner' }).check();
  await row('Tags').getByRole('textbox', { name: 'New Tags option' }).fill('Board member');
  await row('Tags').getByRole('button', { name: 'Create' }).click();
  await row('Tags').getByRole('button', { name: 'Done' }).click();
  await edit('Next follow-up');
  await row('Next follow-up').getByLabel('Next follow-up').fill('2026-12-03');
  await row('Next follow-up').getByLabel('Next follow-up').press('Enter');
  await row('Contacted').getByRole('checkbox', { name: 'Contacted' }).check();

  await expect
    .poll(
      async () => {
        const values = await notionValues();
        const tags = (values.Tags.multi_select as { name: string }[]).map((t) => t.name);
        return [
          (values.Priority.select as { name: string } | null)?.name,
          (values.Stage.status as { name: string } | null)?.name,
          tags.includes('Partner') && tags.includes('Board member'),
          (values['Next follow-up'].date as { start: string } | null)?.start,
          values.Contacted.checkbox,
        ];
      },
      { timeout: 20_000 },
    )
    .toEqual(['High', stageName, true, '2026-12-03', true]);
  await row('Next follow-up').getByText('December 3, 2026').waitFor();
});

test('read-only and unsupported types show their value or placeholder, with no editor', async () => {
  await row('Display name').getByText('[Formulas are not supported]').waitFor();
  await row('Company count').getByText('[Rollups are not supported]').waitFor();
  for (const name of ['Created', 'Display name', 'Company count', 'Created by']) {
    expect(
      await row(name)
        .getByRole('button', { name: `Edit ${name}` })
        .count(),
    ).toBe(0);
  }
});

test('an edit Notion refuses says "Error saving changes" on its row and lands in the failed list', async () => {
  const trash = (inTrash: boolean) => sandboxCall(app, 'PATCH', `/pages/${jose}`, { in_trash: inTrash });
  await trash(true);
  try {
    await edit('City');
    const city = row('City').getByRole('textbox', { name: 'City' });
    await city.fill('Santiago');
    await city.press('Tab'); // a text value is saved on blur (Enter is a line break in it)
    await row('City').getByRole('status').filter({ hasText: 'Error saving changes' }).waitFor({ timeout: 20_000 });
    await expect.poll(() => panel.getByTestId('failed-count').textContent()).toBe('1 failed');
  } finally {
    await trash(false);
  }
});
