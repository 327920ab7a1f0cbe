/**
 * Issue 34 in Chromium through the extension harness against the sandboxes: Add sets a page icon
 * that does not expire. The profile's photo (a LinkedIn media URL) is imported by Notion and the
 * new page, read back from the Notion sandbox, has a Notion-hosted `file` icon, not the photo's
 * expiring URL; when the import fails (the app's file-upload calls answered with a 500) the page
 * is still added, with the photo's URL as an external icon.
 */
import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, type TestBrowser } from './support/browser.ts';
import { routeNotion } from './support/notionSandbox.ts';
import { capturingUser, crmPages, openHarness, startCaptureApp, type CaptureApp } from './support/capture.ts';

let capture: CaptureApp;
let browser: TestBrowser;
let page: Page;

const MISSING_CONTEXT = 'Open a LinkedIn profile page to use Sidenote.';
const ADD_TITLE = 'Add this profile to your Notion CRM?';

beforeAll(async () => {
  capture = await startCaptureApp();
  browser = await launchBrowser({ serviceWorkers: 'block' }); // it routes the app's requests
  page = await browser.context.newPage();
  await capturingUser(page, capture.app, 'durable-icon');
});

afterAll(async () => {
  await browser?.close();
  await capture?.stop();
});

let harness: FrameLocator | undefined;

/**
 * Opens the fixture's tab (the harness once: a reload would show the last added page, not
 * MissingContext), adds it, and answers its page as the Notion sandbox holds it.
 */
async function add(label: string, name: string, slug: string) {
  if (!harness) {
    harness = await openHarness(page, capture.harness);
    await harness.getByText(MISSING_CONTEXT).waitFor();
  }
  const frame = harness;
  await page.getByRole('button', { name: label, exact: true }).click();
  await frame.getByText(ADD_TITLE).waitFor();
  expect(await crmPages(capture.app, slug)).toHaveLength(0);
  await frame.getByRole('button', { name: 'Add profile' }).click();
  await frame.getByTestId('notion-profile').getByRole('heading', { name }).waitFor({ timeout: 20_000 });
  const pages = await crmPages(capture.app, slug);
  expect(pages).toHaveLength(1);
  return pages[0];
}

describe('Add’s page icon', () => {
  test('the photo is imported: the page’s icon is a Notion-hosted file, not the LinkedIn URL', async () => {
    const created = await add('José García Núñez', 'José García Núñez', 'jose-garcia-nunez');
    expect(created.icon).toMatchObject({ type: 'file', file: { url: expect.stringMatching(/^https:\/\//) } });
    expect(JSON.stringify(created.icon)).not.toContain('licdn');
  });

  test('the import fails: the page is added all the same, with the photo’s URL as its icon', async () => {
    const unroute = await routeNotion(browser.context, 'file_uploads**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ object: 'error', status: 500, code: 'internal_server_error', message: 'Boom.' }),
      }),
    );
    try {
      const created = await add('Riley Selftaught', 'Riley Selftaught', 'no-education');
      expect(created.icon).toEqual({
        type: 'external',
        external: { url: expect.stringMatching(/^https:\/\/media\.licdn\.com\/.*no-education/) },
      });
    } finally {
      await unroute();
    }
  });
});
