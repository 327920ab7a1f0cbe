/**
 * `npm run bench:page`: the NotionProfile screen (issue 17) in Chromium — the production build
 * with its service worker, a signed-in user with an active "CRM People" setting, the Notion
 * sandbox behind the notion-proxy edge function at 150 ms latency (its default rate limit:
 * Notion's 3 requests/s, bursts of 10, bucket refilled before each case).
 *
 * "Painted" is measured in the page: a MutationObserver (an init script, on every document)
 * logs each change of the screen's h1 text, its number of `.page-property` rows and the
 * Companies row's link texts, at `performance.now()`, and the time of the next animation frame
 * after it (the frame that paints it); a figure is that frame's time minus the navigation's
 * start. A navigation is either in the app (history.pushState + popstate, what the router's
 * `navigate()` does: the app is running, as in the side panel) or a full load (`page.goto`,
 * from the document's navigation start: service worker, boot, session, then the page).
 * Notion requests are counted as the sandbox logs them (`requestLog()`, arrival times),
 * those that arrived between the navigation's start and the paint.
 *
 * Cases: (1) a visited page (IndexedDB holds it; goal ≤ 100 ms), in-app navigations between 5
 * visited pages and full loads, median and p95; (2) a cold page (never opened here; goal ≤ 2
 * Notion requests before the first paint), its data source's schema cached or not (the
 * dataSourceSchemas store cleared before each); (3) 10 related companies' titles: our path
 * (src/features/page/useRelatedTitles.ts, inside the app's rate budget — the page's and the
 * service worker's —, cached in IndexedDB) for Sam's one-way "Companies" (one GET a title, 3 at
 * a time, 200 ms apart: the path every relation took before two-way relations were read in one
 * query) with the pageTitles store cleared, then again with the titles cached, and for Pat's
 * two-way "Partners" (added to the people data source as `dual_property`: one query on the
 * companies filtered on the reverse property) with the store cleared. Against a naive baseline in the same run: one GET
 * /pages/{id} per title, all at once, no pacing, no cache, sent three ways — from the page
 * (the service worker fronts /api/notion/v1 and still paces it), from Node through the app's
 * proxy URL (no service worker: only the proxy's per-key pacing), and from Node straight to
 * the sandbox (no pacing at all). Our time is from the relation row painted (its 10 ids known,
 * titles '…') to the 10 titles painted — the page's own revalidation GET shares the budget —;
 * the baseline's, from its first request sent to its last answer (nothing rendered). Arrival
 * times at the sandbox and the proxy's logged queue wait show where the pacing happens. Cases
 * (1) and (2) have no separate baseline: the cold page is the visited page's "no IndexedDB" one.
 *
 * The stack runs on PGlite (SIDENOTE_TEST_DATABASE_URL is ignored: its template database is
 * made by the vitest global setup). Prints tables and a JSON line; asserts nothing.
 */
import type { Page } from 'playwright-core';
import { SEED_IDS } from '../../supabase/local/sandboxes/notion/index.ts';
import { startTestApp, type TestApp } from '../e2e/support/app.ts';
import { launchBrowser, type TestBrowser } from '../e2e/support/browser.ts';
import { capturingUser } from '../e2e/support/capture.ts';
import { sandboxCall } from '../e2e/support/notionSandbox.ts';

const LATENCY_MS = 150;
const VISITED_ROUNDS = 10;
const LOAD_ROUNDS = 5;
const COLD_ROUNDS = 5;
const TITLE_ROUNDS = 3;
/** Time for the page's revalidation (after the paint) to end before the next navigation. */
const SETTLE_MS = 1500;
/** Time for the app's rate budget (2.5/s, bursts of 3) and the proxy's pacing (3/s, bursts of 3) to refill. */
const REFILL_MS = 2500;

const { databases } = SEED_IDS;
const company = (n: number) => SEED_IDS.page(databases.companies, `Company ${String(n).padStart(2, '0')}`);
const RELATED = Array.from({ length: 10 }, (_, i) => company(i + 3));
const RELATED_TITLES = RELATED.map((_, i) => `Company ${String(i + 3).padStart(2, '0')}`);
const sam = SEED_IDS.page(databases.people, 'sam');

/** One change of what the screen shows, as the init script logs it. */
interface Paint {
  /** performance.now() when the DOM changed, and at the next animation frame. */
  at: number;
  frame: number;
  search: string;
  title: string;
  rows: number;
  links: string[];
  /** The Partners row's link texts (the two-way relation). */
  partners: string[];
}

