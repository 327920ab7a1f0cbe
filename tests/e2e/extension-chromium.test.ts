/**
 * The companion extension, built and loaded unpacked in Debian's Chromium (new headless mode):
 * its worker starts under the id its key gives; its side panel page (opened as a tab: automation
 * cannot click the toolbar button) frames the app; the app's requests are answered through the
 * panel and the worker, from the real tabs; a LinkedIn-like page (fixtures over https) is read by
 * the content script; an in-page navigation and a switch to a non-LinkedIn tab are told; a
 * message from anything but the app's frame (the panel itself, a frame of another origin, a second
 * frame of the app's origin) is ignored; the content script changes nothing on LinkedIn's page;
 * the framed app may write the clipboard; a page of another origin loaded in the app's frame
 * hears nothing from the panel; and the framed app's storage and service worker are the same as
 * in a top-level tab of its origin (not partitioned). That holds because the manifest grants the
 * app's origin as a host permission: built without it, the framed app's localStorage is
 * partitioned and the test fails (checked by hand, Chromium 156).
 */
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEV_EXTENSION_KEY, extensionIdOf } from '../../tools/extension-build/extensionId.ts';
import { startExtensionRig, type ExtensionRig } from './support/extensionRig.ts';

interface Received {
  origin: string;
  at: number;
  data: { type: string; url?: unknown; requestId?: string; scrapedData?: unknown };
}

let rig: ExtensionRig;
let linkedinTab: Page;
let panel: Page;
let app: Frame;

const received = (): Promise<Received[]> =>
  app.evaluate(() => (window as unknown as { received: Received[] }).received);
const send = (message: unknown) =>
  app.evaluate((m) => (window as unknown as { send(m: unknown): void }).send(m), message);
/** The stand-in app's URL under another origin (the same server, named localhost). */
const otherOrigin = (url: string) => url.replace('//127.0.0.1:', '//localhost:');
const messagesOf = async (type: string) => (await received()).filter((m) => m.data.type === type);

beforeAll(async () => {
  rig = await startExtensionRig();
  linkedinTab = await rig.browser.context.newPage();
  // Every change made to LinkedIn's page once it has loaded, by anyone (the content script's
  // world is isolated, its DOM is the page's): the content script must make none.
  await linkedinTab.addInitScript(() => {
    const counted = window as unknown as { changes: number };
    counted.changes = 0;
    document.addEventListener('DOMContentLoaded', () =>
      new MutationObserver((records) => (counted.changes += records.length)).observe(document, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      }),
    );
  });
  await linkedinTab.goto(rig.linkedinUrl('ada-lovelace'));
  ({ panel, app } = await rig.openPanel());
  await app.waitForFunction(() => 'send' in window);
});

afterAll(async () => {
  await rig?.stop();
});

