/**
 * Issue 15's chaos run in Chromium, through the page editor: the production build with its
 * service worker, the Notion sandbox behind the proxy at Notion's rate limit, injecting failures
 * into 30 % of the calls — 500, 503, a 429 with Retry-After, a connection dropped before Notion
 * acts, one dropped after a write was applied (its answer lost). 500 edits over 20 pages and
 * the editor's types (text, URL, email, phone, number, date, checkbox, select, status,
 * multi-select), typed and clicked as a user does, in 25 visits of 20 edits; the panel reloads
 * twice and goes offline for 20 s (`context.setOffline`) mid-run, editing on.
 *
 * Then: every property in the sandbox equals the last value set; values reached Notion in edit
 * order per property (a value sent again after a lost answer is counted, never one older than
 * what Notion already had); nothing left, failed or in conflict; no 429 but injected ones; the
 * queue never idle more than 10 s online with work pending. Prints its figures.
 *
 * And at every sample, the pending count on screen is one the outbox held in the 300 ms before,
 * or the screen catches up: it comes to show the outbox's count (see `sample`; at least 50
 * samples; the late ones are printed). Samples in a page loaded under a second ago, cut by a
 * navigation, or in a page that could not run for 150 ms (a loaded machine), are counted apart.
 * Once drained, the screen shows nothing pending.
 *
 * Edits end with a navigation right after them, as a user closing the panel does: the outbox's
 * journal keeps them.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { PropertyValue } from '../../src/data/outbox/entry.ts';
import { sameValue } from '../../src/data/outbox/sameValue.ts';
import { SEED_IDS } from '../../supabase/local/sandboxes/notion/index.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { launchBrowser, type TestBrowser } from './support/browser.ts';
import { capturingUser } from './support/capture.ts';
import { sandboxCall } from './support/notionSandbox.ts';
import { outboxSize } from './support/localDb.ts';

const PAGES = 20;
const VISITS = 25;
const EDITS_PER_VISIT = 20;
const OFFLINE_MS = 20_000;
const RELOAD_AT = [6, 18];
const OFFLINE_AT = 12;
/** A user's pause between two edits (still far quicker than a person). */
const THINK_MS = 100;

let app: TestApp;
let browser: TestBrowser;
let panel: Page;
let authId: string;

/** A deterministic sequence (the run is the same every time). */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** The sandbox with the demo key (setup and read-back only: not while the run is measured). */
const sandbox = (method: string, path: string, body?: unknown) => sandboxCall(app, method, path, body);

const rich = (content: string) => ({ rich_text: [{ type: 'text', text: { content } }] });
const row = (name: string) => panel.locator(`.page-property[data-property="${name}"]`);

/** Types a text-like value into its editor and leaves the field (blur saves). */
async function typeInto(name: string, text: string, leaveWith = 'Tab') {
  await row(name)
    .getByRole('button', { name: `Edit ${name}` })
    .click();
  const field = row(name).getByLabel(name, { exact: true });
  await field.fill(text);
  await field.press(leaveWith);
}

/** Picks an option (radio or checkbox) in its editor, then closes it. */
async function pickOption(name: string, option: string, role: 'radio' | 'checkbox') {
  await row(name)
    .getByRole('button', { name: `Edit ${name}` })
    .click();
  await row(name).getByRole(role, { name: option, exact: true }).click();
  await row(name).getByRole('button', { name: 'Done' }).click();
}

const TAGS = ['Prospect', 'Customer', 'Partner', 'Speaker'];
const PRIORITIES = ['High', 'Medium', 'Low'];
const STAGES = ['Not contacted', 'Contacted', 'Meeting booked', 'Won', 'Lost'];

interface Edit {
  name: string;
  /** Does it in the editor; answers the value now set (write form). */
  act: (n: number, current: PropertyValue | undefined) => Promise<PropertyValue>;
  /** Each edit sets a value of its own: the order Notion receives them can be checked. */
  ordered: boolean;
}

