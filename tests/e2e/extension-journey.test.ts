/**
 * Issue 21 end to end: the real extension, built for the test stack's app and loaded in Debian's
 * Chromium, frames the real app (the Vite app on the local stack with its sandboxes), which
 * trusts only the extension's origin (VITE_EXTENSION_ORIGINS). A capturing user signs in in a
 * tab of the app's origin — the framed app shares that session (the extension has host
 * permission for the app) — and the LinkedIn fixture pages come over https as
 * www.linkedin.com. Journey: a profile not in the Notion database → the verdict with the
 * preview the content script scraped → Add → the page in the Notion sandbox → NotionProfile;
 * an in-page (pushState) navigation to another profile moves the app there; that person
 * again, now in the database → the verdict leads to the page; LinkedIn's feed in the same tab
 * → UnusedLinkedIn (the panel leaves NotionProfile: it follows the tab); another tab, not on
 * LinkedIn → NotLinkedIn, and back; navigations posted to the app by a stranger frame are
 * ignored, the extension's are followed. The other direction (the extension ignores a request
 * that does not come from the app's frame) is extension-chromium.test.ts's "a request posted
 * to the panel by anything but the app frame is ignored".
 *
 * One stack, one browser and one panel for the file; the tests run in order, each starting
 * where the previous one left the tab and the panel.
 */
import type { Frame, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEV_EXTENSION_KEY, extensionOriginOf } from '../../tools/extension-build/extensionId.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { appPath, capturingUser, crmPages, plainText } from './support/capture.ts';
import { startExtensionRig, type ExtensionRig } from './support/extensionRig.ts';

const ADD_TITLE = 'Add this profile to your Notion CRM?';
const FOUND_TEXT = 'This profile already exists in your Notion CRM.';
const UNUSED_LINKEDIN = 'You are on LinkedIn. Open a LinkedIn profile page to use Sidenote';
const NOT_LINKEDIN = 'You are not on LinkedIn. Open a LinkedIn profile page to use Sidenote';

let app: TestApp;
let rig: ExtensionRig;
let linkedinTab: Page;
let panel: Page;
let frame: FrameLocator;
/** The app's frame in the panel (to run code in the app's window). */
let appFrame: Frame;
/** The Notion page Add created for Ada Lovelace. */
let adaPageId: string;

/**
 * How long a screen may take to show: generous, for a loaded machine (two CPUs shared with a
 * stack, a Vite dev server and Chromium); the first screen also waits for Vite's first transforms.
 */
const SCREEN_TIMEOUT = 30_000;
const FIRST_SCREEN_TIMEOUT = 60_000;

const rootPathFor = (url: string) => `/?url=${encodeURIComponent(url)}`;

/**
 * The verdict for a profile not in the database, once shown, with its preview as it shows:
 * name, title, company (null: not shown). The scraped data may come after the verdict: polled.
 */
async function preview(expected: (string | null)[], timeout = SCREEN_TIMEOUT) {
  const section = frame.getByRole('region', { name: 'New profile' });
  await section.getByRole('heading', { level: 1, name: ADD_TITLE, exact: true }).waitFor({ timeout });
  const shown = () =>
    Promise.all(
      ['.profile-name', '.profile-title', '.profile-company'].map(async (part) =>
        (await section.locator(part).count()) ? section.locator(part).textContent() : null,
      ),
    );
  await expect.poll(shown, { timeout: SCREEN_TIMEOUT }).toEqual(expected);
}

/** A context screen (its text is its only heading), once shown. */
async function contextScreen(text: string) {
  await frame.getByRole('heading', { level: 1, name: text, exact: true }).waitFor({ timeout: SCREEN_TIMEOUT });
}

const originsBefore = process.env.VITE_EXTENSION_ORIGINS;

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
  ({ panel, app: appFrame } = await rig.openPanel());
  frame = panel.frameLocator('iframe#app');
}, 240_000);

afterAll(async () => {
  await rig?.stop();
  await app?.stop();
  if (originsBefore === undefined) delete process.env.VITE_EXTENSION_ORIGINS;
  else process.env.VITE_EXTENSION_ORIGINS = originsBefore;
});

