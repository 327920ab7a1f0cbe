/**
 * Issue 34 in Chromium, the match ladder's *Probably in your CRM* verdict, with the harness's
 * fixture profiles (their scraped name, company and headline) and pages this file writes into
 * the Notion sandbox's "CRM People" for them (people no other browser test opens):
 * - José García Núñez saved as "García Núñez, José" under an old slug → *Probably* (same
 *   company) → "This is them" → the page's URL is this profile's (read back in Notion) → the
 *   next visit, the stored verdict gone, is answered by the URL rung in one query;
 * - two أميرة حداد pages → a chooser (radio group, keyboard) → the chosen one is linked, the
 *   other untouched;
 * - a Jordan Seeker page under another URL → "Not them, add" → one new page, the namesake
 *   untouched.
 */
import AxeBuilder from '@axe-core/playwright';
import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseProfileUrl } from '../../src/domain/linkedin/profileUrl.ts';
import { SEED_IDS } from '../../supabase/local/sandboxes/notion/index.ts';
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
import { NARROWEST_PANEL_PX, WCAG_TAGS } from './support/a11y.ts';
import { localDb } from './support/localDb.ts';

let capture: CaptureApp;
let browser: TestBrowser;
let page: Page;
let frame: FrameLocator;

type StoredPage = { id: string; properties: Record<string, { url?: string | null }> };

