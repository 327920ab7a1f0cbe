/**
 * Issue 7 in Chromium through the extension harness against the sandboxes: the entry guard's
 * screens for a non-LinkedIn, a LinkedIn non-profile and an unparsable URL; a silent
 * extension → MissingContext after 2 s; a foreign origin ignored; an unsaved fixture →
 * 'Add this profile…' → Add → one Notion page with every mapped field (the long summary whole,
 * split); the same person under five URL variants → found, no new page; Add double-clicked
 * and retried after a dropped response → exactly one page; one check on a first visit is one
 * database query at the Notion sandbox (issue 12).
 */
import type { Frame, FrameLocator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, type TestBrowser } from './support/browser.ts';
import { localDb } from './support/localDb.ts';
import { routeNotion } from './support/notionSandbox.ts';
import {
  appPath,
  capturingUser,
  crmPages,
  openHarness,
  openTabUrl,
  plainText,
  startCaptureApp,
  type CaptureApp,
} from './support/capture.ts';

let capture: CaptureApp;
let browser: TestBrowser;
let page: Page;

beforeAll(async () => {
  capture = await startCaptureApp();
  browser = await launchBrowser({ serviceWorkers: 'block' }); // it routes the app's requests
  page = await browser.context.newPage();
  await capturingUser(page, capture.app, 'capture');
});

afterAll(async () => {
  await browser?.close();
  await capture?.stop();
});

const PRODUCT = 'Sidenote';
const notLinkedIn = `You are not on LinkedIn. Open a LinkedIn profile page to use ${PRODUCT}`;
const unusedLinkedIn = `You are on LinkedIn. Open a LinkedIn profile page to use ${PRODUCT}`;
const missingContext = `Open a LinkedIn profile page to use ${PRODUCT}.`;
const ADD_TITLE = 'Add this profile to your Notion CRM?';

async function openTab(frame: FrameLocator, label: string) {
  await page.getByRole('button', { name: label, exact: true }).click();
  return frame;
}

describe('entry guard screens (before any visit)', () => {
  test.each([
    ['https://www.example.com/page', notLinkedIn, '/not-linked-in'],
    ['https://www.linkedin.com/feed/', unusedLinkedIn, '/unused-linked-in'],
    ['not a url at all', notLinkedIn, '/not-linked-in'],
  ])('url=%s → %s', async (url, text, path) => {
    const frame = await openHarness(
      page,
      capture.harness,
      `?path=${encodeURIComponent(`/?url=${encodeURIComponent(url)}`)}`,
    );
    // the screen's text is its heading (each screen has an h1)
    await frame.getByRole('heading', { level: 1, name: text, exact: true }).waitFor();
    expect(appPath(page, capture.app)).toBe(path);
  });

  test('the extension silent → MissingContext after 2 s', async () => {
    const started = Date.now();
    const frame = await openHarness(page, capture.harness, '?silent=1');
    await frame.getByRole('heading', { level: 1, name: missingContext }).waitFor({ timeout: 15_000 });
    await frame.getByText('If you just logged in, refresh the LinkedIn page.').waitFor();
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
    expect(appPath(page, capture.app)).toBe('/missing-context');
  });

  test('messages from a foreign origin are ignored', async () => {
    const frame = await openHarness(page, capture.harness);
    await frame.getByText(missingContext).waitFor();
    // A frame of another origin inside the harness page posts to the app's window.
    const foreign = capture.app.stack.sandboxes!.slack.url;
    await page.evaluate((url) => {
      const intruder = document.createElement('iframe');
      intruder.src = url;
      intruder.id = 'intruder';
      document.body.append(intruder);
      return new Promise((loaded) => (intruder.onload = loaded));
    }, foreign);
    const intruder = page.frames().find((f) => f.url().startsWith(foreign))!;
    await intruder.evaluate(() => {
      const target = window.parent.frames[0];
      target.postMessage({ type: 'LINKEDIN_PROFILE_NAVIGATION', url: 'https://www.linkedin.com/in/ada-lovelace' }, '*');
    });
    await page.waitForTimeout(1_000);
    expect(appPath(page, capture.app)).toBe('/missing-context');
    // the same message from the harness (a configured origin) is followed
    await page.evaluate(() =>
      (window as unknown as { harness: { post(m: unknown): void } }).harness.post({
        type: 'LINKEDIN_PROFILE_NAVIGATION',
        url: 'https://www.linkedin.com/in/ada-lovelace',
      }),
    );
    await frame.getByText(ADD_TITLE).waitFor();
  });
});

