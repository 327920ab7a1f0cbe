/**
 * The page's remaining editors in Chromium (issue 17), production build with its service
 * worker, Notion sandbox through the proxy — every value read back from the sandbox, not from
 * our state: people added from the workspace's users and removed; an external file link
 * refused while its URL does not parse ("Please enter a valid URL"), added with the name rule,
 * previewed when an image, removed; a multi-select option deleted only after confirmation, with
 * "Deleting option: {name}..." then "Option deleted successfully", gone from the data source's
 * schema and from the pages that had it; the title edited in the header. At 320 px the open
 * editors fit with no sideways scroll, pass axe's WCAG A/AA rules, and work by keyboard alone.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { SEED_IDS } from '../../supabase/local/sandboxes/notion/index.ts';
import { NARROWEST_PANEL_PX, pageWidth, seriousViolations } from './support/a11y.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { launchBrowser, type TestBrowser } from './support/browser.ts';
import { capturingUser } from './support/capture.ts';
import { sandboxCall } from './support/notionSandbox.ts';
import { notionProperties, pageRows } from './support/pageRows.ts';

const jose = SEED_IDS.page(SEED_IDS.databases.people, 'jose');
const max = SEED_IDS.page(SEED_IDS.databases.people, 'max');

let app: TestApp;
let browser: TestBrowser;
let panel: Page;

const notionValues = (pageId = jose) => notionProperties(app, pageId);

const { row, edit, pending } = pageRows(() => panel);

beforeAll(async () => {
  app = await startTestApp({ sandboxes: true });
  browser = await launchBrowser();
  panel = await browser.context.newPage();
  await capturingUser(panel, app, 'editors');
  await panel.evaluate(() => navigator.serviceWorker.ready);
  await panel.goto(`${app.appUrl}/notion-profile?id=${jose}`);
  await row('Owner').waitFor({ timeout: 15_000 });
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

test('people: workspace users are added and removed, the whole list reaches Notion', async () => {
  await edit('Owner');
  const add = row('Owner').getByRole('button', { name: /Add to Owner/ });
  await expect
    .poll(() => panel.evaluate(() => document.activeElement?.classList.contains('select-trigger')))
    .toBe(true);
  for (const person of ['Alice Martin', 'Bruno Costa']) {
    await add.click();
    await panel.getByRole('option', { name: person }).waitFor();
    // bots are not offered
    expect(await panel.getByRole('option', { name: 'Zapier' }).count()).toBe(0);
    await panel.getByRole('option', { name: person }).click();
    await row('Owner').getByText(person).waitFor();
  }
  await row('Owner').getByRole('button', { name: 'Remove Alice Martin' }).click();
  // focus moves to the next Remove button, not to the page's body
  await expect
    .poll(() => panel.evaluate(() => document.activeElement?.getAttribute('aria-label')))
    .toBe('Remove Bruno Costa');
  await row('Owner').getByRole('button', { name: 'Done' }).click();

  await expect
    .poll(async () => ((await notionValues()).Owner.people as { name: string }[]).map((p) => p.name), {
      timeout: 20_000,
    })
    .toEqual(['Bruno Costa']);
  await expect.poll(pending, { timeout: 10_000 }).toBe(0);
  await row('Owner').getByText('Bruno Costa').waitFor();
  expect(await row('Owner').getByTestId('avatar-initial').textContent()).toBe('BC');
});

test('files: a URL that does not parse is refused with the spec text; links are added by the name rule and removed', async () => {
  await edit('Attachments');
  const url = row('Attachments').getByRole('textbox', { name: 'Link URL' });
  const addLink = row('Attachments').getByRole('button', { name: 'Add link' });
  expect(await addLink.isDisabled()).toBe(true);
  await url.fill('not a url');
  await row('Attachments').getByText('Please enter a valid URL').waitFor();
  expect(await addLink.isDisabled()).toBe(true);
  await url.press('Enter');
  expect(await pending()).toBe(0);

  await url.fill('https://example.com/docs/cv.pdf');
  await expect.poll(() => row('Attachments').getByText('Please enter a valid URL').count()).toBe(0);
  await addLink.click();
  await url.fill('https://example.com/');
  await url.press('Enter'); // no path segment: the host names it
  await url.fill('https://example.com/pictures/photo.PNG');
  await row('Attachments').getByRole('textbox', { name: 'Name (optional)' }).fill('Portrait');
  await addLink.click();
  await expect.poll(() => row('Attachments').locator('img.file-preview').count()).toBe(1); // a .PNG is previewed
  await row('Attachments').getByRole('button', { name: 'Remove cv.pdf' }).click();
  await row('Attachments').getByRole('button', { name: 'Done' }).click();

  await expect
    .poll(
      async () =>
        ((await notionValues()).Attachments.files as { name: string; type: string; external?: { url: string } }[]).map(
          (file) => [file.name, file.type, file.external?.url],
        ),
      { timeout: 20_000 },
    )
    .toEqual([
      ['example.com', 'external', 'https://example.com/'],
      ['Portrait', 'external', 'https://example.com/pictures/photo.PNG'],
    ]);
  await row('Attachments').getByText('example.com').waitFor();
  await row('Attachments').getByText('External link').first().waitFor();
});

test('a multi-select option is deleted only after confirmation, from the schema and every page', async () => {
  const tagOptions = async () => {
    const source = (await sandboxCall(app, 'GET', `/data_sources/${SEED_IDS.dataSources.people}`)) as {
      properties: Record<string, { multi_select?: { options: { name: string }[] } }>;
    };
    return source.properties.Tags.multi_select!.options.map((option) => option.name);
  };
  await edit('Tags');
  expect(await row('Tags').locator('.chip', { hasText: 'Partner' }).getAttribute('data-color')).toBe('purple');
  const remove = row('Tags').getByRole('button', { name: 'Delete option Speaker' });

  await remove.click();
  const dialog = panel.getByRole('alertdialog', { name: 'Delete option Speaker?' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  // Escape closes the question only: the editor stays open, focus back on the delete button
  await remove.click();
  await dialog.waitFor();
  await panel.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await expect
    .poll(() => panel.evaluate(() => document.activeElement?.getAttribute('aria-label')))
    .toBe('Delete option Speaker');
  expect(await row('Tags').getByRole('button', { name: 'Done' }).count()).toBe(1);
  expect(await tagOptions()).toContain('Speaker');

  // every text the status line shows, in order
  await panel.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { statuses: string[] }).statuses = seen;
    const status = document.querySelector('.page-property[data-property="Tags"] .option-status')!;
    new MutationObserver(() => seen.push(status.textContent ?? '')).observe(status, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
  await remove.click();
  await dialog.getByRole('button', { name: 'Delete option' }).click();
  // three calls (the schema, its update, the page) share the app's rate budget with the edits before
  await row('Tags').getByText('Option deleted successfully').waitFor({ timeout: 30_000 });
  expect(await panel.evaluate(() => (window as unknown as { statuses: string[] }).statuses)).toEqual([
    'Deleting option: Speaker...',
    'Option deleted successfully',
  ]);
  expect(await row('Tags').getByRole('button', { name: 'Delete option Speaker' }).count()).toBe(0);
  await expect.poll(() => panel.evaluate(() => document.activeElement?.textContent)).toBe('Done');

  expect(await tagOptions()).toEqual(['Prospect', 'Customer', 'Partner']);
  const maxTags = (await notionValues(max)).Tags.multi_select as { name: string }[];
  expect(maxTags.map((tag) => tag.name)).toEqual(['Partner']);
  // status options cannot be deleted (Notion's API refuses it)
  await row('Tags').getByRole('button', { name: 'Done' }).click();
  await edit('Stage');
  expect(
    await row('Stage')
      .getByRole('button', { name: /^Delete option/ })
      .count(),
  ).toBe(0);
  await row('Stage').getByRole('button', { name: 'Done' }).click();
});

test('the title is edited in the header and reaches Notion; focus returns to its button', async () => {
  await panel.getByRole('button', { name: 'Edit title' }).click();
  const field = panel.getByRole('textbox', { name: 'Title' });
  await field.fill('José Álvarez Soto');
  await field.press('Enter');
  await panel.getByRole('heading', { level: 1, name: 'José Álvarez Soto' }).waitFor();
  await expect.poll(() => panel.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Edit title');
  await expect
    .poll(
      async () => ((await notionValues()).Name.title as { plain_text: string }[]).map((t) => t.plain_text).join(''),
      { timeout: 20_000 },
    )
    .toBe('José Álvarez Soto');
});

test('at 320 px the editors fit, pass axe, and add a person by keyboard alone', async () => {
  await panel.setViewportSize({ width: NARROWEST_PANEL_PX, height: 800 });
  for (const name of ['Attachments', 'Tags', 'Owner']) {
    await edit(name);
    await row(name).getByRole('button', { name: 'Done' }).waitFor(); // measured open
    expect(await pageWidth(panel), name).toBeLessThanOrEqual(NARROWEST_PANEL_PX);
    expect(await seriousViolations(panel), name).toEqual([]);
    if (name !== 'Owner') await row(name).getByRole('button', { name: 'Done' }).click();
  }
  // the Owner editor is open, its add list focused: open it, take the first person offered
  await panel.keyboard.press('Enter');
  const first = (await panel.getByRole('option').first().textContent())!;
  await panel.keyboard.press('Enter');
  await row('Owner')
    .getByRole('button', { name: `Remove ${first}` })
    .waitFor();
  await panel.keyboard.press('Escape');
  await expect
    .poll(async () => ((await notionValues()).Owner.people as { name: string }[]).map((p) => p.name), {
      timeout: 20_000,
    })
    .toEqual(['Bruno Costa', first]);
});
