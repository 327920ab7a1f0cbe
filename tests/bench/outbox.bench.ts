/**
 * `npm run bench:outbox`: the outbox (src/data/outbox) draining against the Notion sandbox at
 * Notion's rate limit — 3 requests/s on average per integration, here with bursts of 3 only,
 * answering 429 with Retry-After beyond it — and 150 ms latency, through the shared rate
 * budget (src/data/notion/rateBudget.ts). Two cases: (a) 10 edits of one page (goal: 1
 * request, 0 429s); (b) 60 edits over 60 pages (goal: ≥ 2.5 edits/s sustained, 0 429s). Each
 * against a naive baseline in the same run: one PATCH per edit, all at once, no pacing (it
 * waits Retry-After and tries again, else it would lose edits). Then reads each edited property
 * back: does it hold the user's last value? A last row drains (b) with the pacing alone, no
 * rate budget: 3 at a time with 200 ms pauses outruns 3 requests/s. Prints a table and a JSON
 * line; asserts nothing (tests/unit/outbox-*.test.ts assert the rules).
 */
import 'fake-indexeddb/auto';
import { SidenoteDatabase } from '../../src/data/db/schema.ts';
import { toAppError } from '../../src/data/errors/thrown.ts';
import { createNotionClient, type NotionClient } from '../../src/data/notion/client.ts';
import { budgetedFetch, createRateBudget } from '../../src/data/notion/rateBudget.ts';
import { enqueue } from '../../src/data/outbox/enqueue.ts';
import { pendingChangeCount } from '../../src/data/outbox/queries.ts';
import { startDrainer } from '../../src/data/outbox/drainer.ts';
import { SEED_IDS, startNotionSandbox, type NotionSandbox } from '../../supabase/local/sandboxes/notion/index.ts';
import { DEMO_WORKSPACE, sandboxProxyFetch } from '../unit/support/sandboxProxy.ts';

const LATENCY_MS = 150;
const NOTION_LIMIT = { requestsPerSecond: 3, burst: 3 };
const AUTH = 'bench-user';

interface Edit {
  pageId: string;
  propertyId: string;
  content: string;
}

const textValue = (content: string) => ({ rich_text: [{ type: 'text', text: { content } }] });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `count` pages in the demo people database; returns their ids and the ids of two text properties. */
async function makePages(client: NotionClient, count: number) {
  const ids: string[] = [];
  let city = '';
  let company = '';
  for (let i = 0; i < count; i++) {
    const page = await client.createPage(DEMO_WORKSPACE, {
      parent: { data_source_id: SEED_IDS.dataSources.people },
      properties: { Name: { title: [{ type: 'text', text: { content: `Bench ${i}` } }] } },
    });
    ids.push(page.id);
    city = page.properties.City.id;
    company = page.properties.Company.id;
  }
  return { ids, city, company };
}

/**
 * The outbox: edits queued as the editor queues them, drained by the loop until none is
 * pending; through the shared rate budget, or (`paced only`) with the pacing alone.
 */
async function viaOutbox(sandbox: NotionSandbox, edits: Edit[], { budget = true } = {}) {
  const database = new SidenoteDatabase(`bench-${Math.random()}`);
  const proxy = sandboxProxyFetch(sandbox);
  const notion = createNotionClient({
    fetch: budget ? budgetedFetch(proxy, createRateBudget()) : proxy,
    accessToken: async () => null,
  });
  for (const { pageId, propertyId, content } of edits) {
    await enqueue(
      { authId: AUTH, workspaceId: DEMO_WORKSPACE, pageId, propertyId, value: textValue(content), base: null },
      { database },
    );
  }
  const started = performance.now();
  const runner = startDrainer({
    rule: 'untilStopped',
    session: async () => ({ authId: AUTH, notion }),
    online: () => true,
    database,
  });
  while ((await pendingChangeCount(AUTH, database)) > 0) await sleep(20);
  const seconds = (performance.now() - started) / 1000;
  await runner.stop();
  await database.delete();
  return seconds;
}

