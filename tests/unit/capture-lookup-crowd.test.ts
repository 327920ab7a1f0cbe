/**
 * Issue 13's reproduction: a database of 1,000 pages whose slugs share the prefix `john`
 * (`john-1`…`john-999`, and the real `john`, the OLDEST page). The old lookup read 10 + 3 × 100
 * candidates, newest first, and answered "not found" (so Add made a duplicate); now the real
 * page is found — by the exact forms, in the second request — and, saved under a form they do
 * not cover, among the candidates read oldest first until Notion has no more. An unsaved slug that
 * prefixes all 1,000 is "absent" only after all 1,000 are read.
 * The request counts are printed by `npm run bench:lookup` (tests/bench/lookup.bench.ts).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { parseProfileUrl } from '../../src/domain/linkedin/profileUrl.ts';
import type { NotionClient } from '../../src/data/notion/client.ts';
import { lookupProfilePage, type ProfileDatabase } from '../../src/data/notion/profilePages.ts';
import { startNotionSandbox, type NotionSandbox } from '../../supabase/local/sandboxes/notion/index.ts';
import { peopleDatabase, saveCrowd } from './support/prefixCrowd.ts';
import { sandboxClient } from './support/sandboxProxy.ts';

let sandbox: NotionSandbox;
let client: NotionClient;
let target: ProfileDatabase;
let john: string;
let jane: string;

const queries = () => sandbox.requestLog().filter((r) => r.path.endsWith('/query')).length;
const lookup = (url: string) => lookupProfilePage(client, target, parseProfileUrl(url)!);

beforeAll(async () => {
  sandbox = await startNotionSandbox({ rateLimit: false });
  client = sandboxClient(sandbox);
  target = await peopleDatabase(client);
  john = await saveCrowd(client, target, { slug: 'john', storedUrl: 'https://www.linkedin.com/in/john', crowd: 999 });
  jane = await saveCrowd(client, target, {
    slug: 'jane',
    storedUrl: 'http://fr.linkedin.com/in/jane/?originalSubdomain=fr',
    crowd: 999,
  });
}, 120_000);
afterAll(() => sandbox.stop());
beforeEach(() => sandbox.clearRequestLog());

describe('1,000 pages sharing the prefix, the real page the oldest', () => {
  test('john → found, in 2 requests', async () => {
    expect(await lookup('https://www.linkedin.com/in/john/')).toMatchObject({ verdict: 'found', page: { id: john } });
    expect(queries()).toBe(2);
  });

  test('saved under a form the exact forms miss → found among the candidates, read oldest first (3 requests)', async () => {
    expect(await lookup('https://www.linkedin.com/in/jane')).toMatchObject({ verdict: 'found', page: { id: jane } });
    expect(queries()).toBe(3);
  });

  test('an unsaved prefix of all 1,000 → "absent" after reading them all', async () => {
    const { verdict, responses } = await lookup('https://www.linkedin.com/in/joh');
    expect(verdict).toBe('absent');
    expect(responses.slice(2).reduce((sum, r) => sum + r.results.length, 0)).toBe(1_000);
    expect(queries()).toBe(12);
  });
});