describe('the extension in Chromium', () => {
  test('its worker runs under the id its development key gives', () => {
    expect(rig.worker.url()).toBe(`chrome-extension://${extensionIdOf(DEV_EXTENSION_KEY)}/background.js`);
  });

  test('the side panel page frames the app URL full-size', async () => {
    const box = await panel.locator('iframe#app').boundingBox();
    const viewport = panel.viewportSize()!;
    expect(await panel.locator('iframe#app').getAttribute('src')).toBe(rig.appUrl);
    expect(box).toEqual({ x: 0, y: 0, width: viewport.width, height: viewport.height });
    // The app's "Copy diagnostics" writes the clipboard: the panel delegates that to its frame.
    const policy = () =>
      app.evaluate(() =>
        (document as unknown as { featurePolicy: { allowsFeature(f: string): boolean } }).featurePolicy.allowsFeature(
          'clipboard-write',
        ),
      );
    expect(await policy()).toBe(true);
  });

  test('REQUEST_CURRENT_URL is answered with the active tab URL, from the extension origin, within 2 s', async () => {
    await send({ type: 'REQUEST_CURRENT_URL', requestId: 'r1' });
    await expect.poll(() => messagesOf('CURRENT_URL_RESPONSE')).toHaveLength(1);
    const [response] = await messagesOf('CURRENT_URL_RESPONSE');
    const sentAt = await app.evaluate(() => (window as unknown as { sentAt: number }).sentAt);
    expect(response.data).toEqual({
      type: 'CURRENT_URL_RESPONSE',
      requestId: 'r1',
      url: rig.linkedinUrl('ada-lovelace'),
    });
    expect(response.origin).toBe(`chrome-extension://${rig.extensionId}`);
    expect(response.at - sentAt).toBeLessThan(2_000);
  });

  test('REQUEST_SCRAPED_DATA: the content script reads the LinkedIn tab', async () => {
    await send({ type: 'REQUEST_SCRAPED_DATA' });
    await expect
      .poll(() => messagesOf('SIDEPANEL_PROFILE_LOADED'))
      .toContainEqual(
        expect.objectContaining({
          data: {
            type: 'SIDEPANEL_PROFILE_LOADED',
            url: rig.linkedinUrl('ada-lovelace'),
            scrapedData: {
              name: 'Ada Lovelace',
              avatarUrl: 'https://media.licdn.example/dms/image/ada-lovelace.jpg',
              title: 'Analyst of engines · Numbers with poetry',
              currentJob: { title: 'Head of Sales', company: 'Acme Robotics' },
            },
          },
        }),
      );
    // Read on load and read again on request: LinkedIn's page is as it was.
    expect(await linkedinTab.evaluate(() => (window as unknown as { changes: number }).changes)).toBe(0);
  });

  test('an in-page navigation (history.pushState) to another profile is told, then read', async () => {
    const next = rig.linkedinUrl('alan-turing');
    await linkedinTab.evaluate(() => {
      history.pushState({}, '', '/in/alan-turing/');
      document.querySelector('main')!.innerHTML =
        '<section class="top-card-layout"><h1 class="top-card-layout__title">Alan Turing</h1>' +
        '<h2 class="top-card-layout__headline">Machines that think</h2></section>';
    });
    await expect
      .poll(() => messagesOf('LINKEDIN_PROFILE_NAVIGATION'))
      .toContainEqual(expect.objectContaining({ data: { type: 'LINKEDIN_PROFILE_NAVIGATION', url: next } }));
    // Told once: one port per panel, however the panel's first messages raced its connection.
    expect((await messagesOf('LINKEDIN_PROFILE_NAVIGATION')).filter((m) => m.data.url === next)).toHaveLength(1);
    expect(await messagesOf('EXTENSION_URL_UPDATE')).toContainEqual(
      expect.objectContaining({ data: { type: 'EXTENSION_URL_UPDATE', url: next, timestamp: expect.any(Number) } }),
    );
    await expect
      .poll(() => messagesOf('SIDEPANEL_PROFILE_LOADED'))
      .toContainEqual(
        expect.objectContaining({
          data: {
            type: 'SIDEPANEL_PROFILE_LOADED',
            url: next,
            scrapedData: { name: 'Alan Turing', title: 'Machines that think' },
          },
        }),
      );
  });

  test('switching to a non-LinkedIn tab: EXTENSION_URL_UPDATE only, with no URL; nothing of that site reaches the app', async () => {
    const updates = (await messagesOf('EXTENSION_URL_UPDATE')).length;
    const other = await rig.browser.context.newPage();
    await other.goto(`${rig.appUrl}elsewhere?access_token=opaque-123#state=s3cr3t`);
    await other.bringToFront();
    const navigations = (await messagesOf('LINKEDIN_PROFILE_NAVIGATION')).length;
    await expect
      .poll(async () => (await messagesOf('EXTENSION_URL_UPDATE')).slice(updates).map((m) => m.data))
      .toContainEqual({ type: 'EXTENSION_URL_UPDATE', url: null, timestamp: expect.any(Number) });
    expect(await messagesOf('LINKEDIN_PROFILE_NAVIGATION')).toHaveLength(navigations);
    await send({ type: 'REQUEST_CURRENT_URL', requestId: 'r2' });
    await expect
      .poll(async () => (await messagesOf('CURRENT_URL_RESPONSE')).at(-1)?.data)
      .toEqual({ type: 'CURRENT_URL_RESPONSE', requestId: 'r2', url: null });
    const told = JSON.stringify(await received());
    expect(told).not.toMatch(/elsewhere|access_token|opaque-123|s3cr3t/);
    await other.close();
  });

  test('a request posted to the panel by anything but the app frame is ignored', async () => {
    // Two more frames in the panel: one of another origin, one of the app's own origin (the
    // panel must check both who sends and from where), and the panel's own window.
    await panel.evaluate(
      (sources) =>
        Promise.all(
          sources.map(
            (src) =>
              new Promise((loaded) => {
                const extra = document.createElement('iframe');
                extra.onload = loaded;
                extra.src = src;
                document.body.append(extra);
              }),
          ),
        ),
      [otherOrigin(rig.appUrl), `${rig.appUrl}second-frame`],
    );
    const post = (frameUrl: string, requestId: string) =>
      panel
        .frames()
        .find((f) => f.url() === frameUrl)!
        .evaluate((id) => parent.postMessage({ type: 'REQUEST_CURRENT_URL', requestId: id }, '*'), requestId);
    await post(otherOrigin(rig.appUrl), 'from-other-origin');
    await post(`${rig.appUrl}second-frame`, 'from-another-app-frame');
    await panel.evaluate(() => window.postMessage({ type: 'REQUEST_CURRENT_URL', requestId: 'from-panel' }, '*'));
    await send({ type: 'REQUEST_CURRENT_URL', requestId: 'r3' });
    const answered = async () => (await messagesOf('CURRENT_URL_RESPONSE')).map((m) => m.data.requestId);
    await expect.poll(answered).toContain('r3');
    // The intruders' requests went first, and the port and the worker keep the order.
    expect((await answered()).filter((id) => id?.startsWith('from-'))).toEqual([]);
  });

  test('the framed app has its first-party storage and service worker (host permission: not partitioned)', async () => {
    expect(await app.evaluate(() => (window as unknown as { swReady: Promise<string> }).swReady)).toBe('ok');
    const top = await rig.browser.context.newPage();
    await top.goto(rig.appUrl);
    expect(await top.evaluate(() => localStorage.getItem('written-in-panel'))).toBe('yes');
    expect(await top.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(1);
    await top.close();
  });

  test('the panel posts only to the app’s origin: a page of another origin in the app’s frame hears nothing', async () => {
    await linkedinTab.bringToFront();
    const navigate = (slug: string) => linkedinTab.evaluate((path) => history.pushState({}, '', path), `/in/${slug}/`);
    // The same tab event, heard by the app: how long the panel takes to pass one on.
    const started = Date.now();
    await navigate('grace-hopper');
    await expect
      .poll(() => messagesOf('LINKEDIN_PROFILE_NAVIGATION'))
      .toContainEqual(
        expect.objectContaining({ data: expect.objectContaining({ url: rig.linkedinUrl('grace-hopper') }) }),
      );
    const passedOnIn = Date.now() - started;

    await app.goto(otherOrigin(rig.appUrl));
    await app.waitForFunction(() => 'received' in window);
    await navigate('ada-lovelace');
    await new Promise((settled) => setTimeout(settled, Math.max(1_000, 5 * passedOnIn)));
    expect(await received()).toEqual([]);
  });
});
