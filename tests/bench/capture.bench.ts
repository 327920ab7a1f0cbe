/**
 * `npm run bench:capture`: the profile check's cost with the Notion sandbox at 150 ms latency.
 * From a LINKEDIN_PROFILE_NAVIGATION message (delivered to the real extension bridge) to the
 * verdict, for a first visit (Notion answers) and a repeat visit (the stored verdict answers
 * from IndexedDB — fake-indexeddb here — and Notion revalidates after), with the Notion
 * requests counted per check. The baseline, measured in the same run, is the peers' way: one
 * `equals` query per URL variant until one matches. It measures the data path (bridge,
 * IndexedDB, Notion client, proxy-free sandbox), not React rendering. Prints a table and a
 * JSON line; asserts nothing. A last row: the first check of a setting saved before data sources
 * (database id only), which finds its data source once (issue 14), against a known one.
 */
import 'fake-indexeddb/auto';
import { ExtensionBridge, type BridgeWindow } from '../../src/data/extension/bridge.ts';
import { readVerdict, storeVerdict } from '../../src/data/db/profileChecks.ts';
import { SidenoteDatabase } from '../../src/data/db/schema.ts';
import { lookupPerson } from '../../src/data/notion/matchLadder.ts';
import { lookupProfilePage, type ProfileDatabase } from '../../src/data/notion/profilePages.ts';
import { discoverDataSource } from '../../src/data/notion/settingDataSource.ts';
import { parseProfileUrl, type ProfileUrl } from '../../src/domain/linkedin/profileUrl.ts';
import { SEED_IDS, startNotionSandbox } from '../../supabase/local/sandboxes/notion/index.ts';
import { DEMO_WORKSPACE, sandboxClient } from '../unit/support/sandboxProxy.ts';

const LATENCY_MS = 150;
const ROUNDS = 10;
const ORIGIN = 'chrome-extension://bench';
const PEOPLE = [
  'https://www.linkedin.com/in/camille-dupont',
  'https://www.linkedin.com/in/jose-alvarez',
  'https://www.linkedin.com/in/zoe-lukasiewicz',
  'https://www.linkedin.com/in/mina-sato',
  'https://www.linkedin.com/in/max-connector',
];

interface Row {
  measure: string;
  median_ms: number;
  notion_requests_per_check: number;
  baseline: string;
  baseline_median_ms: number;
  baseline_requests_per_check: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round = (ms: number) => Math.round(ms * 10) / 10;

async function main() {
  const sandbox = await startNotionSandbox({ rateLimit: false, latencyMs: LATENCY_MS });
  const client = sandboxClient(sandbox);
  const db = await client.dataSource(DEMO_WORKSPACE, SEED_IDS.dataSources.people);
  const urlProperty = db.properties.find((p) => p.name === 'LinkedIn URL')!.id;
  const companyProperty = db.properties.find((p) => p.name === 'Company')!.id;
  const target: ProfileDatabase = {
    workspaceId: DEMO_WORKSPACE,
    databaseId: SEED_IDS.databases.people,
    dataSourceId: SEED_IDS.dataSources.people,
    mapping: { profileUrl: urlProperty, fullName: db.properties.find((p) => p.type === 'title')!.id },
  };
  const queries = () => sandbox.requestLog().filter((r) => r.path.endsWith('/query')).length;

  const windowTarget = new EventTarget();
  const parent = { postMessage() {} };
  const bridge = new ExtensionBridge(windowTarget as unknown as BridgeWindow, parent, [ORIGIN], ORIGIN);
  bridge.start();

  /** Delivers a navigation and resolves with ms to the first verdict and to the revalidated one. */
  async function navigate(url: string, local: SidenoteDatabase, check: (profile: ProfileUrl) => Promise<unknown>) {
    return new Promise<{ verdictMs: number; settledMs: number }>((resolve) => {
      const start = performance.now();
      const stop = bridge.subscribe((message) => {
        if (message.type !== 'LINKEDIN_PROFILE_NAVIGATION' || message.url.kind !== 'profile') return;
        stop();
        const profile = message.url;
        void (async () => {
          const stored = await readVerdict(target.dataSourceId, profile.canonical, local);
          const storedMs = performance.now() - start;
          const page = await check(profile);
          await storeVerdict(target.dataSourceId, profile.canonical, { page: page as null }, local);
          const settledMs = performance.now() - start;
          resolve({ verdictMs: stored ? storedMs : settledMs, settledMs });
        })();
      });
      const data = { type: 'LINKEDIN_PROFILE_NAVIGATION', url };
      windowTarget.dispatchEvent(Object.assign(new Event('message'), { origin: ORIGIN, data, source: parent }));
    });
  }

  const ours = async (profile: ProfileUrl) => (await lookupProfilePage(client, target, profile)).page;
  /** The baseline: one `equals` query per URL variant, in turn, until a page matches. */
  const perVariant = async ({ canonical }: ProfileUrl) => {
    const slug = canonical.split('/in/')[1];
    const variants = [
      canonical,
      `${canonical}/`,
      `https://linkedin.com/in/${slug}`,
      `https://linkedin.com/in/${slug}/`,
      `http://www.linkedin.com/in/${slug}`,
      `https://fr.linkedin.com/in/${slug}`,
    ];
    for (const equals of variants) {
      const { results } = await client.queryDataSourcePage(
        target.workspaceId,
        target.dataSourceId,
        { property: urlProperty, url: { equals } },
        { pageSize: 1 },
      );
      if (results.length) return results[0];
    }
    return null;
  };

  async function measure(check: (profile: ProfileUrl) => Promise<unknown>) {
    const first: number[] = [];
    const repeat: number[] = [];
    const repeatSettled: number[] = [];
    let requests = 0;
    let checks = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const local = new SidenoteDatabase(`bench-${Math.random()}`);
      for (const person of PEOPLE) {
        sandbox.clearRequestLog();
        first.push((await navigate(person, local, check)).verdictMs);
        requests += queries();
        checks += 1;
      }
      for (const person of PEOPLE) {
        const { verdictMs, settledMs } = await navigate(person, local, check);
        repeat.push(verdictMs);
        repeatSettled.push(settledMs);
      }
      await local.delete();
    }
    return {
      first: median(first),
      repeat: median(repeat),
      repeatSettled: median(repeatSettled),
      perCheck: requests / checks,
    };
  }

