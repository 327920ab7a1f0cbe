/**
 * Issue 34, the match ladder against the Notion sandbox (in-process; the proxy's header rewrite
 * is the only stand-in): rung 1 still answers a saved URL in one query and asks nothing more;
 * only when it found nobody, rung 2 sends ONE `title contains <last name>` query and offers the
 * pages whose name and company or headline agree — a person saved under an old slug, a "Last,
 * First" title, a title without accents; namesakes at another company are not offered; more
 * than a page of people sharing the last name says the search was incomplete, never "found";
 * no name known → rung 1 alone, as before.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { parseProfileUrl } from '../../src/domain/linkedin/profileUrl.ts';
import type { NotionClient } from '../../src/data/notion/client.ts';
import { lookupPerson } from '../../src/data/notion/matchLadder.ts';
import { PROBABLE_PAGE_SIZE } from '../../src/data/notion/probableProfiles.ts';
import type { ProfileDatabase } from '../../src/data/notion/profilePages.ts';
import { SEED_IDS, startNotionSandbox, type NotionSandbox } from '../../supabase/local/sandboxes/notion/index.ts';
import { DEMO_WORKSPACE, sandboxClient } from './support/sandboxProxy.ts';

let sandbox: NotionSandbox;
let client: NotionClient;
let target: ProfileDatabase;
let bodies: unknown[] = [];

const PEOPLE_SOURCE = SEED_IDS.dataSources.people;
const text = (content: string) => [{ type: 'text', text: { content } }];

async function save(name: string, url: string | null, company = ''): Promise<string> {
  const page = await client.createPage(DEMO_WORKSPACE, {
    parent: { data_source_id: PEOPLE_SOURCE },
    properties: {
      [target.mapping.fullName!]: { title: text(name) },
      ...(url ? { [target.mapping.profileUrl!]: { url } } : {}),
      ...(company ? { [target.mapping.company!]: { rich_text: text(company) } } : {}),
    },
  });
  return page.id;
}

const lookup = (url: string, name?: string, company = '', headline = '') =>
  lookupPerson(client, target, parseProfileUrl(url)!, name === undefined ? undefined : { name, company, headline });

beforeAll(async () => {
  sandbox = await startNotionSandbox({ rateLimit: false });
  client = sandboxClient(sandbox, (path, init) => {
    if (path.endsWith('/query')) bodies.push(JSON.parse(String(init?.body)));
  });
  const db = await client.dataSource(DEMO_WORKSPACE, PEOPLE_SOURCE);
  const id = (name: string) => db.properties.find((p) => p.name === name)!.id;
  target = {
    workspaceId: DEMO_WORKSPACE,
    databaseId: SEED_IDS.databases.people,
    dataSourceId: PEOPLE_SOURCE,
    mapping: { profileUrl: id('LinkedIn URL'), fullName: id('Name'), company: id('Company'), headline: id('Headline') },
  };
});
afterAll(() => sandbox.stop());
beforeEach(() => {
  bodies = [];
});

describe('the match ladder', () => {
  test('rung 1 finds a saved URL in one query, whatever the name', async () => {
    const verdict = await lookup('https://www.linkedin.com/in/mina-sato', 'Mina Sato');
    expect(verdict).toMatchObject({ verdict: 'found', rung: 'url' });
    expect(bodies).toHaveLength(1);
  });

  test('an old slug: rung 2 offers the page, in a second and last query by last name', async () => {
    const id = await save('Margaux Vasseur', 'https://www.linkedin.com/in/margaux-v-1998', 'Lumière SAS');
    const verdict = await lookup('https://www.linkedin.com/in/margaux-vasseur', 'Margaux Vasseur', 'Lumière');
    expect(verdict).toMatchObject({ verdict: 'probable', rung: 'name', incomplete: false });
    expect(verdict.verdict === 'probable' && verdict.candidates.map((c) => c.page.id)).toEqual([id]);
    expect(verdict.verdict === 'probable' && verdict.candidates[0].urlValue).toEqual({
      url: 'https://www.linkedin.com/in/margaux-v-1998',
    });
    expect(bodies).toHaveLength(2);
    expect(JSON.stringify(bodies[1])).toContain('"contains":"Vasseur"');
  });

  test('"Last, First", no URL, no accents in the CRM: offered; a namesake elsewhere: not', async () => {
    const swapped = await save('Lefèvre, Amélie', null);
    const plain = await save('Amelie Lefevre', null, 'Banque Rouge');
    await save('Amélie Lefèvre', 'https://www.linkedin.com/in/amelie-lefevre-42', 'Crédit Vert SA');
    const verdict = await lookup('https://www.linkedin.com/in/amelie-l', 'Amélie Lefèvre', 'Banque Rouge SA');
    expect(verdict.verdict).toBe('probable');
    const ids = verdict.verdict === 'probable' ? verdict.candidates.map((c) => c.page.id) : [];
    expect(ids.sort()).toEqual([swapped, plain].sort());
    expect(bodies).toHaveLength(2);
  });

  test('nobody by that name: absent after two queries', async () => {
    const verdict = await lookup('https://www.linkedin.com/in/nobody-here', 'Quentin Nobodyhere', 'Acme');
    expect(verdict).toMatchObject({ verdict: 'absent', rung: 'name', incomplete: false });
    expect(bodies).toHaveLength(2);
  });

  test('no name known: rung 1 alone, as before', async () => {
    const verdict = await lookup('https://www.linkedin.com/in/margaux-vasseur');
    expect(verdict).toMatchObject({ verdict: 'absent', rung: 'url' });
    expect(bodies).toHaveLength(1);
  });

  test('a name of emoji only: nothing to search, rung 1 alone', async () => {
    const verdict = await lookup('https://www.linkedin.com/in/rocket', '🚀✨');
    expect(verdict).toMatchObject({ verdict: 'absent', rung: 'url' });
    expect(bodies).toHaveLength(1);
  });

  test('more people share the last name than one page: bounded, and said so', async () => {
    for (let i = 0; i < PROBABLE_PAGE_SIZE + 1; i++) await save(`Person${i} Crowdname`, null, `Company ${i}`);
    const verdict = await lookup('https://www.linkedin.com/in/ines-crowdname', 'Inès Crowdname', 'Elsewhere');
    expect(verdict).toMatchObject({ verdict: 'absent', rung: 'name', incomplete: true });
    expect(bodies).toHaveLength(2);
  });
});