const EDITS: Edit[] = [
  { name: 'City', ordered: true, act: async (n) => (await typeInto('City', `City ${n}`), rich(`City ${n}`)) },
  {
    name: 'Email',
    ordered: true,
    act: async (n) => (await typeInto('Email', `p${n}@example.com`), { email: `p${n}@example.com` }),
  },
  {
    name: 'Phone',
    ordered: true,
    act: async (n) => {
      const phone = `+33 1 00 00 ${String(n).padStart(4, '0')}`;
      await typeInto('Phone', phone);
      return { phone_number: phone };
    },
  },
  {
    name: 'LinkedIn URL',
    ordered: true,
    act: async (n) => {
      const url = `https://www.linkedin.com/in/chaos-${n}`;
      await typeInto('LinkedIn URL', url);
      return { url };
    },
  },
  { name: 'Score', ordered: true, act: async (n) => (await typeInto('Score', String(n)), { number: n }) },
  {
    name: 'Next follow-up',
    ordered: true,
    act: async (n) => {
      const day = new Date(Date.UTC(2027, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
      await typeInto('Next follow-up', day, 'Enter');
      return { date: { start: day } };
    },
  },
  {
    name: 'Contacted',
    ordered: false,
    act: async (_n, current) => {
      const checked = !(current?.checkbox === true);
      await row('Contacted').getByRole('checkbox', { name: 'Contacted' }).setChecked(checked);
      return { checkbox: checked };
    },
  },
  {
    name: 'Priority',
    ordered: false,
    act: async (n) => {
      const name = PRIORITIES[n % PRIORITIES.length];
      await pickOption('Priority', name, 'radio');
      return { select: { name } };
    },
  },
  {
    name: 'Stage',
    ordered: false,
    act: async (n) => {
      const name = STAGES[n % STAGES.length];
      await pickOption('Stage', name, 'radio');
      return { status: { name } };
    },
  },
  {
    name: 'Tags',
    ordered: false,
    act: async (n, current) => {
      const tag = TAGS[n % TAGS.length];
      const now = ((current?.multi_select ?? []) as { name: string }[]).map((option) => option.name);
      await pickOption('Tags', tag, 'checkbox');
      const next = now.includes(tag) ? now.filter((name) => name !== tag) : [...now, tag];
      return { multi_select: next.map((name) => ({ name })) };
    },
  },
];

/** How long the screen may take to show a change of the outbox (a live query's read and a render). */
const SCREEN_LAG_MS = 300;
/** A gap this long between two of a sample's reads (10 ms apart) means the page was not running. */
const STARVED_MS = 150;

/** How long a screen that disagrees may take to catch up: the polls' own limit (vitest.config.ts). */
const CATCH_UP_MS = 15_000;

/**
 * One sample of the header's pending count against the outbox (queued entries): the outbox's
 * count read every 10 ms for 700 ms, the screen's read at 500 ms. It agrees when the screen
 * shows a count the outbox held in the SCREEN_LAG_MS before it was read. (Earlier samples
 * compared one screen reading with the count read around it and kept those where the count was
 * equal at three reads; an edit queued and another sent in between kept the count, changed the
 * outbox, and a screen caught mid-change looked wrong by one, both ways.)
 *
 * A screen that does not agree is then read with the outbox every 10 ms until it shows the count
 * the outbox holds (`late`: how long that took), or for CATCH_UP_MS (`agrees` false: the screen
 * stayed on a count the outbox no longer held — a change it never heard of). How quickly the
 * screen follows depends on the machine (the worker's write, its notice to the page, the page's
 * read and render all take turns on a loaded CPU): SCREEN_LAG_MS is what it takes on an idle
 * one, a condition the run cannot assert under load.
 */
const sample = (on: Page, user: string) =>
  on.evaluate(
    async ({ auth, lag, starved, catchUp }) => {
      const database = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('sidenote');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => resolve(open.result);
      });
      const queued = () =>
        new Promise<number>((resolve, reject) => {
          const request = database
            .transaction('outbox')
            .objectStore('outbox')
            .index('[authId+state]')
            .count(IDBKeyRange.only([auth, 'queued']));
          request.onerror = () => reject(request.error);
          request.onsuccess = () => resolve(request.result);
        });
      const pause = () => new Promise((resolve) => setTimeout(resolve, 10));
      try {
        const history: { at: number; count: number }[] = [];
        const started = performance.now();
        let screen: { at: number; text: string } | null = null;
        while (performance.now() - started < 700) {
          if (!screen && performance.now() - started >= 500) {
            screen = {
              at: performance.now(),
              text: document.querySelector('[data-testid="pending-count"]')?.textContent ?? '',
            };
          }
          const at = performance.now();
          history.push({ at, count: await queued() });
          await pause();
        }
        // a page loaded less than a second ago may not have rendered its counts yet: not a sample
        if (started < 1000) throw new Error('just loaded');
        // a page that could not run (its reads 10 ms apart came STARVED_MS or more apart: a
        // loaded machine) could not render either: what it shows says nothing, not a sample
        const gaps = history.slice(1).map(({ at }, i) => at - history[i].at);
        if (Math.max(...gaps) >= starved) return { starved: true as const };
        const shownCount = (text: string) => Number.parseInt(text, 10) || 0;
        const shown = shownCount(screen!.text);
        const since = screen!.at - lag;
        const before = history.filter(({ at }) => at <= since).at(-1);
        const held = [before, ...history.filter(({ at }) => at > since && at <= screen!.at)]
          .filter((read) => read !== undefined)
          .map(({ count }) => count);
        const found = { starved: false as const, shown, held: [...new Set(held)] };
        if (held.includes(shown)) return { ...found, agrees: true, late: null };
        // not in time: does the screen catch up with the outbox?
        const lateSince = performance.now();
        while (performance.now() - lateSince < catchUp) {
          const count = await queued();
          const text = document.querySelector('[data-testid="pending-count"]')?.textContent ?? '';
          if (shownCount(text) === count) return { ...found, agrees: true, late: performance.now() - lateSince };
          await pause();
        }
        return { ...found, agrees: false, late: null };
      } finally {
        database.close();
      }
    },
    { auth: user, lag: SCREEN_LAG_MS, starved: STARVED_MS, catchUp: CATCH_UP_MS },
  );