interface Want {
  id: string;
  title?: string;
  rows?: number;
  linkCount?: number;
  links?: string[];
  partners?: string[];
}

type BenchWindow = Window & { __paints?: Paint[] };

/**
 * The init script: logs every change of the screen's title, row count and Companies links into
 * `window.__paints` (see Paint). Plain JavaScript text: tsx names this file's functions with a
 * helper the page does not have.
 */
const WATCH_PAINTS = `(() => {
  const log = [];
  window.__paints = log;
  let last = '';
  new MutationObserver(() => {
    const screen = document.querySelector('[data-testid="notion-profile"]');
    const title = (screen && screen.querySelector('h1') && screen.querySelector('h1').textContent) || '';
    const rows = screen ? screen.querySelectorAll('.page-property').length : 0;
    const linksOf = (name) => screen
      ? Array.from(screen.querySelectorAll('.page-property[data-property="' + name + '"] .relation-list a'), (a) => a.textContent || '')
      : [];
    const links = linksOf('Companies');
    const partners = linksOf('Partners');
    const state = JSON.stringify([location.search, title, rows, links, partners]);
    if (state === last) return;
    last = state;
    const entry = { at: performance.now(), frame: -1, search: location.search, title, rows, links, partners };
    log.push(entry);
    requestAnimationFrame(() => { entry.frame = performance.now(); });
  }).observe(document, { childList: true, subtree: true, characterData: true });
})();`;

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
};
const median = (xs: number[]) => percentile(xs, 0.5);
const round = (ms: number) => Math.round(ms);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const bare = (id: string) => id.replace(/-/g, '');

let app: TestApp;
let browser: TestBrowser;
let panel: Page;

/** The proxy's own log lines (`GET /pages/… → 200 (… ms, queued … ms)`), kept out of the output. */
const proxyLog: { at: number; line: string }[] = [];
for (const level of ['log', 'error'] as const) {
  const print = console[level].bind(console);
  console[level] = (...args: unknown[]) => {
    const line = String(args[0]);
    if (line.startsWith('[functions:notion-proxy] ')) proxyLog.push({ at: Date.now(), line });
    else print(...args);
  };
}
/** The longest wait in the proxy's pacing queue among its GET /pages lines logged in [from, to]. */
const proxyQueuedMax = (from: number, to: number) =>
  Math.round(
    Math.max(
      0,
      ...proxyLog
        .filter((l) => l.at >= from && l.at <= to && l.line.includes('GET /pages/'))
        .map((l) => Number(/queued ([\d.]+) ms/.exec(l.line)?.[1] ?? 0)),
    ),
  );

const notion = () => app.stack.sandboxes!.notion;
/** Requests the sandbox received in [from, to] (epoch ms). */
const arrived = (from: number, to: number) =>
  notion()
    .requestLog()
    .filter((r) => r.at >= from && r.at <= to);
const describe = (requests: readonly { method: string; path: string; status: number }[]) =>
  requests.map((r) => `${r.method} ${r.path.replace(/^\/v1/, '')} ${r.status}`);

/** The first logged paint matching `want`, once its frame has run. */
async function paintOf(want: Want): Promise<Paint> {
  const handle = await panel
    .waitForFunction(
      (w: Want) => {
        const log = (window as BenchWindow).__paints ?? [];
        const hit = log.find(
          (e) =>
            e.search.includes(w.id) &&
            (w.title === undefined || e.title === w.title) &&
            (w.rows === undefined || e.rows >= w.rows) &&
            (w.linkCount === undefined || e.links.length === w.linkCount) &&
            (w.links === undefined || e.links.join('|') === w.links.join('|')) &&
            (w.partners === undefined || e.partners.join('|') === w.partners.join('|')),
        );
        return hit && hit.frame >= 0 ? hit : null;
      },
      want,
      { polling: 50, timeout: 30_000 },
    )
    .catch(async (error: unknown) => {
      const seen = await panel.evaluate(() => (window as BenchWindow).__paints?.slice(-5));
      throw new Error(`no paint of ${JSON.stringify(want)}; last: ${JSON.stringify(seen)}`, { cause: error });
    });
  return (await handle.jsonValue()) as Paint;
}

/** In-app navigation (the router's navigate()); answers its start in page time and as epoch ms. */
async function navigateInApp(path: string): Promise<{ start: number; epoch: number }> {
  return panel.evaluate((to) => {
    (window as BenchWindow).__paints!.length = 0;
    const start = performance.now();
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: {} }));
    return { start, epoch: performance.timeOrigin + start };
  }, path);
}