/** The baseline: one PATCH per edit, all at once; a 429 waits its Retry-After and tries again. */
async function naive(sandbox: NotionSandbox, edits: Edit[]) {
  const notion = createNotionClient({ fetch: sandboxProxyFetch(sandbox), accessToken: async () => null });
  const started = performance.now();
  await Promise.all(
    edits.map(async ({ pageId, propertyId, content }) => {
      for (;;) {
        try {
          return await notion.updatePage(DEMO_WORKSPACE, pageId, { properties: { [propertyId]: textValue(content) } });
        } catch (error) {
          const { reason } = toAppError(error);
          if (reason.kind !== 'rateLimited') throw error;
          await sleep(reason.retryAfterMs ?? 1000);
        }
      }
    }),
  );
  return (performance.now() - started) / 1000;
}

/** How many edited properties hold, in the sandbox, the last value the user set (read without limits). */
async function lastValuesKept(sandbox: NotionSandbox, edits: Edit[]) {
  sandbox.configure({ rateLimit: false, latencyMs: 0 });
  const reader = createNotionClient({ fetch: sandboxProxyFetch(sandbox), accessToken: async () => null });
  const last = new Map(edits.map((edit) => [`${edit.pageId} ${edit.propertyId}`, edit]));
  let kept = 0;
  for (const { pageId, propertyId, content } of last.values()) {
    const page = await reader.page(DEMO_WORKSPACE, pageId);
    const property = Object.values(page.properties).find((p) => p.id === propertyId);
    const parts = (property?.rich_text ?? []) as { plain_text: string }[];
    if (parts.map((part) => part.plain_text).join('') === content) kept += 1;
  }
  return `${kept}/${last.size}`;
}

/** Runs one drain on a fresh bucket and reads what the sandbox saw. */
async function measure(sandbox: NotionSandbox, name: string, edits: Edit[], drain: typeof naive) {
  sandbox.configure({ rateLimit: NOTION_LIMIT, latencyMs: LATENCY_MS }); // a full bucket
  sandbox.clearRequestLog();
  const seconds = await drain(sandbox, edits);
  const log = [...sandbox.requestLog()];
  const accepted = log.filter((r) => r.status === 200).length;
  const lastValues = await lastValuesKept(sandbox, edits);
  return {
    case: name,
    edits: edits.length,
    requests: log.length,
    accepted,
    '429s': log.filter((r) => r.status === 429).length,
    seconds: Number(seconds.toFixed(2)),
    'edits/s': Number((edits.length / seconds).toFixed(2)),
    'last value kept': lastValues,
  };
}

async function main() {
  const sandbox = await startNotionSandbox({ rateLimit: false });
  const setup = createNotionClient({ fetch: sandboxProxyFetch(sandbox), accessToken: async () => null });
  const { ids, city, company } = await makePages(setup, 60);
  const onePage: Edit[] = Array.from({ length: 10 }, (_, i) => ({
    pageId: ids[0],
    propertyId: i % 2 ? company : city,
    content: `edit ${i}`,
  }));
  const sixtyPages: Edit[] = ids.map((pageId, i) => ({ pageId, propertyId: city, content: `city ${i}` }));

  const rows = [
    await measure(sandbox, '(a) 10 edits, 1 page: outbox', onePage, viaOutbox),
    await measure(sandbox, '(a) 10 edits, 1 page: naive', onePage, naive),
    await measure(sandbox, '(b) 60 edits, 60 pages: outbox', sixtyPages, viaOutbox),
    await measure(sandbox, '(b) 60 edits, 60 pages: naive', sixtyPages, naive),
    await measure(sandbox, '(b) same, outbox paced only (no budget)', sixtyPages, (box, edits) =>
      viaOutbox(box, edits, { budget: false }),
    ),
  ];
  await sandbox.stop();
  console.log(
    `\nOutbox drain vs naive, Notion sandbox at ${NOTION_LIMIT.requestsPerSecond} requests/s (bursts of ${NOTION_LIMIT.burst}), latency ${LATENCY_MS} ms`,
  );
  console.log(
    'Goals: (a) 1 request, 0 429s; (b) ≥ 2.5 edits/s sustained, 0 429s; every property ends on its last edit.',
  );
  console.table(rows);
  console.log(JSON.stringify({ bench: 'outbox', latencyMs: LATENCY_MS, limit: NOTION_LIMIT, rows }));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