describe('check and add', () => {
  test('an unsaved fixture → Add → one page with every mapped field, the long summary whole', async () => {
    const frame = await openHarness(page, capture.harness);
    await frame.getByText(missingContext).waitFor();
    await openTab(frame, 'Morgan Verbose');
    await frame.getByText(ADD_TITLE).waitFor();
    await frame.getByText('VP Sales at Wordy Inc.').waitFor();
    expect(await crmPages(capture.app, 'long-summary')).toHaveLength(0);
    await frame.getByRole('button', { name: 'Add profile' }).click();
    await frame
      .getByTestId('notion-profile')
      .getByRole('heading', { name: 'Morgan Verbose' })
      .waitFor({ timeout: 15_000 });
    expect(appPath(page, capture.app)).toMatch(/^\/notion-profile\?id=/);

    const [created] = await crmPages(capture.app, 'long-summary');
    const p = created.properties;
    expect(p['LinkedIn URL'].url).toBe('https://www.linkedin.com/in/long-summary');
    expect(plainText(p.Name)).toBe('Morgan Verbose');
    expect(plainText(p['First name'])).toBe('Morgan');
    expect(plainText(p['Last name'])).toBe('Verbose');
    expect(plainText(p.Headline)).toBe('VP Sales at Wordy Inc.');
    expect(plainText(p.Company)).toBe('Wordy Inc.');
    expect(plainText(p.Education)).toBe('University of Texas at Austin');
    expect(plainText(p.Country)).toBe('United States');
    expect(plainText(p.City)).toBe('Austin');
    const summary = plainText(p.Summary);
    expect(summary.length).toBeGreaterThan(2000);
    expect(summary.startsWith('Chapter 1: fifteen years')).toBe(true);
    expect(summary.endsWith('across three continents.')).toBe(true);
    expect((p.Summary.rich_text as unknown[]).length).toBe(Math.ceil(summary.length / 2000));
    // the photo imported into Notion (issue 34's durable icon; its fallback: capture-durable-icon)
    expect(created.icon).toMatchObject({ type: 'file', file: { url: expect.any(String) } });
    expect(JSON.stringify(created.icon)).not.toContain('media.licdn.com');
  });

  test('the same person under five URL variants → found, no new page', async () => {
    // Where the app went: the found page is already shown after the first variant, so each
    // variant waits for its own check (Root on it), then for the found page after it.
    const visited: URL[] = [];
    const went = (frame: Frame) => {
      if (frame.url().startsWith(capture.app.appUrl)) visited.push(new URL(frame.url()));
    };
    page.on('framenavigated', went);
    try {
      const frame = await openHarness(page, capture.harness);
      for (const variant of [
        'https://www.linkedin.com/in/long-summary/',
        'http://linkedin.com/in/long-summary',
        'https://fr.linkedin.com/in/Long-Summary?trk=public_profile',
        'https://www.linkedin.com/in/LONG-SUMMARY/#about',
        'https://m.linkedin.com/in/long-summary/?originalSubdomain=fr',
      ]) {
        const from = visited.length;
        await openTabUrl(page, variant);
        const foundAfterCheck = () => {
          const since = visited.slice(from);
          const checked = since.findIndex((url) => url.pathname === '/' && url.searchParams.get('url') === variant);
          return checked >= 0 && since.slice(checked + 1).some((url) => url.pathname === '/notion-profile');
        };
        // On failure the poll shows where the app went instead, and the harness's messages.
        const seen = async () =>
          foundAfterCheck() || { went: visited.slice(from).map(String), log: await page.locator('#log').textContent() };
        await expect.poll(seen).toBe(true);
        await frame.getByTestId('notion-profile').getByRole('heading', { name: 'Morgan Verbose' }).waitFor();
      }
    } finally {
      page.off('framenavigated', went);
    }
    expect(await crmPages(capture.app, 'long-summary')).toHaveLength(1);
  });

  test('Add double-clicked → exactly one page', async () => {
    const frame = await openHarness(page, capture.harness);
    await openTab(frame, 'Zoë Müller');
    await frame.getByText(ADD_TITLE).waitFor();
    // Every call the app makes from the first click on (fetch: Supabase, Notion through the proxy;
    // not the avatars, which come from LinkedIn's host), until it has settled (answered or failed):
    // a second add, had the double click started one, sends its claim, lookup and create while the
    // first add runs, so it is counted, or still open, when the page is shown.
    const creates: Request[] = [];
    const open = new Set<Request>();
    const sent = (request: Request) => {
      if (request.resourceType() !== 'fetch') return;
      open.add(request);
      if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/v1/pages')) creates.push(request);
    };
    const settled = (request: Request) => open.delete(request);
    page.on('request', sent);
    page.on('requestfinished', settled);
    page.on('requestfailed', settled);
    try {
      await frame.getByRole('button', { name: 'Add profile' }).dblclick();
      await frame
        .getByTestId('notion-profile')
        .getByRole('heading', { name: 'Zoë Müller' })
        .waitFor({ timeout: 15_000 });
      // the adds are over when nothing the page sent is still on its way (not after a guessed delay)
      await expect.poll(() => open.size).toBe(0);
    } finally {
      page.off('request', sent);
      page.off('requestfinished', settled);
      page.off('requestfailed', settled);
    }
    expect(creates).toHaveLength(1);
    expect(await crmPages(capture.app, 'zoe-muller')).toHaveLength(1);
  });

  test('Add retried after a dropped response → exactly one page', async () => {
    let dropped = false;
    const undo = await routeNotion(page.context(), 'pages', async (route) => {
      if (dropped || route.request().method() !== 'POST') return route.continue();
      dropped = true;
      await route.fetch(); // Notion creates the page …
      await route.abort('connectionreset'); // … but the answer never arrives
    });
    try {
      const frame = await openHarness(page, capture.harness);
      await openTab(frame, 'Ada Lovelace');
      await frame.getByText(ADD_TITLE).waitFor();
      await frame.getByRole('button', { name: 'Add profile' }).click();
      await frame.getByRole('alert').waitFor({ timeout: 15_000 });
      expect(dropped).toBe(true);
      expect(await crmPages(capture.app, 'ada-lovelace')).toHaveLength(1);
      await frame.getByRole('button', { name: 'Add profile' }).click();
      await frame
        .getByTestId('notion-profile')
        .getByRole('heading', { name: 'Ada Lovelace' })
        .waitFor({ timeout: 15_000 });
      expect(await crmPages(capture.app, 'ada-lovelace')).toHaveLength(1);
    } finally {
      await undo();
    }
  });
});