const pagePath = (id: string) => `/notion-profile?id=${id}`;

/** Navigates in the app to `want.id` and answers ms to its paint and the Notion requests before it. */
async function inAppView(want: Want) {
  const nav = await navigateInApp(pagePath(want.id));
  const paint = await paintOf(want);
  const paintEpoch = nav.epoch + (paint.frame - nav.start);
  return { ms: paint.frame - nav.start, before: arrived(nav.epoch, paintEpoch), nav, paint };
}

/** Clears an IndexedDB store of the app's database ('sidenote'). */
const clearStore = (store: string) =>
  panel.evaluate(
    (name) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('sidenote');
        open.onsuccess = () => {
          const clear = open.result.transaction(name, 'readwrite').objectStore(name).clear();
          clear.onsuccess = () => resolve(open.result.close());
          clear.onerror = () => reject(clear.error);
        };
        open.onerror = () => reject(open.error);
      }),
    store,
  );

/** A fresh bucket at Notion's rate limit, the latency, and an idle app budget and proxy pacer. */
async function refill() {
  await sleep(REFILL_MS);
  notion().configure({ latencyMs: LATENCY_MS });
}

async function newPerson(name: string): Promise<string> {
  const text = (content: string) => ({ rich_text: [{ type: 'text', text: { content } }] });
  const [first, last] = name.split(' ');
  const page = await sandboxCall(app, 'POST', '/pages', {
    parent: { data_source_id: SEED_IDS.dataSources.people },
    properties: {
      Name: { title: [{ type: 'text', text: { content: name } }] },
      'First name': text(first),
      'Last name': text(last),
      Company: text('Company 01'),
      City: text('Lyon'),
      Headline: text('Bench person'),
    },
  });
  return page.id as string;
}

/** Rows the screen shows for a page: its properties but the title (no display config: all show). */
const rowsOf = async (id: string) =>
  Object.keys(((await sandboxCall(app, 'GET', `/pages/${id}`)) as { properties: object }).properties).length - 1;

