/**
 * The existence check's hard cases against the Notion sandbox (in-process): a person saved
 * under a non-ASCII slug percent-encoded in mixed case (hex digits, or the letters themselves)
 * is found in one query; a slug that prefixes more than a page (10) of other saved slugs is
 * found by the exact forms in a second query, or — saved under a form they do not cover — by
 * reading every candidate, 100 a page, until Notion has no more; an ordinary check stays one
 * query. The only stand-in there is the proxy's header rewrite. Last, on a fake database of
 * endless candidates, a lookup that stops at its bound, or at a `has_more` without a cursor,
 * answers "unknown", never "not found".
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { parseProfileUrl } from '../../src/domain/linkedin/profileUrl.ts';
import type { NotionClient } from '../../src/data/notion/client.ts';
import {
  CANDIDATE_PAGE_SIZE,
  lookupProfilePage,
  MAX_CANDIDATE_PAGES,
  type ProfileDatabase,
} from '../../src/data/notion/profilePages.ts';
import { SEED_IDS, startNotionSandbox, type NotionSandbox } from '../../supabase/local/sandboxes/notion/index.ts';
import { DEMO_WORKSPACE, sandboxClient } from './support/sandboxProxy.ts';

let sandbox: NotionSandbox;
let client: NotionClient;
let target: ProfileDatabase;

const PEOPLE = SEED_IDS.databases.people;
const PEOPLE_SOURCE = SEED_IDS.dataSources.people;
/** The page_size of every query sent, in order. */
let pageSizes: number[] = [];

function recordPageSize(path: string, init: RequestInit | undefined) {
  if (path.endsWith('/query')) pageSizes.push(JSON.parse(String(init?.body)).page_size);
}

/** Saves a page whose URL property holds `storedUrl` exactly as given (no canonical form). */
async function save(name: string, storedUrl: string): Promise<string> {
  const page = await client.createPage(DEMO_WORKSPACE, {
    parent: { data_source_id: PEOPLE_SOURCE },
    properties: {
      [target.mapping.fullName!]: { title: [{ type: 'text', text: { content: name } }] },
      [target.mapping.profileUrl!]: { url: storedUrl },
    },
  });
  return page.id;
}

const queries = () => sandbox.requestLog().filter((r) => r.path.endsWith('/query')).length;
const lookupUrl = (url: string) => lookupProfilePage(client, target, parseProfileUrl(url)!);

beforeAll(async () => {
  sandbox = await startNotionSandbox({ rateLimit: false });
  client = sandboxClient(sandbox, recordPageSize);
  const db = await client.dataSource(DEMO_WORKSPACE, PEOPLE_SOURCE);
  const id = (name: string) => db.properties.find((p) => p.name === name)!.id;
  target = {
    workspaceId: DEMO_WORKSPACE,
    databaseId: PEOPLE,
    dataSourceId: PEOPLE_SOURCE,
    mapping: { profileUrl: id('LinkedIn URL'), fullName: id('Name') },
  };
});
afterAll(() => sandbox.stop());
beforeEach(() => {
  sandbox.clearRequestLog();
  pageSizes = [];
});

describe('non-ASCII slugs percent-encoded in mixed case: found in one query', () => {
  test.each([
    ['hex digits in mixed case', 'Jürgen Hexa', 'https://www.linkedin.com/in/j%C3%bcrgen-hexa', 'jürgen-hexa'],
    ['letters in mixed case', 'Jürgen Müller', 'https://de.linkedin.com/in/J%C3%9Crgen-M%C3%BCller/', 'jürgen-müller'],
    [
      'letters and hex mixed',
      'Émilie Clément',
      'http://fr.linkedin.com/in/%c3%89milie-Cl%C3%a9ment?trk=x',
      'émilie-clément',
    ],
    [
      'Cyrillic, Title-Case',
      'Иван Петров',
      'https://www.linkedin.com/in/%D0%98%D0%B2%D0%B0%D0%BD-%D0%9F%D0%B5%D1%82%D1%80%D0%BE%D0%B2',
      'иван-петров',
    ],
  ])('%s', async (_case, name, storedUrl, slug) => {
    const id = await save(name, storedUrl);
    sandbox.clearRequestLog();
    for (const asked of [
      `https://www.linkedin.com/in/${slug}`,
      `https://www.linkedin.com/in/${encodeURIComponent(slug.toUpperCase())}/`,
    ]) {
      const { page } = await lookupUrl(asked);
      expect(page).toMatchObject({ id, title: name });
    }
    expect(queries()).toBe(2);
  });
});