/** Calls the Notion sandbox as the demo workspace's integration. */
async function notion<T>(method: string, path: string, body?: unknown): Promise<T> {
  const { url, demoKey } = capture.app.stack.sandboxes!.notion;
  const response = await fetch(`${url}/v1/${path}`, {
    method,
    headers: { authorization: `Bearer ${demoKey}`, 'notion-version': '2026-03-11', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A "CRM People" page as a user saved it: a title, maybe a URL, maybe a company. */
async function savePerson(name: string, url: string | null, company?: string): Promise<string> {
  const text = (content: string) => [{ type: 'text', text: { content } }];
  const created = await notion<{ id: string }>('POST', 'pages', {
    parent: { data_source_id: SEED_IDS.dataSources.people },
    properties: {
      Name: { title: text(name) },
      ...(url ? { 'LinkedIn URL': { url } } : {}),
      ...(company ? { Company: { rich_text: text(company) } } : {}),
    },
  });
  return created.id;
}

const storedUrl = async (id: string) =>
  (await notion<StoredPage>('GET', `pages/${id}`)).properties['LinkedIn URL']?.url ?? null;

const dataSourceQueries = () =>
  capture.app.stack
    .sandboxes!.notion.requestLog()
    .filter((r) => r.method === 'POST' && /\/v1\/data_sources\/[^/]+\/query$/.test(r.path));

const probableRegion = () => frame.getByRole('region', { name: 'Probably in your CRM' });

const pageIdOf = (path: string) => new URLSearchParams(path.split('?')[1]).get('id')?.replaceAll('-', '');
const plainId = (id: string) => id.replaceAll('-', '');

beforeAll(async () => {
  capture = await startCaptureApp();
  browser = await launchBrowser();
  page = await browser.context.newPage();
  await capturingUser(page, capture.app, 'probable');
  frame = await openHarness(page, capture.harness);
});

afterAll(async () => {
  await browser?.close();
  await capture?.stop();
});

describe('Probably in your CRM', () => {
  test('old slug → Probably → "This is them" → the URL in Notion → next visit found by URL', async () => {
    const profileUrl = 'https://www.linkedin.com/in/jose-garcia-nunez/';
    const canonical = parseProfileUrl(profileUrl)!.canonical;
    const id = await savePerson(
      'García Núñez, José',
      'https://www.linkedin.com/in/jgarcianunez-2015',
      'Compania Iberica S.L.',
    );

    await openTabUrl(page, profileUrl);
    const region = probableRegion();
    await region.waitFor({ timeout: 30_000 });
    await region.getByText('No page has this LinkedIn URL, but this page looks like the same person.').waitFor();
    await region.getByText('García Núñez, José').waitFor();
    await region.getByText('Same company (Compania Iberica S.L.)').waitFor();
    // the heading has focus: a screen reader announces the verdict, Tab starts there
    await expect.poll(() => region.getByRole('heading').evaluate((h) => h === document.activeElement)).toBe(true);

    await region.getByRole('button', { name: 'This is them' }).click();
    await expect.poll(() => pageIdOf(appPath(page, capture.app)), { timeout: 15_000 }).toBe(plainId(id));
    await expect.poll(() => storedUrl(id), { timeout: 30_000 }).toBe(canonical);
    expect(await crmPages(capture.app, 'jose-garcia-nunez')).toHaveLength(1);

    // next visit, with the stored verdict removed: Notion answers, the URL rung, in one query
    await openTabUrl(page, 'https://www.linkedin.com/feed/');
    await expect.poll(() => appPath(page, capture.app)).not.toMatch(/^\/notion-profile/);
    const app = page.frames().find((f) => f.url().startsWith(capture.app.appUrl))!;
    await localDb(app, 'cache', { op: 'delete', key: `profile_check:${SEED_IDS.dataSources.people}:${canonical}` });
    capture.app.stack.sandboxes!.notion.clearRequestLog();
    await openTabUrl(page, profileUrl);
    await expect.poll(() => pageIdOf(appPath(page, capture.app)), { timeout: 15_000 }).toBe(plainId(id));
    expect(dataSourceQueries()).toHaveLength(1); // the URL rung found it: the name rung never ran
  });

  test('two namesakes → a chooser: the one chosen by keyboard is linked, the other untouched', async () => {
    const first = await savePerson('أميرة حداد', 'https://www.linkedin.com/in/amira-h-dubai', 'شركة الأفق');
    const second = await savePerson('حداد, أميرة', null, 'شركة الأفق');
    await openTabUrl(page, 'https://www.linkedin.com/in/amira-haddad/');
    const region = probableRegion();
    await region.waitFor({ timeout: 30_000 });
    const chooser = region.getByRole('group', { name: 'Which page is this person?' });
    const radios = chooser.getByRole('radio');
    await expect.poll(() => radios.count()).toBe(2);
    const confirm = region.getByRole('button', { name: 'This is them' });
    expect(await confirm.isDisabled()).toBe(true); // nothing chosen yet

    // the chooser in a 320 px panel: no sideways scroll, no serious WCAG finding in the app's frame
    const nav = await page.locator('nav').evaluate((n) => n.getBoundingClientRect().width); // the fake tabs
    await page.setViewportSize({ width: Math.ceil(nav) + NARROWEST_PANEL_PX, height: 720 });
    const app = page.frames().find((f) => f.url().startsWith(capture.app.appUrl))!;
    await expect.poll(() => app.evaluate(() => window.innerWidth)).toBeLessThanOrEqual(NARROWEST_PANEL_PX);
    expect(await app.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROWEST_PANEL_PX);
    const axe = await new AxeBuilder({ page }).include('iframe#app').withTags(WCAG_TAGS).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual(
      [],
    );

    // keyboard: Tab into the group, arrows move the choice to the page titled "حداد, أميرة"
    await radios.first().focus();
    await page.keyboard.press('Space');
    const labels = await radios.evaluateAll((inputs) =>
      inputs.map((i) => (i as HTMLInputElement).labels?.[0]?.textContent),
    );
    const target = labels.indexOf('حداد, أميرة');
    for (let i = 0; i < target; i++) await page.keyboard.press('ArrowDown');
    await expect.poll(() => radios.nth(target).isChecked()).toBe(true);
    await confirm.click();

    await expect.poll(() => pageIdOf(appPath(page, capture.app)), { timeout: 15_000 }).toBe(plainId(second));
    await expect.poll(() => storedUrl(second), { timeout: 30_000 }).toBe('https://www.linkedin.com/in/amira-haddad');
    expect(await storedUrl(first)).toBe('https://www.linkedin.com/in/amira-h-dubai');
  });

  test('"Not them, add" → one new page; the namesake keeps its URL', async () => {
    const namesake = await savePerson('Jordan Seeker', 'https://www.linkedin.com/in/jordan-seeker-nyc');
    await openTabUrl(page, 'https://www.linkedin.com/in/open-to-work/');
    const region = probableRegion();
    await region.waitFor({ timeout: 30_000 });
    await region.getByText('Name only: no company or headline to compare').waitFor();
    await region.getByRole('button', { name: 'Not them, add' }).click();

    await frame
      .getByTestId('notion-profile')
      .getByRole('heading', { name: 'Jordan Seeker' })
      .waitFor({ timeout: 60_000 });
    const added = await crmPages(capture.app, 'open-to-work');
    expect(added).toHaveLength(1);
    expect(plainId(added[0].id)).not.toBe(plainId(namesake));
    expect(await storedUrl(namesake)).toBe('https://www.linkedin.com/in/jordan-seeker-nyc');
  });
});
