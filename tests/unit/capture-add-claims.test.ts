/**
 * Add under the server's claim (issue 13), on a fake Notion database and the in-memory claims
 * (their SQL is proven in tests/integration/profile-add-claims*.test.ts): an add that finds
 * the claim held creates nothing — it waits, looks again and returns the page the holder made;
 * a crashed holder's claim expires and the add goes on; a created page keeps the claim, a
 * failed one gives it back; an `unknown` lookup stops the add unless the user chose to add
 * anyway; a claim that never frees gives up with an error instead of creating.
 */
import { describe, expect, test, vi } from 'vitest';
import { parseProfileUrl } from '../../src/domain/linkedin/profileUrl.ts';
import type { ProfileData } from '../../src/domain/capture/profilePage.ts';
import type { NotionPage } from '../../src/data/notion/client.ts';
import { addProfilePage, CLAIM_POLL_MS } from '../../src/data/notion/profileAdd.ts';
import type { ProfileDatabase } from '../../src/data/notion/profilePages.ts';
import type { AddClaims } from '../../src/data/supabase/profileAddClaims.ts';
import { memoryClaims } from './support/memoryClaims.ts';

const URL_PROPERTY = 'url-prop';
const target: ProfileDatabase = {
  workspaceId: 'unused',
  databaseId: 'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee',
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

/** A database every query reads whole (the lookup confirms by URL); `endless` never ends. */
function fakeDatabase({ endless = false, failCreate = false } = {}) {
  const pages: NotionPage[] = [];
  let created = 0;
  const page = (url: string): NotionPage => ({
    id: `page-${pages.length + 1}`,
    properties: { [URL_PROPERTY]: { id: URL_PROPERTY, type: 'url', url } },
  });
  const api = {
    async queryDatabasePage() {
      if (endless) return { results: [page('https://www.linkedin.com/in/john-x')], has_more: true, next_cursor: 'c' };
      return { results: [...pages], has_more: false, next_cursor: null };
    },
    async createPage(_key: string, body: unknown) {
      if (failCreate) throw new TypeError('Failed to fetch');
      created += 1;
      const url = (body as { properties: Record<string, { url?: string }> }).properties[URL_PROPERTY].url!;
      const made = page(url);
      pages.push(made);
      return made;
    },
  };
  return { api, pages, page, created: () => created };
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

  test('a crashed holder: its claim expires and the add creates the page, keeping the claim', async () => {
    const db = fakeDatabase();
    let clock = 0;
    const { claims, isHeld } = memoryClaims({ ttlMs: 3_000, now: () => clock });
    await claims.claim(target.databaseId, john.canonical);
    const outcome = await addProfilePage(db.api, claims, target, john, data, {
      sleep: async (ms) => void (clock += ms),
    });
    expect(outcome).toMatchObject({ outcome: 'created' });
    expect(clock).toBe(3_000);
    expect(db.created()).toBe(1);
    expect(isHeld(target.databaseId, john.canonical)).toBe(true);
  });

  test('a claim that never frees: the add gives up with an error, creating nothing', async () => {
    const db = fakeDatabase();
    const refusing: AddClaims = {
      claim: async () => ({ granted: false, ageMs: 59_000, ttlMs: 60_000 }),
      release: async () => {},
    };
    let clock = 0;
    const now = vi.spyOn(Date, 'now').mockImplementation(() => clock);
    try {
      await expect(
        addProfilePage(db.api, refusing, target, john, data, { sleep: async (ms) => void (clock += ms) }),
      ).rejects.toMatchObject({ reason: { kind: 'conflict' } });
    } finally {
      now.mockRestore();
    }
    expect(clock).toBeGreaterThan(1_000); // waited out the held claim's last second, and the grace
    expect(db.created()).toBe(0);
  });
});

describe('holding the claim', () => {
  test('a failed create gives the claim back', async () => {
    const db = fakeDatabase({ failCreate: true });
    const { claims, isHeld } = memoryClaims();
    await expect(addProfilePage(db.api, claims, target, john, data)).rejects.toThrow('Failed to fetch');
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
