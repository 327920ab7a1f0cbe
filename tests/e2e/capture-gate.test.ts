/**
 * Issue 7 in Chromium through the extension harness: the subscription gate and NewProfile's
 * debug panels.
 *
 * - A user without a team (account made through the UI; setup_new_user not run) opening a
 *   profile, or Root without a url, gets the 'Subscription Inactive' blocker with its link to
 *   /account, stays on Root, and no Notion request is made (no check, no Add).
 * - A team whose subscription is canceled gets the same blocker.
 * - In debug mode NewProfile shows the raw API response of the check and a direct API test
 *   that asks Notion again and reports the verdict.
 *
 * Each user has its own browser (its own storage), so the debug flag and sessions never leak.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, type TestBrowser } from './support/browser.ts';
import { appPath, capturingUser, openHarness, startCaptureApp, type CaptureApp } from './support/capture.ts';
import { profileOf, newSignedInUser } from './support/settings.ts';

let capture: CaptureApp;
const browsers: TestBrowser[] = [];

beforeAll(async () => {
  capture = await startCaptureApp();
});

afterAll(async () => {
  for (const browser of browsers) await browser.close();
  await capture?.stop();
});

async function newPage(): Promise<Page> {
  const browser = await launchBrowser();
  browsers.push(browser);
  return browser.context.newPage();
}

/** Every request the page (and its frames) sends to the Notion proxy. */
function notionRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/notion/v1/')) seen.push(`${request.method()} ${request.url()}`);
  });
  return seen;
}

const PROFILE = 'https://www.linkedin.com/in/camille-dupont';
const rootWith = (url: string, extra = '') => `?path=${encodeURIComponent(`/?url=${encodeURIComponent(url)}${extra}`)}`;

describe('subscription gate', () => {
  let page: Page;
  let authId: string;
  let requests: string[];

  beforeAll(async () => {
    page = await newPage();
    requests = notionRequests(page);
    authId = (await newSignedInUser(page, capture.app, 'teamless')).id;
  });

  test('no team: a profile url shows the blocker on Root, with a link to /account, and checks nothing', async () => {
    const frame = await openHarness(page, capture.harness, rootWith(PROFILE));
    const blocker = frame.getByRole('alert', { name: 'Subscription Inactive' });
    await blocker.getByRole('heading', { name: 'Subscription Inactive' }).waitFor();
    await expect.poll(() => blocker.getByRole('link').getAttribute('href')).toBe('/account');
    await expect.poll(() => appPath(page, capture.app)).toBe(`/?url=${encodeURIComponent(PROFILE)}`);
    // Still blocked a moment later: nothing replaced it, and Notion was never asked.
    await page.waitForTimeout(1_500);
    await expect.poll(() => blocker.count()).toBe(1);
    await expect.poll(() => frame.getByText('Add this profile to your Notion CRM?').count()).toBe(0);
    expect(requests).toEqual([]);
  });

  test('no team: Root without a url shows the blocker too (navigation blocked)', async () => {
    const frame = await openHarness(page, capture.harness);
    await frame.getByRole('heading', { name: 'Subscription Inactive' }).waitFor();
    await expect.poll(() => appPath(page, capture.app)).toBe('/');
    expect(requests).toEqual([]);
  });

  test('a canceled team: the blocker', async () => {
    const service = capture.app.stack.serviceClient();
    const setup = await service.rpc('setup_new_user', { auth_user_id: authId });
    if (setup.error) throw setup.error;
    const { id: profileId } = await profileOf(capture.app, authId);
    const update = await service.from('teams').update({ subscription_status: 'canceled' }).eq('owner_id', profileId);
    if (update.error) throw update.error;
    // A missing team is never cached, so the next visit reads the canceled team.
    const frame = await openHarness(page, capture.harness, rootWith(PROFILE));
    await frame.getByRole('heading', { name: 'Subscription Inactive' }).waitFor();
    await expect.poll(() => appPath(page, capture.app)).toBe(`/?url=${encodeURIComponent(PROFILE)}`);
    expect(requests).toEqual([]);
  });
});

describe('NewProfile debug panels', () => {
  let page: Page;

  beforeAll(async () => {
    page = await newPage();
    await capturingUser(page, capture.app, 'debugging');
  });

  test('an active team is not blocked; the raw API response and the direct API test', async () => {
    const requests = notionRequests(page);
    const frame = await openHarness(page, capture.harness, rootWith(PROFILE, '&dbg=true'));
    const found = frame.getByRole('region', { name: 'Profile found' });
    await found.getByRole('link', { name: 'Camille Dupont' }).waitFor();
    await expect.poll(() => frame.getByText('Subscription Inactive').count()).toBe(0);

    const raw = frame.getByTestId('raw-api-response');
    const firstResponse = async () => {
      const [response] = JSON.parse((await raw.textContent()) ?? 'null') ?? [];
      return response && { object: response.object, has_more: response.has_more, some: response.results.length > 0 };
    };
    await expect.poll(firstResponse).toEqual({ object: 'list', has_more: false, some: true });
    await expect.poll(() => raw.textContent()).toContain('https://www.linkedin.com/in/camille-dupont');
    expect(requests.length).toBeGreaterThanOrEqual(1);
    const before = requests.length;

    await frame.getByRole('button', { name: 'Run direct API test' }).click();
    const result = frame.getByTestId('direct-api-result');
    await expect.poll(() => result.textContent()).toMatch(/^OK in \d+ ms, 1 request: found "Camille Dupont" \(/);
    expect(requests.length - before).toBe(1);
    // Debug mode stays on the found profile (no redirect).
    await expect.poll(() => appPath(page, capture.app)).toMatch(/^\/\?url=/);
  });
});
