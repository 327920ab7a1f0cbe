/**
 * Issue 13 in Chromium: when the lookup cannot read every candidate (more than its bound share
 * the slug's prefix) the verdict is "unknown", and Add asks before it creates. The browser's
 * database queries are answered with endless candidates none of which is the person (what a
 * database of many thousand prefix-sharing pages looks like to the lookup); page creation
 * reaches the Notion sandbox. Shown: Add → the question and 'Add anyway' / "Don't add";
 * "Don't add" creates nothing; 'Add anyway' creates one page and opens it.
 */
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, type TestBrowser } from './support/browser.ts';
import {
  appPath,
  capturingUser,
  crmPages,
  openHarness,
  openTabUrl,
  startCaptureApp,
  type CaptureApp,
} from './support/capture.ts';
import { routeNotion } from './support/notionSandbox.ts';

let capture: CaptureApp;
let browser: TestBrowser;
let page: Page;
let queries = 0;

const ADD_TITLE = 'Add this profile to your Notion CRM?';
const UNSURE = "We couldn't check every page of your Notion database, so this person may already be in it.";

/** One more page of candidates, always with more to come. */
async function endlessCandidates(route: Route) {
  queries += 1;
  const { filter } = route.request().postDataJSON() as { filter: { or: { property: string }[] } };
  const property = filter.or[0].property;
  const result = {
    object: 'page',
    id: `00000000-0000-4000-8000-${String(queries).padStart(12, '0')}`,
    properties: { 'LinkedIn URL': { id: property, type: 'url', url: `https://www.linkedin.com/in/li-wei-${queries}` } },
  };
  await route.fulfill({
    json: { object: 'list', results: [result], has_more: true, next_cursor: `cursor-${queries}` },
  });
}

beforeAll(async () => {
  capture = await startCaptureApp();
  browser = await launchBrowser({ serviceWorkers: 'block' }); // it routes the app's requests
  page = await browser.context.newPage();
  await capturingUser(page, capture.app, 'unsure');
  await routeNotion(page.context(), 'data_sources/*/query', endlessCandidates);
});

afterAll(async () => {
  await browser?.close();
  await capture?.stop();
});

describe('an unknown verdict', () => {
  test("Add asks first: Don't add creates nothing; Add anyway creates one page", async () => {
    const frame = await openHarness(page, capture.harness);
    await openTabUrl(page, 'https://www.linkedin.com/in/li-wei');
    await frame.getByText(ADD_TITLE).waitFor({ timeout: 30_000 });
    await frame.getByText('Verifying profile...').waitFor({ state: 'hidden', timeout: 30_000 });
    expect(queries).toBeGreaterThan(50);

    await frame.getByRole('button', { name: 'Add profile' }).click();
    const question = frame.getByRole('alertdialog', { name: 'Add anyway?' });
    await question.getByText(UNSURE, { exact: true }).waitFor();
    await question.getByRole('button', { name: "Don't add" }).click();
    await question.waitFor({ state: 'hidden' });
    expect(await crmPages(capture.app, 'li-wei')).toHaveLength(0);

    await frame.getByRole('button', { name: 'Add profile' }).click();
    await question.getByRole('button', { name: 'Add anyway' }).click();
    await frame.getByTestId('notion-profile').getByRole('heading', { name: '伟 李' }).waitFor({ timeout: 60_000 });
    expect(appPath(page, capture.app)).toMatch(/^\/notion-profile\?id=/);
    expect(await crmPages(capture.app, 'li-wei')).toHaveLength(1);
  });
});
