/**
 * Issue 34 in Chromium through the extension harness against the sandboxes: pages about one
 * person that are not their public profile URL. A Sales Navigator lead whose page shows the
 * person's public link → that person's Notion page; a profile opened by its member link
 * (`/in/ACoAA…`) → the person its page names; a lead whose page shows no public link → our
 * words for it, never "not on a profile". The harness's tabs for them are
 * tools/extension-harness/personPageTabs.ts (what the extension reads there); each person is
 * saved in the Notion sandbox under their public URL first.
 */
import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SEED_IDS } from '../../supabase/local/sandboxes/notion/index.ts';
import { launchBrowser, type TestBrowser } from './support/browser.ts';
import {
  appPath,
  capturingUser,
  openHarness,
  openTabUrl,
  startCaptureApp,
  type CaptureApp,
} from './support/capture.ts';

let capture: CaptureApp;
let browser: TestBrowser;
let page: Page;

const MISSING_CONTEXT = 'Open a LinkedIn profile page to use Sidenote.';
const UNUSED_LINKEDIN = 'You are on LinkedIn. Open a LinkedIn profile page to use Sidenote';
const NO_LINK = 'This Sales Navigator page doesn’t show the person’s LinkedIn profile link.';
const UNREAD = 'Sidenote couldn’t read this LinkedIn page. Reload the tab, then open Sidenote again.';

/** A person in "CRM People" under their public URL, straight in the sandbox: the page's id. */
async function savedPerson(name: string, profileUrl: string): Promise<string> {
  const { url, demoKey } = capture.app.stack.sandboxes!.notion;
  const response = await fetch(`${url}/v1/pages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${demoKey}`, 'notion-version': '2026-03-11', 'content-type': 'application/json' },
    body: JSON.stringify({
      parent: { type: 'data_source_id', data_source_id: SEED_IDS.dataSources.people },
      properties: { Name: { title: [{ text: { content: name } }] }, 'LinkedIn URL': { url: profileUrl } },
    }),
  });
  expect(response.ok).toBe(true);
  return ((await response.json()) as { id: string }).id;
}

const dashless = (text: string) => text.replace(/-/g, '');

beforeAll(async () => {
  capture = await startCaptureApp();
  browser = await launchBrowser({ serviceWorkers: 'block' });
  page = await browser.context.newPage();
  await capturingUser(page, capture.app, 'person-pages');
});

afterAll(async () => {
  await browser?.close();
  await capture?.stop();
});

let harness: FrameLocator | undefined;

/**
 * Opens the harness once (a reload would show the last visited page, not MissingContext) and
 * switches its tab: the app follows it from wherever the previous test left it.
 */
async function openTab(label: string) {
  if (!harness) {
    harness = await openHarness(page, capture.harness);
    await harness.getByText(MISSING_CONTEXT).waitFor();
  }
  await page.getByRole('button', { name: label, exact: true }).click();
  return harness;
}

describe('a person’s page that is not their profile URL', () => {
  test.each([
    ['Sales Navigator lead (public link)', 'Grace Hopper', 'https://www.linkedin.com/in/grace-hopper-sn'],
    ['Member link (Alan Turing)', 'Alan Turing', 'https://www.linkedin.com/in/alan-turing-ml'],
  ])('%s → the public profile it shows → %s’s Notion page', async (label, name, profileUrl) => {
    const id = await savedPerson(name, profileUrl);
    const frame = await openTab(label);
    await frame.getByTestId('notion-profile').getByRole('heading', { name }).waitFor({ timeout: 20_000 });
    expect(dashless(appPath(page, capture.app))).toContain(dashless(id));
  });

  test('a Sales Navigator lead that shows no public link: our words, not "not on a profile"', async () => {
    const frame = await openTab('Sales Navigator lead (no public link)');
    await frame.getByRole('heading', { level: 1, name: NO_LINK, exact: true }).waitFor();
    await frame.getByText('Open Linus Quiet’s LinkedIn profile').waitFor();
    expect(await frame.getByText(UNUSED_LINKEDIN).count()).toBe(0);
    expect(appPath(page, capture.app)).toMatch(/^\/\?url=/);
  });

  test('a lead page the extension never reads (no content script): said after the wait, not a spinner for ever', async () => {
    const frame = await openTab('Sales Navigator lead (public link)');
    await frame.getByTestId('notion-profile').getByRole('heading', { name: 'Grace Hopper' }).waitFor();
    // A lead the harness does not list: its tab URL is told, no read of the page ever comes.
    await openTabUrl(page, 'https://www.linkedin.com/sales/lead/ACwAAAUnreadLeadId0000004,NAME_SEARCH,zz');
    await frame.getByRole('heading', { level: 1, name: /Looking for the person’s LinkedIn profile link/ }).waitFor();
    await frame.getByRole('heading', { level: 1, name: UNREAD, exact: true }).waitFor({ timeout: 20_000 });
  });
});