beforeAll(async () => {
  app = await startTestApp({ sandboxes: true });
  browser = await launchBrowser();
  panel = await browser.context.newPage();
  authId = (await capturingUser(panel, app, 'chaos')).id;
  // 45 page views and more: an operator's quota, so the run is about the outbox
  await app.stack.db.transaction((tx) =>
    tx.query(
      'update public.teams set notion_pages_quota = 1000000 where id = (select active_team_id from public.profiles where auth_id = $1)',
      [authId],
    ),
  );
  await panel.evaluate(() => navigator.serviceWorker.ready);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

test('500 edits through failures, lost answers, two reloads and 20 s offline: each reaches Notion, once, in order', async ({
  onTestFailed,
}) => {
  // a failure mid-run says what the panel showed and what it logged as errors
  const errors: string[] = [];
  panel.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  panel.on('pageerror', (error) => errors.push(String(error)));
  onTestFailed(async () => {
    const shown = await panel
      .locator('body')
      .innerText()
      .catch((error) => `(unreadable: ${error})`);
    console.log(
      `The panel at ${panel.url()} showed:\n${shown.slice(0, 2000)}\nIts last errors:\n${errors.slice(-20).join('\n')}`,
    );
  });
  const notion = app.stack.sandboxes!.notion;
  const schema = (await sandbox('GET', `/data_sources/${SEED_IDS.dataSources.people}`)) as {
    properties: Record<string, { id: string }>;
  };
  const idOf = (name: string) => schema.properties[name].id;
  const pages: string[] = [];
  for (let i = 0; i < PAGES; i++) {
    const page = await sandbox('POST', '/pages', {
      parent: { data_source_id: SEED_IDS.dataSources.people },
      properties: { Name: { title: [{ type: 'text', text: { content: `Chaos ${i}` } }] } },
    });
    pages.push(String(page.id));
  }
  const open = async (pageId: string) => {
    await panel.goto(`${app.appUrl}/notion-profile?id=${pageId}`);
    await row('City').waitFor({ timeout: 30_000 });
  };
  for (const pageId of pages) await open(pageId); // each page visited once: its snapshot and schema are here

  await new Promise((resolve) => setTimeout(resolve, 3000)); // the rate limit's bucket refills
  notion.clearRequestLog();
  notion.configure({ failureRate: 0.3, failureKinds: ['500', '503', '429', 'drop', 'lose'] });

  const draw = random(15);
  const last = new Map<string, PropertyValue>();
  const editNumber = new Map<string, number>();
  const samples = { taken: 0, skipped: 0, starved: 0, late: [] as number[], mismatches: [] as string[] };
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      try {
        const read = await sample(panel, authId);
        if (read.starved) {
          samples.starved += 1;
          continue;
        }
        samples.taken += 1;
        if (read.late !== null) samples.late.push(Math.round(read.late));
        if (!read.agrees) samples.mismatches.push(`screen ${read.shown}, outbox ${read.held.join(' then ')}`);
      } catch {
        samples.skipped += 1; // a navigation or reload under way
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  })();

  const started = Date.now();
  let offlineSince: number | null = null;
  let n = 0;
  for (let visit = 0; visit < VISITS; visit++) {
    if (offlineSince !== null && Date.now() - offlineSince >= OFFLINE_MS) {
      await browser.context.setOffline(false);
      offlineSince = null;
    }
    if (RELOAD_AT.includes(visit)) await panel.reload();
    if (visit === OFFLINE_AT) {
      await browser.context.setOffline(true);
      offlineSince = Date.now();
    }
    const pageId = pages[Math.floor(draw() * PAGES)];
    await open(pageId);
    for (let i = 0; i < EDITS_PER_VISIT; i++, n++) {
      const edit = EDITS[Math.floor(draw() * EDITS.length)];
      const key = `${pageId} ${idOf(edit.name)}`;
      const value = await edit.act(n, last.get(key));
      last.set(key, value);
      if (edit.ordered) editNumber.set(`${key} ${JSON.stringify(value)}`, n);
      await panel.waitForTimeout(THINK_MS);
    }
  }
  if (offlineSince !== null) {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, OFFLINE_MS - (Date.now() - offlineSince!))));
    await browser.context.setOffline(false);
  }
  const editsDone = Date.now();

  // until drained: the longest stretch with work pending and no request reaching the sandbox
  let idleSince: number | null = null;
  let longestIdle = 0;
  let seen = notion.requestLog().length;
  const deadline = Date.now() + 240_000;
  while ((await outboxSize(panel)) > 0 && Date.now() < deadline) {
    const requests = notion.requestLog().length;
    if (requests === seen) {
      idleSince ??= Date.now();
      longestIdle = Math.max(longestIdle, Date.now() - idleSince);
    } else idleSince = null;
    seen = requests;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  sampling = false;
  await sampler;
  const drained = Date.now();
  const left = await outboxSize(panel);
  notion.configure({ failureRate: 0 });
  const log = [...notion.requestLog()]; // before the read-back below

  // every property holds the last value set
  const mismatches: string[] = [];
  for (const pageId of pages) {
    const page = (await sandbox('GET', `/pages/${pageId}`)) as {
      properties: Record<string, PropertyValue & { id: string }>;
    };
    for (const property of Object.values(page.properties)) {
      const expected = last.get(`${pageId} ${property.id}`);
      if (expected && !sameValue(expected, property))
        mismatches.push(
          `${pageId} ${property.id}: set ${JSON.stringify(expected)}, Notion ${JSON.stringify(property)}`,
        );
    }
  }
  // in edit order per property: what Notion applied never goes back to an older edit
  const lastApplied = new Map<string, number>();
  const outOfOrder: string[] = [];
  let replays = 0;
  for (const request of log) {
    if (request.method !== 'PATCH' || !request.applied) continue;
    const pageId = request.path.split('/pages/')[1];
    const values = (request.applied as { properties?: Record<string, PropertyValue> }).properties ?? {};
    for (const [propertyId, value] of Object.entries(values)) {
      const key = `${pageId} ${propertyId}`;
      const number = editNumber.get(`${key} ${JSON.stringify(value)}`);
      if (number === undefined) continue;
      const before = lastApplied.get(key) ?? -1;
      if (number < before) outOfOrder.push(`${key}: edit ${number} after ${before}`);
      if (number === before) replays += 1;
      lastApplied.set(key, Math.max(before, number));
    }
  }
  const figures = {
    edits: n,
    pages: PAGES,
    editSeconds: Math.round((editsDone - started) / 1000),
    drainSecondsAfterLastEdit: Math.round((drained - editsDone) / 1000),
    requests: log.length,
    injected: log.filter((request) => request.injected).length,
    injected429: log.filter((request) => request.injected === '429').length,
    lostAnswers: log.filter((request) => request.injected === 'lose' && request.applied).length,
    rateLimited429: log.filter((request) => request.status === 429 && !request.injected).length,
    patchesApplied: log.filter((request) => request.method === 'PATCH' && request.applied).length,
    replaysOfLostAnswers: replays,
    left,
    mismatches: mismatches.length,
    outOfOrder: outOfOrder.length,
    longestIdleMs: longestIdle,
    samples: samples.taken,
    skippedSamples: samples.skipped,
    starvedSamples: samples.starved,
    lateSamples: samples.late.length,
    longestCatchUpMs: Math.max(0, ...samples.late),
    screenMismatches: samples.mismatches.length,
  };
  console.log('Outbox chaos run (Chromium)', JSON.stringify(figures));
  const limited = log.filter((request) => request.status === 429 && !request.injected);
  const around = (at: number) => log.filter((request) => Math.abs(request.at - at) <= 2000).length;
  for (const detail of [
    ...mismatches,
    ...outOfOrder,
    ...samples.mismatches,
    ...limited.map((r) => `429 ${r.method} ${r.path} at +${r.at - started} ms, ${around(r.at)} requests within 2 s`),
  ])
    console.log('  ', detail);
  expect(figures).toMatchObject({
    edits: 500,
    left: 0,
    mismatches: 0,
    outOfOrder: 0,
    rateLimited429: 0,
    screenMismatches: 0,
  });
  expect(samples.taken).toBeGreaterThanOrEqual(50);
  expect(figures.injected).toBeGreaterThan(0);
  expect(longestIdle).toBeLessThanOrEqual(10_000);
  expect(await panel.getByTestId('failed-count').count()).toBe(0);
  // and the screen heard the last of it: nothing pending
  await expect.poll(() => panel.getByTestId('pending-count').count()).toBe(0);
}, 600_000);