/** Database queries the Notion sandbox received (through notion-proxy) since its log was cleared. */
const databaseQueries = () =>
  capture.app.stack
    .sandboxes!.notion.requestLog()
    .filter((r) => r.method === 'POST' && /\/v1\/(databases|data_sources)\/[^/]+\/query$/.test(r.path));

/** Opens the app (a fresh load, React's StrictMode in dev) straight on `/?url=<profile>`. */
const firstVisit = (url: string) =>
  openHarness(page, capture.harness, `?path=${encodeURIComponent(`/?url=${encodeURIComponent(url)}`)}`);

/** Removes the cached active setting, so the app load restores it from the profile (a cache rewrite). */
async function forgetCachedActiveSetting() {
  const app = page.frames().find((f) => f.url().startsWith(capture.app.appUrl))!;
  await localDb(app, 'cache', { op: 'delete', key: 'active_setting' });
}

describe('the preview (issue 16)', () => {
  test('an avatar that fails to load (an expired LinkedIn image URL) shows the initials', async () => {
    await page.route('https://media.licdn.com/**', (route) =>
      route.fulfill({ status: 403, body: 'URL signature expired' }),
    );
    try {
      const frame = await openHarness(page, capture.harness);
      await frame.locator('main').first().waitFor(); // started (a recent visit may replace MissingContext)
      await openTab(frame, 'Jordan Seeker');
      await frame.getByText(ADD_TITLE).waitFor({ timeout: 15_000 });
      const preview = frame.locator('.profile-preview');
      await expect.poll(() => preview.getByTestId('avatar-initial').textContent()).toBe('JS');
      expect(await preview.locator('img').count()).toBe(0);
      await frame.getByRole('button', { name: 'Add profile' }).waitFor();
      expect(await frame.getByRole('button', { name: 'Add profile' }).isEnabled()).toBe(true);
    } finally {
      await page.unroute('https://media.licdn.com/**');
    }
  });

  test('a private profile (no data) offers no Add, and says why', async () => {
    const frame = await openHarness(page, capture.harness);
    await frame.locator('main').first().waitFor(); // started (a recent visit may replace MissingContext)
    await openTab(frame, 'Private (private-profile)');
    await frame.getByText(ADD_TITLE).waitFor({ timeout: 15_000 });
    const add = frame.getByRole('button', { name: 'Add profile' });
    await expect.poll(() => add.isDisabled()).toBe(true);
    await frame
      .getByText('LinkedIn shows no data for this profile (it may be private), so there is nothing to add.')
      .waitFor();
    expect(await add.getAttribute('aria-describedby')).toBe('no-profile-data');
    expect(await crmPages(capture.app, 'private-profile')).toHaveLength(0);
  });
});

