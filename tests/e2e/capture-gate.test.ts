/**
 * Issue 7 in Chromium through the extension harness: the subscription gate and NewProfile's
 * debug panels. Each user signs in on a browser of their own (fresh storage: no cached team,
 * debug flag or session from another test).
 *
 * - A team that is canceled (changed with the service client) gets the 'Subscription Inactive'
 *   blocker on Root with a profile url, with its link to /account, stays on Root, and no Notion
 *   request is made (no check, no Add). Which statuses are inactive (past_due, …) and that Root
 *   without a url is blocked too are unit tests (tests/unit/subscription-gate.test.ts,
 *   tests/unit/billing-gate-checkout.test.ts); Root without a url is also seen blocked in
 *   account-billing.test.ts.
 * - The same team reactivated: the next Root visit is unblocked at once (an inactive team is
 *   never served from the 30-minute cache), and the profile is checked.
 * - A user whose team is gone (setup_complete, but the team deleted) is set up again on the
 *   Root visit (setup_new_user: a personal team on the free plan) and is not blocked.
 * - In debug mode NewProfile shows the raw API response of the check and a direct API test
 *   that asks Notion again and reports the verdict.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { confirmedUser, signInWithForm } from './support/access.ts';
import { launchBrowser, type TestBrowser } from './support/browser.ts';
import { grantDebugMode } from './support/debugGrant.ts';
import { appPath, capturingUser, openHarness, startCaptureApp, type CaptureApp } from './support/capture.ts';
import { profileOf } from './support/settings.ts';

let capture: CaptureApp;
const browsers: TestBrowser[] = [];

beforeAll(async () => {
  capture = await startCaptureApp();
});

afterAll(async () => {
  for (const browser of browsers) await browser.close();
  await capture?.stop();
});

/** A page in a browser of its own (its own storage). */
async function freshPage(): Promise<Page> {
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
const UNSAVED = 'https://www.linkedin.com/in/gate-reactivated-person';
const ADD_TITLE = 'Add this profile to your Notion CRM?';
const rootWith = (url: string, extra = '') => `?path=${encodeURIComponent(`/?url=${encodeURIComponent(url)}${extra}`)}`;

const service = () => capture.app.stack.serviceClient();

async function setTeamStatus(ownerProfileId: string, status: string) {
  await service().from('teams').update({ subscription_status: status }).eq('owner_id', ownerProfileId).throwOnError();
}

describe('subscription gate', () => {
  let page: Page;
  let requests: string[];
  let profileId: string;

  beforeAll(async () => {
    // The user and their "CRM People" setting are made in a browser of their own, closed after.
    const setupBrowser = await launchBrowser();
    let user: { email: string; password: string; id: string };
    try {
      user = await capturingUser(await setupBrowser.context.newPage(), capture.app, 'gated');
    } finally {
      await setupBrowser.close();
    }
    profileId = (await profileOf(capture.app, user.id)).id;
    await setTeamStatus(profileId, 'canceled');
    // The user signs in again on a fresh browser: nothing cached, the team is read.
    page = await freshPage();
    requests = notionRequests(page);
    await signInWithForm(page, capture.app, user.email, user.password);
    await page.getByRole('heading', { name: 'Subscription Inactive' }).waitFor();
  });

  test('canceled: a profile url shows the blocker on Root, with a link to /account, and checks nothing', async () => {
    const frame = await openHarness(page, capture.harness, rootWith(PROFILE));
    const blocker = frame.getByRole('alert', { name: 'Subscription Inactive' });
    await blocker.getByRole('heading', { name: 'Subscription Inactive' }).waitFor();
    await expect.poll(() => blocker.getByRole('link').getAttribute('href')).toBe('/account');
    await expect.poll(() => appPath(page, capture.app)).toBe(`/?url=${encodeURIComponent(PROFILE)}`);
    // Still blocked a moment later: nothing replaced it, and Notion was never asked.
    await page.waitForTimeout(1_500);
    await expect.poll(() => blocker.count()).toBe(1);
    await expect.poll(() => frame.getByText(ADD_TITLE).count()).toBe(0);
    await expect.poll(() => frame.getByRole('region', { name: 'Profile found' }).count()).toBe(0);
    expect(requests).toEqual([]);
  });

  test('reactivated: the next Root visit is unblocked at once (no 30-minute wait) and checks the profile', async () => {
    await setTeamStatus(profileId, 'active');
    const frame = await openHarness(page, capture.harness, rootWith(UNSAVED));
    await frame.getByText(ADD_TITLE).waitFor();
    await expect.poll(() => frame.getByText('Subscription Inactive').count()).toBe(0);
    await expect.poll(() => appPath(page, capture.app)).toBe(`/?url=${encodeURIComponent(UNSAVED)}`);
    await expect.poll(() => requests.length).toBeGreaterThanOrEqual(1);
  });
});

describe('a user without a team', () => {
  test('is set up on the Root visit (personal team, free plan) and not blocked', async () => {
    // An account whose setup completed but whose team is gone (deleted: membership and
    // active_team_id go with it), so the sign-in itself runs no setup.
    const user = await confirmedUser(capture.app, 'teamless');
    await service().rpc('setup_new_user', { auth_user_id: user.id }).throwOnError();
    const { id: profileId } = await profileOf(capture.app, user.id);
    await service().from('teams').delete().eq('owner_id', profileId).throwOnError();
    /** The profile's state and its active team, as the service role reads them. */
    const teamOf = async () => {
      const { data: profile } = await service()
        .from('profiles')
        .select('profile_state, active_team_id')
        .eq('id', profileId)
        .single()
        .throwOnError();
      const team = profile.active_team_id
        ? (
            await service()
              .from('teams')
              .select('subscription_status, plan_name, is_personal')
              .eq('id', profile.active_team_id)
              .single()
              .throwOnError()
          ).data
        : null;
      return { profile_state: profile.profile_state, team };
    };
    expect(await teamOf()).toEqual({ profile_state: 'setup_complete', team: null });

    const page = await freshPage();
    await signInWithForm(page, capture.app, user.email, user.password);
    // Not blocked: Root goes on to the next rule (no setting yet → NotionSettings).
    await page.waitForURL((url) => url.pathname === '/notion-settings', { timeout: 20_000 });
    await expect.poll(() => page.getByText('Subscription Inactive').count()).toBe(0);
    await expect.poll(teamOf).toEqual({
      profile_state: 'setup_complete',
      team: { subscription_status: 'active', plan_name: 'free', is_personal: true },
    });
  });
});

describe('NewProfile debug panels', () => {
  let page: Page;

  beforeAll(async () => {
    page = await freshPage();
    const debugging = await capturingUser(page, capture.app, 'debugging');
    await grantDebugMode(capture.app, debugging.id); // a per-user grant (issue 20), read at app start
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
    await expect.poll(() => requests.length - before).toBe(1);
    // Debug mode stays on the found profile (no redirect).
    await expect.poll(() => appPath(page, capture.app)).toMatch(/^\/\?url=/);
  });
});
