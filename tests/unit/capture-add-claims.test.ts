/**
 * Add under the server's claim (issue 13), on a fake Notion database and the in-memory claims
 * (their SQL is proven in tests/integration/profile-add-claims*.test.ts): an add that finds
 * the claim held creates nothing — it waits, looks again and returns the page the holder made;
 * a crashed holder's claim expires and the add goes on; a claim that never frees (someone
 * re-claiming a database they can name) ends the wait after `CLAIM_WAIT_MS` with `unsure`,
 * and adding anyway then creates; a claim that lapsed and was taken over before the create
 * creates nothing and starts over; a created page, or a create whose outcome is unknown
 * (network error, 5xx), keeps the claim, a refused one (4xx) gives it back; an `unknown`
 * lookup stops the add unless the user chose to add anyway.
 */
import { describe, expect, test, vi } from 'vitest';
import { parseProfileUrl } from '../../src/domain/linkedin/profileUrl.ts';
import type { ProfileData } from '../../src/domain/capture/profilePage.ts';
import type { NotionPage } from '../../src/data/notion/objects.ts';
import { notionError } from '../../src/data/errors/notion.ts';
import { addProfilePage, CLAIM_POLL_MS, CLAIM_WAIT_MS, MAX_CLAIM_LAPSES } from '../../src/data/notion/profileAdd.ts';
import type { ProfileDatabase } from '../../src/data/notion/profilePages.ts';
import type { AddClaims } from '../../src/data/supabase/profileAddClaims.ts';
import { memoryClaims } from './support/memoryClaims.ts';

const URL_PROPERTY = 'url-prop';
const target: ProfileDatabase = {
  workspaceId: 'unused',
  databaseId: 'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee',
  dataSourceId: 'bbbbbbbb-bbbb-cccc-dddd-eeeeeeeeeeee',
  mapping: { profileUrl: URL_PROPERTY, fullName: 'title-prop' },
};
const john = parseProfileUrl('https://www.linkedin.com/in/john')!;
const data = async (): Promise<ProfileData> => ({
  fullName: 'John',
  firstName: 'John',
  lastName: '',
  headline: '',
  summary: '',
  company: '',
  education: '',
  country: '',
  city: '',
  profileUrl: john.canonical,
  avatarUrl: null,
});

/**
 * A database every query reads whole (the lookup confirms by URL); `endless` never ends;
 * `failCreate` is what a create throws; `onQuery` runs before each query.
 */
function fakeDatabase({
  endless = false,
  failCreate = undefined as (() => Error) | undefined,
  onQuery = () => {},
} = {}) {
  const pages: NotionPage[] = [];
  let created = 0;
  let queries = 0;
  const page = (url: string): NotionPage => ({
    id: `page-${pages.length + 1}`,
    properties: { [URL_PROPERTY]: { id: URL_PROPERTY, type: 'url', url } },
  });
  const api = {
    async queryDataSourcePage() {
      queries += 1;
      onQuery();
      if (endless) return { results: [page('https://www.linkedin.com/in/john-x')], has_more: true, next_cursor: 'c' };
      return { results: [...pages], has_more: false, next_cursor: null };
    },
    async createPage(_key: string, body: unknown) {
      if (failCreate) throw failCreate();
      created += 1;
      const url = (body as { properties: Record<string, { url?: string }> }).properties[URL_PROPERTY].url!;
      const made = page(url);
      pages.push(made);
      return made;
    },
  };
  return { api, pages, page, created: () => created, queries: () => queries };
}

describe('the claim held by another device', () => {
  test('the add waits, looks again, and returns the page the holder created: nothing created here', async () => {
    const db = fakeDatabase();
    const { claims } = memoryClaims();
    expect(await claims.claim(target.databaseId, john.canonical)).toMatchObject({ granted: true }); // the other device
    let waits = 0;
    const sleeps: number[] = [];
    const outcome = await addProfilePage(db.api, claims, target, john, data, {
      onWait: () => (waits += 1),
      sleep: async (ms) => {
        sleeps.push(ms);
        if (sleeps.length === 2) db.pages.push(db.page('https://fr.linkedin.com/in/John/')); // the holder's page shows
      },
    });
    expect(outcome).toMatchObject({ outcome: 'existing', page: { id: 'page-1' } });
    expect(db.created()).toBe(0);
    expect(waits).toBe(2);
    expect(sleeps).toEqual([CLAIM_POLL_MS, CLAIM_POLL_MS]);
  });

  test('a crashed holder: its claim expires and the add creates the page, renewing then keeping the claim', async () => {
    const db = fakeDatabase();
    let clock = 0;
    const { claims, calls, isHeld } = memoryClaims({ ttlMs: 3_000, now: () => clock });
    await claims.claim(target.databaseId, john.canonical);
    const outcome = await addProfilePage(db.api, claims, target, john, data, {
      sleep: async (ms) => void (clock += ms),
    });
    expect(outcome).toMatchObject({ outcome: 'created' });
    expect(clock).toBe(3_000);
    expect(db.created()).toBe(1);
    expect(calls.renewals).toBe(1);
    expect(isHeld(target.databaseId, john.canonical)).toBe(true);
  });

  test('a claim that never frees (someone re-claiming it): after the wait, unsure; adding anyway creates', async () => {
    const db = fakeDatabase();
    const refusing: AddClaims = {
      claim: async () => ({ granted: false, ageMs: 1_000, ttlMs: 60_000 }),
      renew: async () => false,
      release: async () => {},
    };
    let clock = 0;
    const now = vi.spyOn(Date, 'now').mockImplementation(() => clock);
    const sleep = async (ms: number) => void (clock += ms);
    try {
      let waits = 0;
      const outcome = await addProfilePage(db.api, refusing, target, john, data, { sleep, onWait: () => (waits += 1) });
      expect(outcome).toEqual({ outcome: 'unsure' });
      expect(clock).toBe(CLAIM_WAIT_MS);
      expect(waits).toBe(CLAIM_WAIT_MS / CLAIM_POLL_MS);
      expect(db.queries()).toBe(CLAIM_WAIT_MS / CLAIM_POLL_MS); // one lookup each poll
      expect(db.created()).toBe(0);
      clock = 0;
      const anyway = await addProfilePage(db.api, refusing, target, john, data, { sleep, addIfUnsure: true });
      expect(anyway).toMatchObject({ outcome: 'created' });
      expect(clock).toBe(CLAIM_WAIT_MS);
      expect(db.created()).toBe(1);
    } finally {
      now.mockRestore();
    }
  });
});