describe('one check = one Notion request (first visit, counted at the sandbox)', () => {
  /** After the verdict, wait this long for a late second check before counting. */
  const SETTLE_MS = 2_000;

  test('not in the CRM: one query, then "Add this profile…"', async () => {
    capture.app.stack.sandboxes!.notion.clearRequestLog();
    const frame = await firstVisit('https://www.linkedin.com/in/yuki-tanaka/');
    await frame.getByText(ADD_TITLE).waitFor({ timeout: 15_000 });
    await page.waitForTimeout(SETTLE_MS);
    expect(databaseQueries()).toHaveLength(1);
  });

  test('in the CRM under another variant: one query, then the found page', async () => {
    capture.app.stack.sandboxes!.notion.clearRequestLog();
    await firstVisit('https://fr.linkedin.com/in/Mina-Sato?trk=x');
    await expect.poll(() => appPath(page, capture.app), { timeout: 15_000 }).toMatch(/^\/notion-profile\?id=/);
    await page.waitForTimeout(SETTLE_MS);
    expect(databaseQueries()).toHaveLength(1);
  });

  test('with the active setting restored from the profile at load (the cache rewritten): one query', async () => {
    const frame = await openHarness(page, capture.harness, `?path=${encodeURIComponent('/not-linked-in')}`);
    await frame.getByText(notLinkedIn, { exact: true }).waitFor();
    await forgetCachedActiveSetting();
    capture.app.stack.sandboxes!.notion.clearRequestLog();
    await firstVisit('https://www.linkedin.com/in/olga-ivanova/');
    await frame.getByText(ADD_TITLE).waitFor({ timeout: 15_000 });
    await page.waitForTimeout(SETTLE_MS);
    expect(databaseQueries()).toHaveLength(1);
  });
});
