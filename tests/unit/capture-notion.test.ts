/**
 * The existence check and Add against the Notion sandbox (in-process): one query finds a person
 * saved under any URL variant; Add writes every mapped field (long text split, not cut), stores
 * the canonical URL, and never creates a second page (double click, retry after a dropped
 * response). The only stand-in is the proxy's header rewrite (workspace id → its key as bearer, + version).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import {
  profilePageProperties,
  simplifyProfile,
  splitText,
  type ProfileData,
} from '../../src/domain/capture/profilePage.ts';
import { parseProfileUrl } from '../../src/domain/linkedin/profileUrl.ts';
import type { Mapping } from '../../src/domain/settings/mapping.ts';
import { createNotionClient, type NotionClient } from '../../src/data/notion/client.ts';
import { addProfilePage } from '../../src/data/notion/profileAdd.ts';
import { lookupProfilePage, type ProfileDatabase } from '../../src/data/notion/profilePages.ts';
import { SEED_IDS, startNotionSandbox, type NotionSandbox } from '../../supabase/local/sandboxes/notion/index.ts';
import { memoryClaims } from './support/memoryClaims.ts';
import { DEMO_WORKSPACE, sandboxProxyFetch } from './support/sandboxProxy.ts';

const profile = (url: string) => parseProfileUrl(url)!;
let sandbox: NotionSandbox;
let client: NotionClient;
let target: ProfileDatabase;
/** When set, the next POST /pages reaches the sandbox but its answer is dropped. */
let dropNextCreate = false;

const PEOPLE = SEED_IDS.databases.people;
/** The stand-in proxy, dropping the answer of the next POST /pages when asked to. */
function droppingFetch(): typeof fetch {
  const forward = sandboxProxyFetch(sandbox);
  return async (input, init) => {
    const response = await forward(input, init);
    if (dropNextCreate && init?.method === 'POST' && String(input).endsWith('/pages')) {
      dropNextCreate = false;
      throw new TypeError('Failed to fetch');
    }
    return response;
  };
}

beforeAll(async () => {
  sandbox = await startNotionSandbox({ rateLimit: false });
  client = createNotionClient({ fetch: droppingFetch(), accessToken: async () => null });
  const db = await client.dataSource(DEMO_WORKSPACE, SEED_IDS.dataSources.people);
  const id = (name: string) => db.properties.find((p) => p.name === name)!.id;
  const mapping: Mapping = {
    profileUrl: id('LinkedIn URL'),
    fullName: id('Name'),
    firstName: id('First name'),
    lastName: id('Last name'),
    headline: id('Headline'),
    summary: id('Summary'),
    company: id('Company'),
    education: id('Education'),
    country: id('Country'),
    city: id('City'),
  };
  target = { workspaceId: DEMO_WORKSPACE, databaseId: PEOPLE, dataSourceId: SEED_IDS.dataSources.people, mapping };
});
afterAll(() => sandbox.stop());
beforeEach(() => sandbox.clearRequestLog());

const queries = () => sandbox.requestLog().filter((r) => r.path.endsWith('/query')).length;
const creates = () => sandbox.requestLog().filter((r) => r.method === 'POST' && r.path === '/v1/pages').length;

describe('existence check: one query, any variant', () => {
  test.each([
    ['Camille Dupont', 'https://www.linkedin.com/in/camille-dupont'],
    ['Camille Dupont', 'http://fr.linkedin.com/in/Camille-Dupont/?trk=abc'],
    ['José Álvarez', 'https://www.linkedin.com/in/jose-alvarez/'],
    ['José Álvarez', 'https://LINKEDIN.com/in/JOSE-ALVAREZ#top'],
    ['Zoë Łukasiewicz', 'https://www.linkedin.com/in/zoe-lukasiewicz'],
    ['Zoë Łukasiewicz', 'https://de.linkedin.com/in/zoe-lukasiewicz/?originalSubdomain=de'],
    ['Mina Sato', 'https://www.linkedin.com/in/mina-sato'],
    ['Max Connector', 'https://m.linkedin.com/in/max-connector'],
  ])('%s found from %s', async (name, url) => {
    const lookup = await lookupProfilePage(client, target, profile(url));
    expect(lookup).toMatchObject({ verdict: 'found', page: { title: name } });
    expect(queries()).toBe(1);
    expect(sandbox.requestLog()).toHaveLength(1);
  });

  test('a prefix of another slug is not a match', async () => {
    for (const url of ['https://www.linkedin.com/in/camille', 'https://www.linkedin.com/in/nobody-here']) {
      expect(await lookupProfilePage(client, target, profile(url))).toMatchObject({ verdict: 'absent', page: null });
    }
    expect(queries()).toBe(2);
  });
});

const LONG = 'x'.repeat(4500);
const ada = (url: string): ProfileData =>
  simplifyProfile(
    {
      firstName: 'Ada',
      lastName: 'Lovelace',
      headline: 'Analyst',
      summary: LONG,
      profilePicture: 'https://media.example.com/ada.jpg',
      fullPositions: [{ companyName: 'Engines Ltd' }, { companyName: 'Older Co' }],
      educations: [{ schoolName: 'Home' }],
      geo: { country: 'United Kingdom', city: 'London' },
    },
    url,
  );