describe('holding the claim', () => {
  test('a claim that lapsed during the lookup and was taken over: nothing created; the add waits for the page', async () => {
    let clock = 0;
    const { claims } = memoryClaims({ ttlMs: 60_000, now: () => clock });
    let other: Promise<unknown> | undefined;
    const db = fakeDatabase({
      onQuery: () => {
        if (other) return;
        clock += 61_000; // a long lookup: the claim expires and another device takes it
        other = claims.claim(target.databaseId, john.canonical);
      },
    });
    let fetched = 0;
    const outcome = await addProfilePage(
      db.api,
      claims,
      target,
      john,
      async () => {
        fetched += 1;
        return data();
      },
      { sleep: async () => void db.pages.push(db.page(john.canonical)) }, // the other device's page shows
    );
    expect(await other).toMatchObject({ granted: true });
    expect(outcome).toMatchObject({ outcome: 'existing' });
    expect(db.created()).toBe(0);
    expect(fetched).toBe(1);
  });

  test('a claim that lapsed and was given back: the add claims again and creates, fetching the profile once', async () => {
    let clock = 0;
    const { claims, calls } = memoryClaims({ ttlMs: 60_000, now: () => clock });
    let lapsed = false;
    const db = fakeDatabase({
      onQuery: () => {
        if (lapsed) return;
        lapsed = true;
        clock += 61_000;
        void claims.claim(target.databaseId, john.canonical).then((claim) => {
          if (claim.granted) void claims.release(target.databaseId, john.canonical, claim.token);
        });
      },
    });
    let fetched = 0;
    const outcome = await addProfilePage(db.api, claims, target, john, async () => {
      fetched += 1;
      return data();
    });
    expect(outcome).toMatchObject({ outcome: 'created' });
    expect(db.created()).toBe(1);
    expect(fetched).toBe(1);
    expect(calls.renewals).toBe(2);
  });

  test('a claim that lapses every time: the add gives up after a few, creating nothing', async () => {
    const db = fakeDatabase();
    let granted = 0;
    const lapsing: AddClaims = {
      claim: async () => ({ granted: true, token: `token-${++granted}` }),
      renew: async () => false,
      release: async () => {},
    };
    await expect(addProfilePage(db.api, lapsing, target, john, data)).rejects.toMatchObject({
      reason: { kind: 'conflict' },
    });
    expect(granted).toBe(MAX_CLAIM_LAPSES);
    expect(db.created()).toBe(0);
  });

  test.each([
    ['a network error', () => new TypeError('Failed to fetch')],
    ['a gateway timeout', () => notionError(504, { code: 'gateway_timeout', message: 'Gateway timeout' })],
    ['a server error', () => notionError(502, { message: 'Bad gateway' })],
  ])('a create whose outcome is unknown (%s) keeps the claim', async (_name, failure) => {
    const db = fakeDatabase({ failCreate: failure });
    const { claims, isHeld } = memoryClaims();
    await expect(addProfilePage(db.api, claims, target, john, data)).rejects.toBeTruthy();
    expect(isHeld(target.databaseId, john.canonical)).toBe(true);
  });

  test.each([
    ['a validation error', () => notionError(400, { code: 'validation_error', message: 'Bad property' })],
    ['a rate limit', () => notionError(429, { code: 'rate_limited', message: 'Slow down' })],
  ])('a create Notion refused (%s) gives the claim back', async (_name, failure) => {
    const db = fakeDatabase({ failCreate: failure });
    const { claims, isHeld } = memoryClaims();
    await expect(addProfilePage(db.api, claims, target, john, data)).rejects.toMatchObject({ name: 'AppError' });
    expect(isHeld(target.databaseId, john.canonical)).toBe(false);
  });

  test('a page found under the claim: nothing created, the claim given back', async () => {
    const db = fakeDatabase();
    db.pages.push(db.page('http://linkedin.com/in/john'));
    const { claims, isHeld } = memoryClaims();
    expect(await addProfilePage(db.api, claims, target, john, data)).toMatchObject({ outcome: 'existing' });
    expect(isHeld(target.databaseId, john.canonical)).toBe(false);
    expect(db.created()).toBe(0);
  });

  test('an unknown lookup stops the add (claim given back) unless the user chose to add anyway', async () => {
    const db = fakeDatabase({ endless: true });
    const { claims, isHeld } = memoryClaims();
    expect(await addProfilePage(db.api, claims, target, john, data)).toEqual({ outcome: 'unsure' });
    expect(isHeld(target.databaseId, john.canonical)).toBe(false);
    expect(db.created()).toBe(0);
    const anyway = await addProfilePage(db.api, claims, target, john, data, { addIfUnsure: true });
    expect(anyway).toMatchObject({ outcome: 'created' });
    expect(db.created()).toBe(1);
  });
});
