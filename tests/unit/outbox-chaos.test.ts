/**
 * Issue 15's chaos run, at the data layer (the page editor that will make these edits in the
 * browser is a later issue): 500 edits over 20 pages and the editable types, against the
 * Notion sandbox at its rate limit while it fails 30 % of the calls (500, 503, 409), one
 * answer in ten is lost after Notion applied it (a dropped connection), the drainer is killed
 * mid-run twice (a panel reloaded: its in-flight marks orphaned) and the network is gone for
 * 20 s. Real time, real HTTP, the app's Notion client with the shared rate budget; IndexedDB
 * is fake-indexeddb. Then: every property holds the last value set, values reached Notion in
 * edit order per property, nothing is left or failed, and the queue never sat idle for more
 * than 10 s with work due while online. Prints its figures, the sandbox's 429s among them: the
 * rate budget's promise (≤ burst + W × rate calls in any window, none refused by a Notion
 * bucket) is checked on a fake clock in outbox-rate-budget.test.ts; here, in real time, a call
 * started within the budget can still reach the sandbox inside its limit's margin when this
 * process stalls in between (the sandbox runs here too, as jitter on a real network would), and
 * is then held and sent again — one such 429 in a clean-clone run, nothing lost.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { SidenoteDatabase } from '../../src/data/db/schema.ts';
import { createNotionClient } from '../../src/data/notion/client.ts';
import { budgetedFetch, createRateBudget } from '../../src/data/notion/rateBudget.ts';
import { enqueue } from '../../src/data/outbox/enqueue.ts';
import { startDrainer, type Drainer } from '../../src/data/outbox/drainer.ts';
import type { PropertyValue } from '../../src/data/outbox/entry.ts';
import { conflictEntries, failedEntries, pendingChangeCount } from '../../src/data/outbox/queries.ts';
import { sameValue } from '../../src/data/outbox/sameValue.ts';
import { SEED_IDS, startNotionSandbox, type NotionSandbox } from '../../supabase/local/sandboxes/notion/index.ts';
import { DEMO_WORKSPACE, sandboxProxyFetch } from './support/sandboxProxy.ts';

const AUTH = 'chaos-user';
const PAGES = 20;
const EDITS = 500;
const OFFLINE_MS = 20_000;
/** Every so many PATCHes Notion applied, the answer is lost on the way back. */
const LOSE_EVERY = 7;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const rich = (content: string) => [{ type: 'text', text: { content } }];

/** Each editable type: its property name and the value of edit `n` (unique per edit where the type allows). */
const TYPES: { name: string; value: (n: number, companies: string[]) => PropertyValue; ordered: boolean }[] = [
  { name: 'Name', value: (n) => ({ title: rich(`Name ${n}`) }), ordered: true },
  { name: 'City', value: (n) => ({ rich_text: rich(`City ${n}`) }), ordered: true },
  { name: 'Score', value: (n) => ({ number: n }), ordered: true },
  { name: 'Email', value: (n) => ({ email: `p${n}@example.com` }), ordered: true },
  { name: 'Phone', value: (n) => ({ phone_number: `+33 1 00 00 ${String(n).padStart(4, '0')}` }), ordered: true },
  { name: 'LinkedIn URL', value: (n) => ({ url: `https://www.linkedin.com/in/chaos-${n}` }), ordered: true },
  {
    name: 'Next follow-up',
    value: (n) => ({ date: { start: new Date(Date.UTC(2027, 0, 1) + n * 86_400_000).toISOString().slice(0, 10) } }),
    ordered: true,
  },
  { name: 'Contacted', value: (n) => ({ checkbox: n % 2 === 0 }), ordered: false },
  { name: 'Priority', value: (n) => ({ select: { name: ['High', 'Medium', 'Low'][n % 3] } }), ordered: false },
  {
    name: 'Tags',
    value: (n) => ({ multi_select: ['Prospect', 'Customer', 'Partner'].slice(0, n % 4).map((name) => ({ name })) }),
    ordered: false,
  },
  {
    name: 'Companies',
    value: (n, companies) => ({ relation: companies.slice(0, n % 4).map((id) => ({ id })) }),
    ordered: false,
  },
];