async function main() {
  delete process.env.SIDENOTE_TEST_DATABASE_URL;
  app = await startTestApp({ sandboxes: true });
  browser = await launchBrowser();
  try {
    panel = await browser.context.newPage();
    await panel.addInitScript({ content: WATCH_PAINTS });
    const user = await capturingUser(panel, app, 'bench-page');
    await panel.evaluate(() => navigator.serviceWorker.ready);
    // every view counts against the team's Notion page views: room for this run's
    await app.stack.db.transaction((tx) =>
      tx.query(
        `update public.teams set notion_pages_quota = 100000
         where id = (select p.active_team_id from public.profiles p where p.auth_id = $1)`,
        [user.id],
      ),
    );

    // fixtures (no latency yet): 5 pages to visit, 5 never opened, Sam related to 10 companies
    const visited: { id: string; title: string }[] = [];
    const cold: { id: string; title: string }[] = [];
    for (let i = 0; i < 5; i++)
      visited.push({ id: await newPerson(`Visited Person${i}`), title: `Visited Person${i}` });
    for (let i = 0; i < COLD_ROUNDS; i++)
      cold.push({ id: await newPerson(`Cold Person${i}`), title: `Cold Person${i}` });
    await sandboxCall(app, 'PATCH', `/pages/${sam}`, {
      properties: { Companies: { relation: RELATED.map((id) => ({ id })) } },
    });
    // the two-way relation: People's "Partners", whose reverse property the companies hold
    await sandboxCall(app, 'PATCH', `/data_sources/${SEED_IDS.dataSources.people}`, {
      properties: {
        Partners: {
          relation: { data_source_id: SEED_IDS.dataSources.companies, type: 'dual_property', dual_property: {} },
        },
      },
    });
    const partnered = await newPerson('Pat Partner');
    await sandboxCall(app, 'PATCH', `/pages/${partnered}`, {
      properties: { Partners: { relation: RELATED.map((id) => ({ id })) } },
    });
    const patRows = await rowsOf(partnered);
    const personRows = await rowsOf(visited[0].id);
    const coldCompanies = Array.from({ length: COLD_ROUNDS }, (_, i) => ({
      id: company(20 + i),
      title: `Company ${20 + i}`,
    }));
    const companyRows = await rowsOf(coldCompanies[0].id);
    const samRows = await rowsOf(sam);
    notion().configure({ latencyMs: LATENCY_MS });

    // open each visited page (and Sam) once: IndexedDB now holds them
    await panel.goto(`${app.appUrl}${pagePath(visited[0].id)}`);
    await paintOf({ ...visited[0], rows: personRows });
    for (const page of [...visited.slice(1), visited[0]]) {
      await inAppView({ ...page, rows: personRows });
      await sleep(SETTLE_MS);
    }
    await inAppView({ id: sam, title: 'Sam Lee', rows: samRows });
    await paintOf({ id: sam, links: RELATED_TITLES });
    await sleep(SETTLE_MS);
    await inAppView({ id: partnered, title: 'Pat Partner', rows: patRows });
    await paintOf({ id: partnered, partners: RELATED_TITLES });
    await sleep(SETTLE_MS);
    await inAppView({ ...visited[1], rows: personRows });
    await sleep(SETTLE_MS);

    // (1) visited page, in-app navigation
    const visitedMs: number[] = [];
    const visitedBefore: number[] = [];
    for (let i = 0; i < VISITED_ROUNDS; i++) {
      const page = visited[(i + 2) % visited.length];
      const view = await inAppView({ ...page, rows: personRows });
      visitedMs.push(view.ms);
      visitedBefore.push(view.before.length);
      await sleep(SETTLE_MS);
    }

    // (1b) visited page, full load
    const loadMs: number[] = [];
    const loadBefore: number[] = [];
    for (let i = 0; i < LOAD_ROUNDS; i++) {
      const page = visited[i % visited.length];
      await panel.goto(`${app.appUrl}${pagePath(page.id)}`);
      const paint = await paintOf({ ...page, rows: personRows });
      const origin = await panel.evaluate(() => performance.timeOrigin);
      loadMs.push(paint.frame);
      loadBefore.push(arrived(origin, origin + paint.frame).length);
      await sleep(SETTLE_MS);
    }

    // (2) cold page, schema cached (people) and not (companies, the schema store cleared)
    const coldMs: number[] = [];
    const coldBefore: number[] = [];
    const coldRequests: string[][] = [];
    for (const page of cold) {
      await refill();
      const view = await inAppView({ ...page, rows: personRows });
      coldMs.push(view.ms);
      coldBefore.push(view.before.length);
      coldRequests.push(describe(view.before));
      await sleep(SETTLE_MS);
    }
    const coldSchemaMs: number[] = [];
    const coldSchemaBefore: number[] = [];
    const coldSchemaRequests: string[][] = [];
    const coldSchemaAll: string[][] = [];
    for (const page of coldCompanies) {
      await clearStore('dataSourceSchemas');
      await refill();
      const view = await inAppView({ ...page, rows: companyRows });
      coldSchemaMs.push(view.ms);
      coldSchemaBefore.push(view.before.length);
      coldSchemaRequests.push(describe(view.before));
      await sleep(SETTLE_MS);
      coldSchemaAll.push(describe(arrived(view.nav.epoch, Date.now())));
    }

    // (3) Sam's 10 related titles: ours (titles not cached, then cached) and the naive baseline
    const titleRequests = (from: number, to: number) =>
      arrived(from, to).filter(
        (r) =>
          RELATED.some((id) => bare(r.path).endsWith(`/pages/${bare(id)}`)) ||
          r.path.endsWith(`/data_sources/${SEED_IDS.dataSources.companies}/query`),
      );
    /** Arrival times at the sandbox, in ms after the first. */
    const offsets = (requests: readonly { at: number }[]) => requests.map((r) => r.at - requests[0].at);
    /** Sam's one-way Companies, or Pat's two-way Partners. */
    const oneWay = { id: sam, title: 'Sam Lee', rows: samRows, linkCount: 10 };
    const twoWay = { id: partnered, title: 'Pat Partner', rows: patRows };
    const titles = async (cached: boolean, relation: 'one-way' | 'two-way' = 'one-way') => {
      await inAppView({ ...visited[0], rows: personRows });
      await sleep(SETTLE_MS);
      if (!cached) await clearStore('pageTitles');
      await refill();
      const owner = relation === 'one-way' ? oneWay : twoWay;
      const view = await inAppView(owner);
      const done = await paintOf(
        relation === 'one-way' ? { id: sam, links: RELATED_TITLES } : { id: partnered, partners: RELATED_TITLES },
      );
      await sleep(SETTLE_MS);
      const all = arrived(view.nav.epoch, Date.now());
      return {
        rowToTitles: Math.max(0, done.frame - view.paint.frame),
        navToTitles: done.frame - view.nav.start,
        requests: titleRequests(view.nav.epoch, Date.now()).length,
        arrivals: offsets(titleRequests(view.nav.epoch, Date.now())),
        limited: all.filter((r) => r.status === 429).length,
        queued: proxyQueuedMax(view.nav.epoch, Date.now()),
        all: describe(all),
      };
    };
    const ours = [];
    for (let i = 0; i < TITLE_ROUNDS; i++) ours.push(await titles(false));
    const oursCached = [];
    for (let i = 0; i < TITLE_ROUNDS; i++) oursCached.push(await titles(true));
    const twoWayRuns = [];
    for (let i = 0; i < TITLE_ROUNDS; i++) twoWayRuns.push(await titles(false, 'two-way'));

    const { data: workspace, error } = await app.stack.serviceClient().from('workspaces').select('id').single();
    if (error) throw error;
    const workspaceId = (workspace as { id: string }).id;
    const token = await panel.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => /^sb-.*-auth-token$/.test(k))!;
      return (JSON.parse(localStorage.getItem(key)!) as { access_token: string }).access_token;
    });
    /** The naive baseline: 10 GETs at once, `send` answering their statuses and ms to the last answer. */
    const naive = async (send: () => Promise<{ ms: number; statuses: number[] }>, proxied: boolean) => {
      const runs = [];
      for (let i = 0; i < TITLE_ROUNDS; i++) {
        await refill();
        const from = Date.now();
        const { ms, statuses } = await send();
        await sleep(200);
        const seen = titleRequests(from, Date.now());
        runs.push({
          ms,
          requests: seen.length,
          limited: statuses.filter((status) => status === 429).length,
          queued: proxied ? proxyQueuedMax(from, Date.now()) : null,
          arrivals: offsets(seen),
          proxyLines: proxyLog
            .filter((l) => l.at >= from)
            .map((l) => `+${l.at - from} ${l.line.replace('[functions:notion-proxy] ', '')}`),
        });
      }
      return runs;
    };
    const fromNode = async (url: (id: string) => string, headers: Record<string, string>) => {
      const start = performance.now();
      const statuses = await Promise.all(
        RELATED.map(async (id) => {
          const response = await fetch(url(id), { headers });
          await response.text();
          return response.status;
        }),
      );
      return { ms: performance.now() - start, statuses };
    };
    const naivePage = await naive(
      () =>
        panel.evaluate(
          async ({ ids, bearer, workspace }) => {
            const start = performance.now();
            const statuses = await Promise.all(
              ids.map(async (id) => {
                const response = await fetch(`/api/notion/v1/pages/${id}`, {
                  headers: { authorization: `Bearer ${bearer}`, 'x-sidenote-workspace': workspace },
                });
                await response.text();
                return response.status;
              }),
            );
            return { ms: performance.now() - start, statuses };
          },
          { ids: RELATED, bearer: token, workspace: workspaceId },
        ),
      true,
    );
    const naiveProxy = await naive(
      () =>
        fromNode((id) => `${app.appUrl}/api/notion/v1/pages/${id}`, {
          authorization: `Bearer ${token}`,
          'x-sidenote-workspace': workspaceId,
        }),
      true,
    );
    const naiveDirect = await naive(
      () =>
        fromNode((id) => `${notion().url}/v1/pages/${id}`, {
          authorization: `Bearer ${notion().demoKey}`,
          'notion-version': '2026-03-11',
        }),
      false,
    );

    const avg = (xs: number[]) => Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 10) / 10;
    const paintRows = [
      {
        case: '(1) visited page, in-app navigation',
        n: visitedMs.length,
        median_ms: round(median(visitedMs)),
        p95_ms: round(percentile(visitedMs, 0.95)),
        notion_requests_before_paint: avg(visitedBefore),
        goal: '≤ 100 ms',
      },
      {
        case: '(1) visited page, full load (page.goto)',
        n: loadMs.length,
        median_ms: round(median(loadMs)),
        p95_ms: round(percentile(loadMs, 0.95)),
        notion_requests_before_paint: avg(loadBefore),
        goal: '(boot included)',
      },
      {
        case: '(2) cold page, in-app navigation, schema cached',
        n: coldMs.length,
        median_ms: round(median(coldMs)),
        p95_ms: round(percentile(coldMs, 0.95)),
        notion_requests_before_paint: avg(coldBefore),
        goal: '≤ 2 requests',
      },
      {
        case: '(2) cold page and cold data source schema',
        n: coldSchemaMs.length,
        median_ms: round(median(coldSchemaMs)),
        p95_ms: round(percentile(coldSchemaMs, 0.95)),
        notion_requests_before_paint: avg(coldSchemaBefore),
        goal: '≤ 2 requests',
      },
    ];
    const titleRow = (
      name: string,
      runs: { requests: number; limited: number; queued: number | null }[],
      ms: number[],
      navMs: number[] | null,
    ) => ({
      case: name,
      n: runs.length,
      title_requests: avg(runs.map((r) => r.requests)),
      '429s': avg(runs.map((r) => r.limited)),
      median_ms: round(median(ms)),
      max_ms: round(Math.max(...ms)),
      nav_to_titles_median_ms: navMs ? round(median(navMs)) : null,
      proxy_queued_max_ms: runs[0].queued === null ? null : Math.max(...runs.map((r) => r.queued ?? 0)),
    });
    const titleRows = [
      titleRow(
        '(3) ours, two-way relation, titles not cached (one query on the target)',
        twoWayRuns,
        twoWayRuns.map((r) => r.rowToTitles),
        twoWayRuns.map((r) => r.navToTitles),
      ),
      titleRow(
        '(3) ours, one-way relation, titles not cached (row painted → 10 titles painted)',
        ours,
        ours.map((r) => r.rowToTitles),
        ours.map((r) => r.navToTitles),
      ),
      titleRow(
        '(3) ours, second visit (titles cached)',
        oursCached,
        oursCached.map((r) => r.rowToTitles),
        oursCached.map((r) => r.navToTitles),
      ),
      titleRow(
        '(3) naive, 10 GETs at once from the page (service worker, proxy)',
        naivePage,
        naivePage.map((r) => r.ms),
        null,
      ),
      titleRow(
        "(3) naive, 10 GETs at once from Node via the app's proxy URL",
        naiveProxy,
        naiveProxy.map((r) => r.ms),
        null,
      ),
      titleRow(
        '(3) naive, 10 GETs at once from Node, straight to the sandbox',
        naiveDirect,
        naiveDirect.map((r) => r.ms),
        null,
      ),
    ];

    console.log(
      `\nNotionProfile in Chromium (production build), Notion sandbox latency ${LATENCY_MS} ms, ` +
        'time = navigation start → the next frame after the title and every property row are in the DOM',
    );
    console.table(paintRows);
    console.log('Notion requests before the first paint of each cold page:');
    console.log(`  schema cached: ${JSON.stringify(coldRequests)}`);
    console.log(`  schema not cached: ${JSON.stringify(coldSchemaRequests)}`);
    console.log(`  schema not cached, all of the view (paint + ${SETTLE_MS} ms): ${JSON.stringify(coldSchemaAll)}`);
    console.log(
      `\n10 related companies' titles: Sam's one-way Companies, Pat's two-way Partners (the pageTitles store cleared for "not cached")`,
    );
    console.table(titleRows);
    console.log(`  ours, not cached, every request of the view: ${JSON.stringify(ours.map((r) => r.all))}`);
    console.log("  title requests' arrivals at the sandbox, ms after the first (first run of each):");
    console.log(`    ours, one-way, not cached: ${JSON.stringify(ours[0].arrivals)}`);
    console.log(`    ours, two-way, not cached: ${JSON.stringify(twoWayRuns[0].all)}`);
    console.log(`    naive from the page: ${JSON.stringify(naivePage[0].arrivals)}`);
    console.log(`    naive from Node via the proxy: ${JSON.stringify(naiveProxy[0].arrivals)}`);
    console.log(`    naive from Node straight to the sandbox: ${JSON.stringify(naiveDirect[0].arrivals)}`);
    console.log(`  the proxy's log, naive from Node via the proxy: ${JSON.stringify(naiveProxy[0].proxyLines)}`);
    console.log(
      JSON.stringify({
        bench: 'page',
        latencyMs: LATENCY_MS,
        paint: paintRows,
        samples: { visitedMs, loadMs, coldMs, coldSchemaMs },
        titles: titleRows,
      }),
    );
  } finally {
    await browser.close();
    await app.stop();
  }
}

// The worker's shared stack (tests/e2e/support/app.ts) outlives app.stop(): exit when done.
main()
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
