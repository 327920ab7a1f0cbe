/**
 * Issue 21 end to end: the real extension, built for the test stack's app and loaded in Debian's
 * Chromium, frames the real app (the Vite app on the local stack with its sandboxes), which
 * trusts only the extension's origin (VITE_EXTENSION_ORIGINS). A capturing user signs in in a
 * tab of the app's origin — the framed app shares that session (the extension has host
 * permission for the app) — and the LinkedIn fixture pages come over https as
 * www.linkedin.com. Journey: a profile not in the Notion database → the verdict with the
 * preview the content script scraped → Add → the page in the Notion sandbox → NotionProfile;
 * an in-page (pushState) navigation to another profile moves the app there; that person
 * again, now in the database → the verdict leads to the page; a navigation posted to the app
 * by a stranger frame is ignored, the same one from the extension is followed.
 */
import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEV_EXTENSION_KEY, extensionOriginOf } from '../../tools/extension-build/extensionId.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { appPath, capturingUser, crmPages, plainText } from './support/capture.ts';
import { startExtensionRig, type ExtensionRig } from './support/extensionRig.ts';

const ADD_TITLE = 'Add this profile to your Notion CRM?';
const FOUND_TEXT = 'This profile already exists in your Notion CRM.';

let app: TestApp;
let rig: ExtensionRig;
let linkedinTab: Page;
let panel: Page;
let frame: FrameLocator;
/** The Notion page Add created for Ada Lovelace. */
let adaPageId: string;

const rootPathFor = (url: string) => `/?url=${encodeURIComponent(url)}`;

/**
 * The verdict for a profile not in the database, once shown, with its preview as it shows:
 * name, title, company (null: not shown). The scraped data may come after the verdict: polled.
 */
async function preview(expected: (string | null)[]) {
  const section = frame.getByRole('region', { name: 'New profile' });
  await section.getByRole('heading', { level: 1, name: ADD_TITLE, exact: true }).waitFor({ timeout: 15_000 });
  const shown = () =>
    Promise.all(
      ['.profile-name', '.profile-title', '.profile-company'].map(async (part) =>
        (await section.locator(part).count()) ? section.locator(part).textContent() : null,
      ),
    );
  await expect.poll(shown, { timeout: 10_000 }).toEqual(expected);
}

beforeAll(async () => {
  // The development key fixes the extension's id, so the app can be told its origin before it is built.
  process.env.VITE_EXTENSION_ORIGINS = extensionOriginOf(DEV_EXTENSION_KEY);
  app = await startTestApp({ sandboxes: true });
  rig = await startExtensionRig({ appUrl: app.appUrl });
  const signIn = await rig.browser.context.newPage();
  await capturingUser(signIn, app, 'extension-journey');
  linkedinTab = await rig.browser.context.newPage();
  await linkedinTab.goto(rig.linkedinUrl('ada-lovelace'));
  await signIn.close();
  await linkedinTab.bringToFront();
  ({ panel } = await rig.openPanel());
  frame = panel.frameLocator('iframe#app');
}, 120_000);

afterAll(async () => {
  await rig?.stop();
  await app?.stop();
});

describe('the real extension framing the real app', () => {
  test('the extension was built for this app and the panel frames it', async () => {
    expect(await panel.locator('iframe#app').getAttribute('src')).toBe(app.appUrl);
    expect(`chrome-extension://${rig.extensionId}`).toBe(process.env.VITE_EXTENSION_ORIGINS);
  });

  test('a profile not in the database: the verdict, with the preview the extension scraped', async () => {
    await preview(['Ada Lovelace', 'Analyst of engines · Numbers with poetry', 'Acme Robotics']);
    expect(appPath(panel, app)).toBe(rootPathFor(rig.linkedinUrl('ada-lovelace')));
    expect(await crmPages(app, 'ada-lovelace')).toHaveLength(0);
  });

  test('Add creates the page in the Notion sandbox and shows it (NotionProfile)', async () => {
    await frame.getByRole('button', { name: 'Add profile' }).click();
    await frame
      .getByTestId('notion-profile')
      .getByRole('heading', { name: 'Ada Lovelace' })
      .waitFor({ timeout: 20_000 });
    const pages = await crmPages(app, 'ada-lovelace');
    expect(pages).toHaveLength(1);
    const [created] = pages;
    adaPageId = created.id;
    expect(appPath(panel, app)).toMatch(new RegExp(`^/notion-profile\\?id=${created.id}(&|$)`));
    const p = created.properties;
    expect(p['LinkedIn URL'].url).toBe('https://www.linkedin.com/in/ada-lovelace');
    expect(plainText(p.Name)).toBe('Ada Lovelace');
    // What Add writes comes from the profile-data API for that URL (spec 2 §3), not from the page.
    expect(plainText(p.Headline)).toBe('Head of Analytics at Analytical Engines Ltd');
    expect(plainText(p.Company)).toBe('Analytical Engines Ltd');
  });

  test('an in-page (pushState) navigation to another profile moves the app to it', async () => {
    await linkedinTab.evaluate(() => {
      history.pushState({}, '', '/in/alan-turing/');
      document.querySelector('main')!.innerHTML =
        '<section class="top-card-layout"><h1 class="top-card-layout__title">Alan Turing</h1>' +
        '<h2 class="top-card-layout__headline">Machines that think</h2></section>';
    });
    await preview(['Alan Turing', 'Machines that think', null]);
    expect(appPath(panel, app)).toBe(rootPathFor(rig.linkedinUrl('alan-turing')));
  });

  test('a profile already in the database: the verdict leads to its page', async () => {
    await linkedinTab.goto(rig.linkedinUrl('ada-lovelace'));
    await frame.getByText(FOUND_TEXT).waitFor({ timeout: 15_000 });
    await frame
      .getByTestId('notion-profile')
      .getByRole('heading', { name: 'Ada Lovelace' })
      .waitFor({ timeout: 15_000 });
    expect(appPath(panel, app)).toMatch(new RegExp(`^/notion-profile\\?id=${adaPageId}(&|$)`));
    expect(await crmPages(app, 'ada-lovelace')).toHaveLength(1);
  });

  test('a navigation posted to the app by a stranger frame is ignored; the extension’s is followed', async () => {
    const helene = rig.linkedinUrl('helene-dubois');
    const stranger = app.stack.sandboxes!.slack.url;
    const before = appPath(panel, app);
    await panel.evaluate((url) => {
      const intruder = document.createElement('iframe');
      intruder.src = url;
      document.body.append(intruder);
      return new Promise((loaded) => (intruder.onload = loaded));
    }, stranger);
    const intruder = panel.frames().find((f) => f.url().startsWith(stranger))!;
    await intruder.evaluate((url) => {
      const message = { type: 'LINKEDIN_PROFILE_NAVIGATION', url };
      window.parent.frames[0].postMessage(message, '*'); // to the app
      window.parent.postMessage(message, '*'); // to the panel page
    }, helene);
    await panel.waitForTimeout(1_500);
    expect(appPath(panel, app)).toBe(before);

    await linkedinTab.goto(helene);
    await preview([
      'Hélène Dubois-Lefèvre',
      'Directrice commerciale · Énergie et mobilité',
      'Société Générale des Vents',
    ]);
    expect(appPath(panel, app)).toBe(rootPathFor(helene));
  });
});
