/**
 * Product analytics (issue 20): off without a key — the app makes no request beyond its own
 * origin and its backend; with a key, one `screen_viewed` event per screen reaches the
 * ingestion host (a local stand-in here) carrying the route id and nothing of the user — no
 * e-mail, no URL; with Do Not Track or Global Privacy Control, nothing is sent.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, type TestBrowser } from './support/browser.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { newSignedInUser } from './support/settings.ts';
import { waitForPath } from './support/access.ts';

const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';

/** Opens /account then /profile from the user menu, as a user would. */
async function visitScreens(page: Page) {
  for (const link of ['Account', 'Profile']) {
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: link }).click();
    await waitForPath(page, `/${link.toLowerCase()}`);
  }
}

describe('without a key', () => {
  let app: TestApp;
  let browser: TestBrowser;

  beforeAll(async () => {
    delete process.env.VITE_ANALYTICS_KEY;
    delete process.env.VITE_ANALYTICS_HOST;
    app = await startTestApp();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  test('signing up and opening screens makes no request beyond the app and its backend', async () => {
    const page = await browser.context.newPage();
    const origins = new Set<string>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol.startsWith('http')) origins.add(url.origin);
    });
    await newSignedInUser(page, app, 'no-analytics');
    await visitScreens(page);
    expect([...origins].sort()).toEqual([app.appUrl, app.stack.apiUrl].sort());
  });
});

describe('with a key', () => {
  let app: TestApp;
  let browser: TestBrowser;
  let ingestion: Server;
  let ingestionUrl: string;
  /** Every event the stand-in ingestion host received. */
  const received: { event: string; properties: Record<string, unknown> }[] = [];
  const bodies: string[] = [];
  /** Every request the stand-in received, preflights included. */
  let hits = 0;

  beforeAll(async () => {
    ingestion = createServer((request, response) => {
      hits += 1;
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        response.setHeader('Access-Control-Allow-Origin', request.headers.origin ?? '*');
        response.setHeader('Access-Control-Allow-Headers', '*');
        response.setHeader('Access-Control-Allow-Credentials', 'true');
        if (request.method === 'POST' && chunks.length) {
          const raw = Buffer.concat(chunks);
          // The SDK gzips its batches (the gzip magic bytes); a body it could not send whole fails the test.
          const text = (raw[0] === 0x1f && raw[1] === 0x8b ? gunzipSync(raw) : raw).toString();
          bodies.push(text);
          try {
            const { batch } = JSON.parse(text) as { batch: typeof received };
            received.push(...batch);
          } catch {
            received.push({ event: 'unreadable body', properties: {} });
          }
        }
        response.setHeader('Content-Type', 'application/json');
        response.end(JSON.stringify({ status: 1 }));
      });
    });
    await new Promise<void>((done) => ingestion.listen(0, '127.0.0.1', done));
    ingestionUrl = `http://127.0.0.1:${(ingestion.address() as AddressInfo).port}`;
    process.env.VITE_ANALYTICS_KEY = 'phc_test_project_key';
    process.env.VITE_ANALYTICS_HOST = ingestionUrl;
    app = await startTestApp();
    // PostHog drops the events of a browser that looks like a bot, as automated headless Chromium
    // does (its user agent, navigator.webdriver): this one looks like a user's.
    browser = await launchBrowser({
      args: [`--user-agent=${DESKTOP_CHROME}`, '--disable-blink-features=AutomationControlled'],
    });
  });

  afterAll(async () => {
    delete process.env.VITE_ANALYTICS_KEY;
    delete process.env.VITE_ANALYTICS_HOST;
    await browser?.close();
    await app?.stop();
    await new Promise((done) => ingestion?.close(done));
  });

  // Do Not Track here; Global Privacy Control, read off navigator the same way, is a unit test
  // (tests/unit/analytics-policy.test.ts › trackingSignalsOf).
  test('with Do Not Track on, no request reaches the ingestion host', async () => {
    const page = await browser.context.newPage();
    await page.addInitScript("Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' })");
    const before = hits;
    await page.goto(`${app.appUrl}/login`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.goto(`${app.appUrl}/register`);
    await page.getByRole('button', { name: /sign up/i }).waitFor();
    // Past the SDK's 3 s batch, then leaving the page (which sends what is left as a beacon).
    await page.waitForTimeout(4_000);
    await page.goto('about:blank');
    await page.waitForTimeout(1_000);
    expect(hits).toBe(before);
    await page.close();
  });

  test('each screen is one screen_viewed event with its route id, and nothing of the user', async () => {
    const page = await browser.context.newPage();
    const user = await newSignedInUser(page, app, 'analytics');
    await visitScreens(page);
    await expect
      .poll(() => received.filter((e) => e.event === 'screen_viewed').map((e) => e.properties.screen), {
        timeout: 20_000,
      })
      .toEqual(['login', 'root', 'notionSettings', 'account', 'profile']);
    for (const event of received) {
      expect(event.event).toBe('screen_viewed');
      expect(Object.keys(event.properties).sort()).toEqual(['distinct_id', 'screen', 'token']);
      expect(event.properties.token).toBe('phc_test_project_key');
    }
    const everything = bodies.join('\n');
    expect(everything).not.toContain(user.email);
    expect(everything).not.toContain(user.id);
    expect(everything).not.toContain(app.appUrl);
    await page.close();
  });
});
