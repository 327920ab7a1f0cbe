/**
 * Issue 13 in Chromium: two devices — two separate browsers signed in as the same user, each
 * with the app framed by the extension harness — click Add on the same new profile at the same
 * moment, and the CRM gets ONE page (the server's add claim: one device creates, the other
 * waits and finds the page). Before the claim, each browser's Web Lock held only within itself
 * and both created a page. The provider's answer is held for 1.5 s on both devices, as a real
 * provider's latency would, so both adds are under way before either creates.
 */
import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, type TestBrowser } from './support/browser.ts';
import { signInWithForm, waitForPath } from './support/access.ts';
import {
  appPath,
  capturingUser,
  crmPages,
  openHarness,
  openTabUrl,
  startCaptureApp,
  type CaptureApp,
} from './support/capture.ts';

let capture: CaptureApp;
const browsers: TestBrowser[] = [];
const pages: Page[] = [];

const ADD_TITLE = 'Add this profile to your Notion CRM?';
const PROFILE = 'https://www.linkedin.com/in/chloe-obrien';

beforeAll(async () => {
  capture = await startCaptureApp();
  for (let i = 0; i < 2; i++) {
    browsers.push(await launchBrowser({ serviceWorkers: 'block' })); // it routes the app's requests
    pages.push(await browsers[i].context.newPage());
  }
  const user = await capturingUser(pages[0], capture.app, 'two-devices');
  await signInWithForm(pages[1], capture.app, user.email, user.password);
  await waitForPath(pages[1], '/');
});

afterAll(async () => {
  for (const browser of browsers) await browser.close();
  await capture?.stop();
});

/** The profile-data call takes this long on each device (a real provider takes seconds). */
const PROVIDER_LATENCY_MS = 1_500;

async function openProfile(page: Page): Promise<FrameLocator> {
  await page.context().route('**/functions/v1/get-profile-data-by-url**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, PROVIDER_LATENCY_MS));
    await route.continue();
  });
  const frame = await openHarness(page, capture.harness);
  await openTabUrl(page, PROFILE);
  await frame.getByText(ADD_TITLE).waitFor({ timeout: 20_000 });
  await frame.getByText('Verifying profile...').waitFor({ state: 'hidden' });
  return frame;
}

describe('two devices add the same new profile at once', () => {
  test('one page in the CRM; both devices end on it', async () => {
    const frames = [await openProfile(pages[0]), await openProfile(pages[1])];
    expect(await crmPages(capture.app, 'chloe-obrien')).toHaveLength(0);
    const buttons = frames.map((frame) => frame.getByRole('button', { name: 'Add profile' }));
    await Promise.all(buttons.map((button) => button.waitFor()));
    await Promise.all(buttons.map((button) => button.click()));
    for (const frame of frames) {
      await frame
        .getByTestId('notion-profile')
        .getByRole('heading', { name: "Chloé O'Brien-Łukasik" })
        .waitFor({ timeout: 30_000 });
    }
    const created = await crmPages(capture.app, 'chloe-obrien');
    expect(created).toHaveLength(1);
    for (const page of pages) expect(appPath(page, capture.app)).toBe(appPath(pages[0], capture.app));
  });
});