let sandbox: NotionSandbox;

beforeAll(async () => {
  sandbox = await startNotionSandbox({ rateLimit: { requestsPerSecond: 3, burst: 3 } });
});
afterAll(() => sandbox.stop());

test('500 edits through failures, lost answers, two reloads and 20 s offline: each reaches Notion, once, in order', async () => {
  const network = { online: true };
  /** Per PATCH Notion applied: page, property id → edit numbers carried. */
  const applied: { pageId: string; values: Record<string, PropertyValue> }[] = [];
  let lostAnswers = 0;
  let patchesOk = 0;
  const inner = sandboxProxyFetch(sandbox);
  const chaosFetch: typeof fetch = async (input, init) => {
    if (!network.online) throw new TypeError('Failed to fetch');
    const response = await inner(input, init);
    if (init?.method === 'PATCH' && response.status === 200) {
      applied.push({
        pageId: String(input).split('/pages/')[1],
        values: (JSON.parse(String(init.body)) as { properties: Record<string, PropertyValue> }).properties,
      });
      if (++patchesOk % LOSE_EVERY === 0) {
        lostAnswers += 1;
        throw new TypeError('network error: the connection dropped'); // Notion applied it; we never hear
      }
    }
    return response;
  };
  const notion = createNotionClient({
    accessToken: async () => null,
    fetch: budgetedFetch(chaosFetch, createRateBudget()),
  });

  // the pages and the schema, before the failures start
  const schema = await notion.dataSource(DEMO_WORKSPACE, SEED_IDS.dataSources.people);
  const idOf = (name: string) => schema.properties.find((p) => p.name === name)!.id;
  const companies = (
    await notion.queryDataSourcePage(DEMO_WORKSPACE, SEED_IDS.dataSources.companies, undefined, { pageSize: 5 })
  ).results.map((page) => page.id);
  const pages: string[] = [];
  /** What the user sees of each property (page id, property id): Notion's value, then their own edits. */
  const seen = new Map<string, PropertyValue>();
  for (let i = 0; i < PAGES; i++) {
    const page = await notion.createPage(DEMO_WORKSPACE, {
      parent: { data_source_id: SEED_IDS.dataSources.people },
      properties: { [idOf('Name')]: { title: rich(`Chaos ${i}`) } },
    });
    pages.push(page.id);
    for (const property of Object.values(page.properties)) seen.set(`${page.id} ${property.id}`, property);
  }
  await sleep(1500); // let the rate limit's bucket refill
  sandbox.clearRequestLog();
  sandbox.configure({ failureRate: 0.3 });

  const database = new SidenoteDatabase(`chaos-${Math.random()}`);
  /** The page's drainer (unlocked here: Node has no Web Locks). */
  const pageDrainer = () =>
    startDrainer({
      rule: 'untilStopped',
      session: async () => ({ authId: AUTH, notion }),
      online: () => network.online,
      database,
    });
  let runner: Drainer = pageDrainer();
  /** The panel reloads: the drainer dies mid-request, a new one takes over and releases the orphans. */
  const reload = () => {
    void runner.stop();
    runner = pageDrainer();
  };

  // The user: 500 edits, one every 20 ms, each on a page and type drawn at random, with what
  // they saw there as base (Notion's value at first, then their own last edit). Reloads at
  // edits 150 and 350; offline from edit 250 for 20 s.
  const last = new Map<string, PropertyValue>();
  /** Edit number of each value of the ordered types (unique per edit), by page, property and value. */
  const editNumber = new Map<string, number>();
  const started = Date.now();
  let offlineUntil = 0;
  for (let n = 0; n < EDITS; n++) {
    const pageId = pages[Math.floor(Math.random() * PAGES)];
    const type = TYPES[Math.floor(Math.random() * TYPES.length)];
    const propertyId = idOf(type.name);
    const value = type.value(n, companies);
    const key = `${pageId} ${propertyId}`;
    const base = seen.get(key) ?? null;
    await enqueue({ authId: AUTH, workspaceId: DEMO_WORKSPACE, pageId, propertyId, value, base }, { database });
    seen.set(key, value);
    last.set(key, value);
    if (type.ordered) editNumber.set(`${key} ${JSON.stringify(value)}`, n);
    runner.kick();
    if (n === 150 || n === 350) reload();
    if (n === 250) {
      network.online = false;
      offlineUntil = Date.now() + OFFLINE_MS;
      setTimeout(() => {
        network.online = true;
        runner.kick(); // the browser's `online` event
      }, OFFLINE_MS);
    }
    await sleep(20);
  }

  // Sampled every 500 ms until drained: the longest stretch online with work due and no request sent.
  let idleSince: number | null = null;
  let longestIdle = 0;
  let requestsSeen = sandbox.requestLog().length;
  for (;;) {
    const pending = await pendingChangeCount(AUTH, database);
    if (pending === 0 && Date.now() > offlineUntil) break;
    const requests = sandbox.requestLog().length;
    if (network.online && pending > 0 && requests === requestsSeen) {
      idleSince ??= Date.now();
      longestIdle = Math.max(longestIdle, Date.now() - idleSince);
    } else idleSince = null;
    requestsSeen = requests;
    await sleep(500);
  }
  await runner.stop();
  const seconds = (Date.now() - started) / 1000;
  sandbox.configure({ failureRate: 0 });

  // every property holds the last value the user set
  const mismatches: string[] = [];
  for (const pageId of pages) {
    const page = await notion.page(DEMO_WORKSPACE, pageId);
    for (const property of Object.values(page.properties)) {
      const expected = last.get(`${pageId} ${property.id}`);
      if (expected && !sameValue(expected, property as PropertyValue)) mismatches.push(`${pageId} ${property.id}`);
    }
  }
  // in edit order per property: the edit numbers Notion applied never go back
  const lastApplied = new Map<string, number>();
  const outOfOrder: string[] = [];
  for (const { pageId, values } of applied) {
    for (const [propertyId, value] of Object.entries(values)) {
      const key = `${pageId} ${propertyId}`;
      const n = editNumber.get(`${key} ${JSON.stringify(value)}`);
      if (n === undefined) continue; // an unordered type
      if (n < (lastApplied.get(key) ?? -1)) outOfOrder.push(`${key}: ${n} after ${lastApplied.get(key)}`);
      lastApplied.set(key, n);
    }
  }
  const log = sandbox.requestLog();
  const statuses = (wanted: number[]) => log.filter((request) => wanted.includes(request.status)).length;

  const figures = {
    edits: EDITS,
    pages: PAGES,
    seconds: Math.round(seconds),
    requests: log.length,
    injectedFailures: statuses([500, 503, 409]),
    rateLimited429: statuses([429]),
    patchesApplied: applied.length,
    lostAnswers,
    left: await pendingChangeCount(AUTH, database),
    failed: (await failedEntries(AUTH, database)).length,
    conflicts: (await conflictEntries(AUTH, database)).length,
    mismatches: mismatches.length,
    outOfOrder: outOfOrder.length,
    longestIdleMs: longestIdle,
  };
  console.log('Outbox chaos run', JSON.stringify(figures));
  expect(figures).toMatchObject({ left: 0, failed: 0, conflicts: 0, mismatches: 0, outOfOrder: 0 });
  expect(figures.injectedFailures).toBeGreaterThan(0);
  expect(figures.lostAnswers).toBeGreaterThan(0);
  expect(longestIdle).toBeLessThanOrEqual(10_000);
  await database.delete();
}, 240_000);
