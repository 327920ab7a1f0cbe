/**
 * Links rendered from input (issue 13): /notion-profile takes `notionUrl` from its query, so a
 * crafted link could point the "Open in Notion" button anywhere. Only Notion's hosts become a
 * link; otherwise the link is the page's own www.notion.so address, or there is none. (Once
 * Notion answers, the page's own address from Notion is the link.) One case here, on the screen;
 * the rule's cases (javascript:, look-alike hosts, a bad id, notion.site) are unit tests:
 * tests/unit/notion-links.test.ts.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, type TestBrowser } from './support/browser.ts';
import { capturingUser, startCaptureApp, type CaptureApp } from './support/capture.ts';

const PAGE_ID = '0f5e2d7a-9c8b-4b1e-8f3a-2d1c0b9a8f7e';
let capture: CaptureApp;
let browser: TestBrowser;
let page: Page;

beforeAll(async () => {
  capture = await startCaptureApp();
  browser = await launchBrowser({ serviceWorkers: 'block' }); // it routes the app's requests
  page = await browser.context.newPage();
  await capturingUser(page, capture.app, 'links');
  // Notion out of reach (the dev server has no service worker: the page's own calls are routed):
  // the screen shows only what its query says, as it does before its first fetch answers.
  await page.route('**/api/notion/v1/**', (route) => route.abort('internetdisconnected'));
});

afterAll(async () => {
  await browser?.close();
  await capture?.stop();
});

async function openFound(query: Record<string, string>) {
  await page.goto(`${capture.app.appUrl}/notion-profile?${new URLSearchParams(query)}`);
  await page.getByTestId('notion-profile').waitFor();
}

const hrefs = () => page.locator('a[href]').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));

test('a notionUrl on another host is not rendered as a link: the page id’s Notion address is', async () => {
  await openFound({ id: PAGE_ID, title: 'Jane', notionUrl: 'https://evil.example/login' });
  await expect.poll(hrefs).toContain('https://www.notion.so/0f5e2d7a9c8b4b1e8f3a2d1c0b9a8f7e');
  expect((await hrefs()).filter((href) => href.includes('evil.example'))).toEqual([]);
});
