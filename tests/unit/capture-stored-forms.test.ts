/**
 * The stored-form table (issue 13): every form of a profile URL that a user's database really
 * holds — http or https, www, none or a country subdomain, a trailing slash or not, the slug
 * percent-encoded in upper- or lower-case hex or decoded — is one of the exact forms the
 * lookup asks for (compared case-sensitively: nothing here leans on Notion ignoring case), and
 * against the Notion sandbox it is found in one request; behind more than 10 newer pages that
 * share its slug's prefix, the exact forms find it in the second request.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { profileExactFilter } from '../../src/domain/capture/profilePage.ts';
import { parseProfileUrl } from '../../src/domain/linkedin/profileUrl.ts';
import { profileUrlForms } from '../../src/domain/linkedin/profileUrlForms.ts';
import type { NotionClient } from '../../src/data/notion/client.ts';
import { lookupProfilePage, type ProfileDatabase } from '../../src/data/notion/profilePages.ts';
import { SEED_IDS, startNotionSandbox, type NotionSandbox } from '../../supabase/local/sandboxes/notion/index.ts';
import { peopleDatabase } from './support/prefixCrowd.ts';
import { DEMO_WORKSPACE, sandboxClient } from './support/sandboxProxy.ts';

/** [stored value, the slug it names] */
const STORED_FORMS: [string, string][] = [
  ['https://www.linkedin.com/in/zo%C3%AB-form-a', 'zoë-form-a'],
  ['https://www.linkedin.com/in/zo%C3%AB-form-b/', 'zoë-form-b'],
  ['http://www.linkedin.com/in/zo%C3%AB-form-c', 'zoë-form-c'],
  ['https://linkedin.com/in/zo%C3%AB-form-d', 'zoë-form-d'],
  ['http://linkedin.com/in/zo%C3%AB-form-e/', 'zoë-form-e'],
  ['https://fr.linkedin.com/in/zo%C3%AB-form-f', 'zoë-form-f'],
  ['http://de.linkedin.com/in/zo%C3%AB-form-g/', 'zoë-form-g'],
  ['https://www.linkedin.com/in/zo%c3%ab-form-h', 'zoë-form-h'],
  ['http://m.linkedin.com/in/zo%c3%ab-form-i/', 'zoë-form-i'],
  ['https://www.linkedin.com/in/zoë-form-j', 'zoë-form-j'],
  ['https://uk.linkedin.com/in/zoë-form-k/', 'zoë-form-k'],
  ['http://linkedin.com/in/zoë-form-l', 'zoë-form-l'],
  ['https://www.linkedin.com/in/plain-form-m', 'plain-form-m'],
  ['http://nl.linkedin.com/in/plain-form-n/', 'plain-form-n'],
];

const profileOf = (slug: string) => parseProfileUrl(`https://www.linkedin.com/in/${encodeURIComponent(slug)}`)!;

describe('the exact forms cover every stored form, letter case as stored', () => {
  test.each(STORED_FORMS)('%s', (stored, slug) => {
    const { exact, suffixes } = profileUrlForms(profileOf(slug));
    expect(exact.includes(stored) || suffixes.some((suffix) => stored.endsWith(suffix))).toBe(true);
  });

  test('within one compound of at most 100 conditions, one level deep, no duplicates', () => {
    for (const [, slug] of STORED_FORMS) {
      const { or } = profileExactFilter('url-id', profileOf(slug));
      expect(or.length).toBeLessThanOrEqual(100);
      expect(or.every((condition) => !('or' in condition) && !('and' in condition))).toBe(true);
      expect(new Set(or.map((c) => JSON.stringify(c))).size).toBe(or.length);
    }
  });

  test('an anchored form never names another person whose slug it prefixes', () => {
    const { exact, suffixes } = profileUrlForms(profileOf('john'));
    const other = 'https://fr.linkedin.com/in/john-1';
    expect(exact.includes(other) || suffixes.some((suffix) => other.endsWith(suffix))).toBe(false);
  });
});

describe('against the Notion sandbox', () => {
  let sandbox: NotionSandbox;
  let client: NotionClient;
  let target: ProfileDatabase;
  const ids = new Map<string, string>();
  let queryBodies: { filter: unknown }[] = [];

  beforeAll(async () => {
    sandbox = await startNotionSandbox({ rateLimit: false });
    client = sandboxClient(sandbox, (path, init) => {
      if (path.endsWith('/query')) queryBodies.push(JSON.parse(String(init?.body)));
    });
    target = await peopleDatabase(client);
    for (const [stored, slug] of STORED_FORMS) {
      const page = await client.createPage(DEMO_WORKSPACE, {
        parent: { data_source_id: SEED_IDS.dataSources.people },
        properties: {
          [target.mapping.fullName!]: { title: [{ type: 'text', text: { content: slug } }] },
          [target.mapping.profileUrl!]: { url: stored },
        },
      });
      ids.set(slug, page.id);
    }
  });
  afterAll(() => sandbox.stop());
  beforeEach(() => {
    sandbox.clearRequestLog();
    queryBodies = [];
  });

  test.each(STORED_FORMS)('%s → found in one request', async (_stored, slug) => {
    const lookup = await lookupProfilePage(client, target, profileOf(slug));
    expect(lookup).toMatchObject({ verdict: 'found', page: { id: ids.get(slug) } });
    expect(sandbox.requestLog()).toHaveLength(1);
  });

  test('behind 11 newer pages sharing the prefix, each form is found by the exact forms, the second request', async () => {
    for (const [, slug] of STORED_FORMS) {
      for (let n = 1; n <= 11; n++) {
        await client.createPage(DEMO_WORKSPACE, {
          parent: { data_source_id: SEED_IDS.dataSources.people },
          properties: { [target.mapping.profileUrl!]: { url: `https://www.linkedin.com/in/${slug}-${n}` } },
        });
      }
    }
    for (const [stored, slug] of STORED_FORMS) {
      sandbox.clearRequestLog();
      queryBodies = [];
      const lookup = await lookupProfilePage(client, target, profileOf(slug));
      expect(lookup, stored).toMatchObject({ verdict: 'found', page: { id: ids.get(slug) } });
      expect(sandbox.requestLog()).toHaveLength(2);
      expect(queryBodies[1].filter).toEqual(profileExactFilter(target.mapping.profileUrl!, profileOf(slug)));
      expect(lookup.responses[0].results.map((r) => r.id)).not.toContain(ids.get(slug));
    }
  });
});