describe('a slug that prefixes more than 10 others', () => {
  let kim: string;
  let quinn: string;

  beforeAll(async () => {
    kim = await save('Kim Prefix', 'https://www.linkedin.com/in/kim-prefix/');
    quinn = await save('Quinn Prefix', 'https://fr.linkedin.com/in/quinn-prefix/details/experience/?trk=x');
    await new Promise((resolve) => setTimeout(resolve, 5)); // every other page is edited later
    for (let n = 1; n <= 12; n++) await save(`Kim Prefix ${n}`, `https://www.linkedin.com/in/kim-prefix-${n}`);
    for (let n = 1; n <= 12; n++) await save(`Lee Prefix ${n}`, `https://www.linkedin.com/in/lee-prefix-${n}`);
    for (let n = 1; n <= 12; n++) await save(`Quinn Prefix ${n}`, `https://www.linkedin.com/in/quinn-prefix-${n}`);
  });

  test('the oldest, exact page is found by the exact forms, the second query', async () => {
    const lookup = await lookupProfilePage(client, target, parseProfileUrl('https://fr.linkedin.com/in/Kim-Prefix')!);
    expect(lookup).toMatchObject({ verdict: 'found', page: { id: kim, title: 'Kim Prefix' } });
    expect(lookup.responses[0].results).toHaveLength(10);
    expect(lookup.responses[0].results.map((r) => r.id)).not.toContain(kim);
    expect(lookup.responses.length).toBe(2);
    expect(queries()).toBe(2);
    expect(pageSizes).toEqual([10, 10]);
  });

  test('saved under a form the exact forms miss (a sub-page, a query), it is found among every candidate', async () => {
    const lookup = await lookupUrl('https://www.linkedin.com/in/quinn-prefix');
    expect(lookup).toMatchObject({ verdict: 'found', page: { id: quinn } });
    expect(pageSizes).toEqual([10, 10, CANDIDATE_PAGE_SIZE]);
  });

  test('an unsaved slug that prefixes 12 saved ones: every candidate read, then "absent"', async () => {
    const { verdict, page, responses } = await lookupUrl('https://www.linkedin.com/in/lee-prefix');
    expect(verdict).toBe('absent');
    expect(page).toBeNull();
    expect(responses[2].results).toHaveLength(12);
    expect(responses[2].has_more).toBe(false);
    expect(pageSizes).toEqual([10, 10, CANDIDATE_PAGE_SIZE]);
  });

  test('the common case stays one query, found or absent', async () => {
    expect(await lookupUrl('https://www.linkedin.com/in/kim-prefix-7')).toMatchObject({
      verdict: 'found',
      page: { title: 'Kim Prefix 7' },
    });
    expect(await lookupUrl('https://www.linkedin.com/in/nobody-at-all')).toMatchObject({ verdict: 'absent' });
    expect(queries()).toBe(2);
  });
});

describe('a lookup that stops before the last candidate says "unknown"', () => {
  /**
   * A database of endless candidates, none of them the person: every page says has_more; the
   * answers before the `cursorsFrom`-th carry no cursor.
   */
  function endlessCandidates({ cursorsFrom = 1 } = {}) {
    const sizes: number[] = [];
    const api: Parameters<typeof lookupProfilePage>[0] = {
      async queryDataSourcePage(_key, _id, _filter, { pageSize = 10 } = {}) {
        sizes.push(pageSize);
        const results = Array.from({ length: pageSize }, (_, i) => ({
          id: `page-${sizes.length}-${i}`,
          properties: {
            [target.mapping.profileUrl!]: {
              id: target.mapping.profileUrl!,
              type: 'url',
              url: `https://www.linkedin.com/in/kim-${sizes.length}-${i}`,
            },
          },
        }));
        return { results, has_more: true, next_cursor: sizes.length < cursorsFrom ? null : `cursor-${sizes.length}` };
      },
      createPage: () => Promise.reject(new Error('a lookup never creates')),
    };
    return { api, sizes };
  }

  test(`after ${MAX_CANDIDATE_PAGES} pages of ${CANDIDATE_PAGE_SIZE} candidates: "unknown", not "absent"`, async () => {
    const { api, sizes } = endlessCandidates();
    const lookup = await lookupProfilePage(api, target, parseProfileUrl('https://www.linkedin.com/in/kim')!);
    expect(lookup.verdict).toBe('unknown');
    expect(lookup.page).toBeNull();
    expect(sizes).toEqual([10, 10, ...Array<number>(MAX_CANDIDATE_PAGES).fill(CANDIDATE_PAGE_SIZE)]);
    expect(lookup.responses).toHaveLength(2 + MAX_CANDIDATE_PAGES);
  });

  test('has_more without a cursor: "unknown", not "absent" (and the first two queries go on)', async () => {
    const { api, sizes } = endlessCandidates({ cursorsFrom: Infinity });
    const lookup = await lookupProfilePage(api, target, parseProfileUrl('https://www.linkedin.com/in/kim')!);
    expect(lookup.verdict).toBe('unknown');
    expect(sizes).toEqual([10, 10, CANDIDATE_PAGE_SIZE]);
  });
});