  /** A setting saved before data sources: its first check finds the data source, then looks up. */
  async function measureLegacy() {
    const times: number[] = [];
    let requests = 0;
    for (let round = 0; round < ROUNDS; round++) {
      sandbox.clearRequestLog();
      const start = performance.now();
      const dataSourceId = await discoverDataSource(client, DEMO_WORKSPACE, target.databaseId, target.mapping);
      await lookupProfilePage(client, { ...target, dataSourceId }, parseProfileUrl(PEOPLE[round % PEOPLE.length])!);
      times.push(performance.now() - start);
      requests += sandbox.requestLog().length;
    }
    return { first: median(times), perCheck: requests / ROUNDS };
  }

  /**
   * The match ladder (issue 34) per case, against today's lookup (the URL rung alone): time and
   * Notion requests per check. Exact hit: a seeded person, with the name; probable: a person
   * saved under an old slug; none: a URL and a name nobody has.
   */
  async function measureLadder() {
    const titleId = target.mapping.fullName!;
    const ladderTarget = { ...target, mapping: { ...target.mapping, company: companyProperty } };
    await client.createPage(DEMO_WORKSPACE, {
      parent: { data_source_id: target.dataSourceId },
      properties: {
        [titleId]: { title: [{ type: 'text', text: { content: 'Vasseur, Margaux' } }] },
        [urlProperty]: { url: 'https://www.linkedin.com/in/margaux-v-1998' },
      },
    });
    const cases = [
      { name: 'exact hit', url: PEOPLE[0], person: { name: 'Camille Dupont' }, verdict: 'found' },
      {
        name: 'probable',
        url: 'https://www.linkedin.com/in/margaux-vasseur',
        person: { name: 'Margaux Vasseur' },
        verdict: 'probable',
      },
      {
        name: 'none',
        url: 'https://www.linkedin.com/in/quentin-nobody',
        person: { name: 'Quentin Nobody' },
        verdict: 'absent',
      },
    ];
    const timed = async (check: () => Promise<{ verdict: string }>, expected?: string) => {
      const times: number[] = [];
      let requests = 0;
      for (let round = 0; round < ROUNDS; round++) {
        sandbox.clearRequestLog();
        const start = performance.now();
        const { verdict } = await check();
        times.push(performance.now() - start);
        requests += queries();
        if (expected && verdict !== expected) throw new Error(`expected ${expected}, got ${verdict}`);
      }
      return { ms: median(times), perCheck: requests / ROUNDS };
    };
    const results = [];
    for (const c of cases) {
      const profile = parseProfileUrl(c.url)!;
      const ladder = await timed(() => lookupPerson(client, ladderTarget, profile, c.person), c.verdict);
      const today = await timed(() => lookupProfilePage(client, target, profile));
      results.push({ case: c.name, ladder, today });
    }
    return results;
  }

  const mine = await measure(ours);
  const base = await measure(perVariant);
  const legacy = await measureLegacy();
  const ladder = await measureLadder();
  await sandbox.stop();

  const rows: Row[] = [
    {
      measure: 'first visit: navigation → verdict',
      median_ms: round(mine.first),
      notion_requests_per_check: mine.perCheck,
      baseline: 'one equals query per variant',
      baseline_median_ms: round(base.first),
      baseline_requests_per_check: base.perCheck,
    },
    {
      measure: 'repeat visit: navigation → verdict (IndexedDB)',
      median_ms: round(mine.repeat),
      notion_requests_per_check: mine.perCheck,
      baseline: 'same, repeat',
      baseline_median_ms: round(base.repeat),
      baseline_requests_per_check: base.perCheck,
    },
    {
      measure: 'repeat visit: revalidated by Notion',
      median_ms: round(mine.repeatSettled),
      notion_requests_per_check: mine.perCheck,
      baseline: 'same, revalidated',
      baseline_median_ms: round(base.repeatSettled),
      baseline_requests_per_check: base.perCheck,
    },
    {
      measure: 'first check of a setting saved before data sources',
      median_ms: round(legacy.first),
      notion_requests_per_check: legacy.perCheck,
      baseline: 'first visit, data source known',
      baseline_median_ms: round(mine.first),
      baseline_requests_per_check: mine.perCheck,
    },
  ];
  console.log(
    `\nProfile check, Notion sandbox latency ${LATENCY_MS} ms, ${ROUNDS} rounds × ${PEOPLE.length} people (seeded under URL variants)`,
  );
  console.table(rows);
  const ladderRows = ladder.map(({ case: name, ladder: l, today }) => ({
    check: name,
    ladder_median_ms: round(l.ms),
    ladder_requests_per_check: l.perCheck,
    today_median_ms: round(today.ms),
    today_requests_per_check: today.perCheck,
  }));
  console.log(`\nThe match ladder (issue 34) against today's lookup (URL rung alone), ${ROUNDS} rounds each`);
  console.table(ladderRows);
  console.log(JSON.stringify({ bench: 'capture', latencyMs: LATENCY_MS, rows, ladder: ladderRows }));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