describe('Add', () => {
  test('writes every mapped field, the canonical URL, the avatar icon; long text split', async () => {
    const url = profile('https://fr.linkedin.com/in/Ada-Lovelace/?trk=x');
    const result = await addProfilePage(client, memoryClaims().claims, target, url, async () => ada(url.canonical));
    if (result.outcome !== 'created') throw new Error(`expected a created page, got ${result.outcome}`);
    expect(result.page.title).toBe('Ada Lovelace');
    const response = await fetch(`${sandbox.url}/v1/pages/${result.page.id}`, {
      headers: { authorization: `Bearer ${sandbox.demoKey}`, 'notion-version': '2022-06-28' },
    });
    const page = (await response.json()) as {
      icon: unknown;
      properties: Record<
        string,
        { url?: string; rich_text?: { plain_text: string }[]; title?: { plain_text: string }[] }
      >;
    };
    const plain = (name: string) =>
      (page.properties[name].rich_text ?? page.properties[name].title ?? []).map((t) => t.plain_text).join('');
    expect(page.icon).toEqual({ type: 'external', external: { url: 'https://media.example.com/ada.jpg' } });
    expect(page.properties['LinkedIn URL'].url).toBe('https://www.linkedin.com/in/ada-lovelace');
    expect(plain('Name')).toBe('Ada Lovelace');
    expect(plain('First name')).toBe('Ada');
    expect(plain('Last name')).toBe('Lovelace');
    expect(plain('Headline')).toBe('Analyst');
    expect(plain('Company')).toBe('Engines Ltd');
    expect(plain('Education')).toBe('Home');
    expect(plain('Country')).toBe('United Kingdom');
    expect(plain('City')).toBe('London');
    expect(plain('Summary')).toBe(LONG);
    expect(page.properties.Summary.rich_text).toHaveLength(3);
  });

  test('a double click creates one page, a later add none', async () => {
    const { claims } = memoryClaims();
    const url = 'https://www.linkedin.com/in/grace-hopper';
    const [a, b] = await Promise.all([
      addProfilePage(client, claims, target, profile(url), async () => ({ ...ada(url), fullName: 'Grace Hopper' })),
      addProfilePage(client, claims, target, profile(url), async () => ({ ...ada(url), fullName: 'Grace Hopper' })),
    ]);
    expect(a).toBe(b);
    expect(a).toMatchObject({ outcome: 'created' });
    const again = await addProfilePage(
      client,
      memoryClaims().claims,
      target,
      profile('http://linkedin.com/in/Grace-Hopper/'),
      async () => ada(url),
    );
    expect(again).toMatchObject({ outcome: 'existing', page: { title: 'Grace Hopper' } });
    expect(creates()).toBe(1);
  });

  test('a retry after a dropped response finds the page instead of creating another', async () => {
    const { claims, isHeld } = memoryClaims();
    const url = 'https://www.linkedin.com/in/alan-turing';
    let fetched = 0;
    const data = async () => {
      fetched += 1;
      return { ...ada(url), fullName: 'Alan Turing' };
    };
    dropNextCreate = true;
    await expect(addProfilePage(client, claims, target, profile(url), data)).rejects.toThrow('Failed to fetch');
    // the page may exist (it does): the claim is kept, so an add meanwhile waits and looks it up
    expect(isHeld(PEOPLE, profile(url).canonical)).toBe(true);
    let waits = 0;
    const retry = await addProfilePage(client, claims, target, profile(url), data, {
      onWait: () => (waits += 1),
      sleep: async () => {},
    });
    expect(retry).toMatchObject({ outcome: 'existing', page: { title: 'Alan Turing' } });
    expect(waits).toBe(1);
    expect(creates()).toBe(1);
    expect(fetched).toBe(1);
  });
});

describe('page building', () => {
  test('splitText: 2000-character chunks, surrogate pairs kept whole', () => {
    expect(splitText('')).toEqual([]);
    expect(splitText('a'.repeat(2000))).toEqual(['a'.repeat(2000)]);
    expect(splitText('a'.repeat(2001)).map((c) => c.length)).toEqual([2000, 1]);
    const emoji = `${'a'.repeat(1999)}😀b`;
    expect(splitText(emoji)).toEqual(['a'.repeat(1999), '😀b']);
    expect(splitText(emoji).join('')).toBe(emoji);
  });

  test('unmapped and empty fields are not sent', () => {
    const profile = { ...ada('https://www.linkedin.com/in/x'), headline: '' };
    expect(Object.keys(profilePageProperties({ profileUrl: 'u', fullName: 't', headline: 'h' }, profile))).toEqual([
      'u',
      't',
    ]);
  });

  test('the follow-up fields are not profile data: a new page does not write them', () => {
    const mapping: Mapping = { profileUrl: 'u', fullName: 't', nextFollowUp: 'd', stage: 's' };
    const properties = profilePageProperties(mapping, ada('https://www.linkedin.com/in/x'));
    expect(Object.keys(properties)).toEqual(['u', 't']);
  });
});
