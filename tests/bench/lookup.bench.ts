/**
 * `npm run bench:lookup`: issue 13's lookup against the Notion sandbox at 150 ms latency, on a
 * database of 1,000 pages whose slugs share the prefix `john` (`john-1`…`john-999` and the
 * real `john`, the OLDEST page) and 1,000 more sharing `jane` (the real `jane` stored under a
 * form the exact forms do not cover: `http://fr.linkedin.com/in/jane/?originalSubdomain=fr`).
 * For each case, today's lookup and the old one measured in the same run: the old lookup
 * `or`ed the `contains` candidates and read 10, then at most 3 × 100 more, newest edit first,
 * and answered "not found" past that (reproduced here as it was, as the baseline). Prints the
 * verdict, the Notion requests and the time per case, and a JSON line; asserts nothing
 * (tests/unit/capture-lookup-crowd.test.ts asserts the verdicts).
 */
import { profileCandidateFilter } from '../../src/domain/capture/profilePage.ts';
import { isSameProfile, parseProfileUrl, type ProfileUrl } from '../../src/domain/linkedin/profileUrl.ts';
import type { NotionClient } from '../../src/data/notion/client.ts';
import { lookupProfilePage, type ProfileDatabase } from '../../src/data/notion/profilePages.ts';
import { startNotionSandbox } from '../../supabase/local/sandboxes/notion/index.ts';
import { peopleDatabase, saveCrowd } from '../unit/support/prefixCrowd.ts';
import { sandboxClient } from '../unit/support/sandboxProxy.ts';

const LATENCY_MS = 150;

const CASES: [string, string][] = [
  ['john: exact form, oldest of 1,000', 'https://www.linkedin.com/in/john'],
  ['jane: other form, oldest of 1,000', 'https://www.linkedin.com/in/jane'],
  ['joh: unsaved, prefixes 1,000', 'https://www.linkedin.com/in/joh'],
  ['john-500: one of the crowd', 'https://www.linkedin.com/in/john-500'],
  ['nobody: unsaved, no candidate', 'https://www.linkedin.com/in/nobody-at-all'],
];

/** The lookup before issue 13: candidates, 10 then ≤ 3 × 100, newest first; "not found" past that. */
async function oldLookup(client: NotionClient, target: ProfileDatabase, profile: ProfileUrl): Promise<string> {
  const urlProperty = target.mapping.profileUrl!;
  const filter = profileCandidateFilter(urlProperty, profile);
  let cursor: string | undefined;
  for (let reads = 0; ; reads++) {
    const page = await client.queryDataSourcePage(
      target.workspaceId,
      target.dataSourceId,
      filter,
      cursor ? { startCursor: cursor, pageSize: 100 } : {},
    );
    const urlOf = (p: (typeof page.results)[number]) => {
      const property = Object.values(p.properties).find((v) => v.id === urlProperty);
      return typeof property?.url === 'string' ? property.url : '';
    };
    if (page.results.some((p) => isSameProfile(urlOf(p), profile))) return 'found';
    if (!page.has_more || !page.next_cursor || reads >= 3) return 'not found';
    cursor = page.next_cursor;
  }
}

async function main() {
  const sandbox = await startNotionSandbox({ rateLimit: false });
  const client = sandboxClient(sandbox);
  const target = await peopleDatabase(client);
  await saveCrowd(client, target, { slug: 'john', storedUrl: 'https://www.linkedin.com/in/john', crowd: 999 });
  await saveCrowd(client, target, {
    slug: 'jane',
    storedUrl: 'http://fr.linkedin.com/in/jane/?originalSubdomain=fr',
    crowd: 999,
  });
  sandbox.configure({ latencyMs: LATENCY_MS });
  const queries = () => sandbox.requestLog().filter((r) => r.path.endsWith('/query')).length;

  async function run(check: () => Promise<string>) {
    sandbox.clearRequestLog();
    const started = performance.now();
    const verdict = await check();
    return { verdict, requests: queries(), ms: Math.round(performance.now() - started) };
  }

  const rows = [];
  for (const [name, url] of CASES) {
    const profile = parseProfileUrl(url)!;
    const now = await run(async () => (await lookupProfilePage(client, target, profile)).verdict);
    const old = await run(() => oldLookup(client, target, profile));
    rows.push({
      case: name,
      verdict: now.verdict,
      requests: now.requests,
      ms: now.ms,
      old_verdict: old.verdict,
      old_requests: old.requests,
      old_ms: old.ms,
    });
  }
  await sandbox.stop();
  console.log(
    `\nLookup on 2,000 prefix-sharing pages, Notion sandbox latency ${LATENCY_MS} ms: today vs before issue 13`,
  );
  console.table(rows);
  console.log(JSON.stringify({ bench: 'lookup', latencyMs: LATENCY_MS, rows }));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