// Each test waits for one or two screens (SCREEN_TIMEOUT each): room for the slowest.
describe('the real extension framing the real app', { timeout: 120_000 }, () => {
  test('the extension was built for this app and the panel frames it', async () => {
    expect(await panel.locator('iframe#app').getAttribute('src')).toBe(app.appUrl);
    expect(`chrome-extension://${rig.extensionId}`).toBe(process.env.VITE_EXTENSION_ORIGINS);
  });

  test('a profile not in the database: the verdict, with the preview the extension scraped', async () => {
    await preview(['Ada Lovelace', 'Analyst of engines · Numbers with poetry', 'Acme Robotics'], FIRST_SCREEN_TIMEOUT);
    expect(appPath(panel, app)).toBe(rootPathFor(rig.linkedinUrl('ada-lovelace')));
    expect(await crmPages(app, 'ada-lovelace')).toHaveLength(0);
  });

  test('Add creates the page in the Notion sandbox and shows it (NotionProfile)', async () => {
    await frame.getByRole('button', { name: 'Add profile' }).click();
    await frame
      .getByTestId('notion-profile')
      .getByRole('heading', { name: 'Ada Lovelace' })
      .waitFor({ timeout: SCREEN_TIMEOUT });
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
    await frame.getByText(FOUND_TEXT).waitFor({ timeout: SCREEN_TIMEOUT });
    await frame
      .getByTestId('notion-profile')
      .getByRole('heading', { name: 'Ada Lovelace' })
      .waitFor({ timeout: SCREEN_TIMEOUT });
    expect(appPath(panel, app)).toMatch(new RegExp(`^/notion-profile\\?id=${adaPageId}(&|$)`));
    expect(await crmPages(app, 'ada-lovelace')).toHaveLength(1);
  });

  test('LinkedIn but not a profile, in the same tab: the panel leaves NotionProfile for UnusedLinkedIn', async () => {
    await linkedinTab.goto('https://www.linkedin.com/feed/');
    await contextScreen(UNUSED_LINKEDIN);
    expect(appPath(panel, app)).toBe('/unused-linked-in');
    expect(await crmPages(app, 'ada-lovelace')).toHaveLength(1);
  });

  test('another tab, not on LinkedIn → NotLinkedIn; back to the LinkedIn tab → UnusedLinkedIn', async () => {
    const other = await rig.browser.context.newPage();
    await other.goto(app.stack.sandboxes!.slack.url);
    await other.bringToFront();
    await contextScreen(NOT_LINKEDIN);
    expect(appPath(panel, app)).toBe('/not-linked-in');

    await linkedinTab.bringToFront();
    await contextScreen(UNUSED_LINKEDIN);
    expect(appPath(panel, app)).toBe('/unused-linked-in');
    await other.close(); // not the active tab any more: closing it activates nothing
  });

  test('navigations posted to the app by a stranger frame are ignored; the extension’s are followed', async () => {
    const helene = rig.linkedinUrl('helene-dubois');
    const forged = [
      { type: 'LINKEDIN_PROFILE_NAVIGATION', url: rig.linkedinUrl('grace-hopper') },
      { type: 'EXTENSION_URL_UPDATE', url: 'https://www.example.com/forged', timestamp: Date.now() },
    ];
    // In the app's window: every message it gets, and every navigation it makes from now on.
    await appFrame.evaluate(() => {
      const w = window as unknown as { seen: unknown[]; navigations: string[] };
      w.seen = [];
      w.navigations = [];
      addEventListener('message', (e) => w.seen.push(e.data));
      const api = (window as unknown as { navigation: EventTarget }).navigation;
      api.addEventListener('navigate', (e) => {
        const to = new URL((e as Event & { destination: { url: string } }).destination.url);
        w.navigations.push(to.pathname + to.search);
      });
    });
    const stranger = app.stack.sandboxes!.slack.url;
    await panel.evaluate((url) => {
      const intruder = document.createElement('iframe');
      intruder.src = url;
      document.body.append(intruder);
      return new Promise((loaded) => (intruder.onload = loaded));
    }, stranger);
    const intruder = panel.frames().find((f) => f.url().startsWith(stranger))!;
    await intruder.evaluate((messages) => {
      for (const message of messages) {
        window.parent.frames[0].postMessage(message, '*'); // to the app
        window.parent.postMessage(message, '*'); // to the panel page (which relays only the app's)
      }
    }, forged);
    // The app's window got them (its own listener, added first, has run on each)…
    await expect
      .poll(() => appFrame.evaluate(() => (window as unknown as { seen: unknown[] }).seen), { timeout: SCREEN_TIMEOUT })
      .toEqual(expect.arrayContaining(forged));
    // … and the next navigation is the extension's, straight from UnusedLinkedIn to Hélène.
    await linkedinTab.goto(helene);
    await preview([
      'Hélène Dubois-Lefèvre',
      'Directrice commerciale · Énergie et mobilité',
      'Société Générale des Vents',
    ]);
    expect(appPath(panel, app)).toBe(rootPathFor(helene));
    const navigations = await appFrame.evaluate(() => (window as unknown as { navigations: string[] }).navigations);
    expect(navigations[0]).toBe(rootPathFor(helene));
    expect(navigations.filter((to) => to === '/not-linked-in' || to.includes('grace-hopper'))).toEqual([]);
  });
});
