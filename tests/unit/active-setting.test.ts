/**
 * The active setting's restore order, TTL edges and auto-activation (spec 1 §4), and the
 * team (30 min) / profile (5 min) caches, on fake-indexeddb with a fake clock. The remote
 * side is a small in-memory fake of Supabase (profile, settings, workspace keys).
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  activeSettingOf,
  cachedActiveSettingOf,
  clearActiveSetting,
  readActiveSetting,
  restoreActiveSetting,
  selectActiveSetting,
  type ActiveSettingRemote,
  type ActiveSettingRow,
} from '../../src/data/db/activeSetting.ts';
import { CACHE_KEYS, readFreshCache, writeCache } from '../../src/data/db/cache.ts';
import { cachedUserProfile } from '../../src/data/db/localCopies.ts';
import { SidenoteDatabase } from '../../src/data/db/schema.ts';
import { ACTIVE_SETTING_TTL_MS, ACTIVE_TEAM_TTL_MS, USER_PROFILE_TTL_MS } from '../../src/data/db/ttl.ts';
import { isFresh } from '../../src/domain/settings/activeSetting.ts';

const AUTH = 'auth-1';
const T0 = Date.parse('2026-03-01T10:00:00Z');
const MIN = 60_000;

const setting = (id: string, name = id): ActiveSettingRow => ({
  id,
  name,
  workspace_id: `ws-${id}`,
  notion_db_id: `db-${id}`,
});

function fakeRemote(init: { state?: string; activeId?: string | null; settings?: ActiveSettingRow[] } = {}) {
  const profile = {
    id: 'profile-1',
    profile_state: init.state ?? 'setup_complete',
    active_setting_id: init.activeId ?? null,
  };
  const settings = new Map((init.settings ?? []).map((s) => [s.id, s]));
  const calls: string[] = [];
  const remote: ActiveSettingRemote = {
    profile: async () => (calls.push('profile'), { ...profile }),
    setting: async (id) => (calls.push(`setting:${id}`), settings.get(id) ?? null),
    workspaceKeyMask: async (ws) => (calls.push(`key:${ws}`), `ntn_${ws}…abc`),
    storeOnProfile: async (_profileId, id) => {
      calls.push(`store:${id}`);
      profile.active_setting_id = id;
    },
    settingIds: async () => (calls.push('ids'), [...settings.keys()]),
  };
  return { remote, calls, profile, settings };
}

let database: SidenoteDatabase;
let n = 0;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
  database = new SidenoteDatabase(`active-setting-test-${++n}`);
});

afterEach(async () => {
  vi.useRealTimers();
  await database.delete();
});

describe('TTL edges', () => {
  test.each([
    [0, true],
    [29 * MIN + 59_000, true],
    [30 * MIN - 1, true],
    [30 * MIN, false],
    [30 * MIN + 1, false],
    [-1, false],
  ])('a value %d ms old is fresh under 30 min: %s', (age, fresh) => {
    expect(isFresh(T0 - age, ACTIVE_SETTING_TTL_MS, T0)).toBe(fresh);
  });

  test('constants carry the spec values', () => {
    expect(ACTIVE_SETTING_TTL_MS).toBe(30 * MIN);
    expect(ACTIVE_TEAM_TTL_MS).toBe(30 * MIN);
    expect(USER_PROFILE_TTL_MS).toBe(5 * MIN);
  });
});

describe('restore order', () => {
  test('from the cache at 29:59 without asking the profile; from the profile at 30:00', async () => {
    const { remote, calls } = fakeRemote({ activeId: 'b', settings: [setting('a'), setting('b')] });
    // Cached 'a' here; meanwhile the profile says 'b' (chosen on another device).
    await selectActiveSetting(remote, AUTH, 'a', { database, storeOnProfile: false });
    calls.length = 0;

    vi.setSystemTime(T0 + 29 * MIN + 59_000);
    const cached = await restoreActiveSetting(remote, AUTH, database);
    expect(cached.from).toBe('cache');
    expect(cached.from === 'cache' && cached.value.id).toBe('a');
    expect(calls).toEqual([]);

    vi.setSystemTime(T0 + 30 * MIN);
    const restored = await restoreActiveSetting(remote, AUTH, database);
    expect(restored.from).toBe('profile');
    expect(restored.from === 'profile' && restored.value.id).toBe('b');
    expect(calls).toEqual(['profile', 'setting:b', 'key:ws-b']);
    // The refreshed cache starts a new 30 minutes.
    expect((await readActiveSetting(database))?.cachedAt).toBe(T0 + 30 * MIN);
    expect((await readActiveSetting(database))?.value.keyMask).toBe('ntn_ws-b…abc');
  });

  test('past 30 minutes and offline (the profile unreachable), the cached setting stays; other failures still fail', async () => {
    const { remote } = fakeRemote({ activeId: 'a', settings: [setting('a')] });
    await selectActiveSetting(remote, AUTH, 'a', { database });
    vi.setSystemTime(T0 + 45 * MIN);
    const offline = { ...remote, profile: () => Promise.reject(new TypeError('Failed to fetch')) };
    const kept = await restoreActiveSetting(offline, AUTH, database);
    expect(kept.from === 'cache' && kept.value.id).toBe('a');
    expect(await activeSettingOf(AUTH, database)).not.toBeNull();
    const refused = { ...remote, profile: () => Promise.reject(new Error('JWT expired')) };
    await expect(restoreActiveSetting(refused, AUTH, database)).rejects.toThrow('JWT expired');
  });

  test('the profile id is used only when profile_state is setup_complete (otherwise wait)', async () => {
    const { remote, calls } = fakeRemote({ state: 'team_activated', activeId: 'b', settings: [setting('b')] });
    expect(await restoreActiveSetting(remote, AUTH, database)).toEqual({ from: 'wait' });
    expect(calls).toEqual(['profile']);
    expect(await readActiveSetting(database)).toBeUndefined();
  });

  test("another user's cache entry is never used", async () => {
    const { remote } = fakeRemote({ activeId: 'b', settings: [setting('a'), setting('b')] });
    await selectActiveSetting(remote, 'someone-else', 'a', { database, storeOnProfile: false });
    const outcome = await restoreActiveSetting(remote, AUTH, database);
    expect(outcome.from).toBe('profile');
  });
});

describe('one restore at a time, one read', () => {
  test('restores started together (layout and Root, double effects) are one run', async () => {
    const { remote, calls } = fakeRemote({ activeId: 'b', settings: [setting('b')] });
    const outcomes = await Promise.all([1, 2, 3].map(() => restoreActiveSetting(remote, AUTH, database)));
    expect(calls).toEqual(['profile', 'setting:b', 'key:ws-b']);
    expect(outcomes[1]).toBe(outcomes[0]);
    expect(outcomes[2]).toBe(outcomes[0]);
    // once settled, the next restore runs again (here from the fresh cache, no remote call)
    expect((await restoreActiveSetting(remote, AUTH, database)).from).toBe('cache');
    expect(calls).toHaveLength(3);
  });

  test("activeSettingOf: this user's cached setting, else null", async () => {
    const { remote } = fakeRemote({ settings: [setting('a')] });
    expect(await activeSettingOf(AUTH, database)).toBeNull();
    await selectActiveSetting(remote, AUTH, 'a', { database, storeOnProfile: false });
    expect((await activeSettingOf(AUTH, database))?.id).toBe('a');
    expect(await activeSettingOf('someone-else', database)).toBeNull();
    expect(await activeSettingOf(undefined, database)).toBeNull();
  });

  test("cachedActiveSettingOf: this user's cache entry with its time, never another user's", async () => {
    const { remote } = fakeRemote({ settings: [setting('a')] });
    await selectActiveSetting(remote, AUTH, 'a', { database, storeOnProfile: false });
    expect(await cachedActiveSettingOf(AUTH, database)).toEqual({
      value: expect.objectContaining({ id: 'a', authId: AUTH }),
      cachedAt: T0,
    });
    expect(await cachedActiveSettingOf('someone-else', database)).toBeUndefined();
    expect(await cachedActiveSettingOf(undefined, database)).toBeUndefined();
  });
});

describe('auto-activation', () => {
  test('the only setting becomes active when none is, and is stored on the profile', async () => {
    const { remote, profile } = fakeRemote({ state: 'empty_profile', settings: [setting('only')] });
    const outcome = await restoreActiveSetting(remote, AUTH, database);
    expect(outcome.from).toBe('auto');
    expect(profile.active_setting_id).toBe('only');
    expect((await readActiveSetting(database))?.value.setting.name).toBe('only');
  });

  test.each([[[]], [['a', 'b']]])('with settings %j nothing is activated', async (ids) => {
    const { remote, profile } = fakeRemote({ settings: ids.map((id) => setting(id)) });
    expect(await restoreActiveSetting(remote, AUTH, database)).toEqual({ from: 'none' });
    expect(profile.active_setting_id).toBeNull();
  });

  test('one setting but another already active on the profile: that one is restored', async () => {
    const { remote } = fakeRemote({ activeId: 'a', settings: [setting('a')] });
    const outcome = await restoreActiveSetting(remote, AUTH, database);
    expect(outcome.from).toBe('profile');
  });
});

describe('select and clear', () => {
  test('select refreshes the setting and key mask, caches them, stores the id on the profile', async () => {
    const { remote, calls, profile } = fakeRemote({ settings: [setting('a')] });
    const value = await selectActiveSetting(remote, AUTH, 'a', { database });
    expect(value).toMatchObject({ id: 'a', authId: AUTH, keyMask: 'ntn_ws-a…abc' });
    expect(calls).toEqual(['setting:a', 'key:ws-a', 'profile', 'store:a']);
    expect(profile.active_setting_id).toBe('a');
    expect((await readActiveSetting(database))?.cachedAt).toBe(T0);
  });

  test('clear removes the cache and the stored id', async () => {
    const { remote, profile } = fakeRemote({ settings: [setting('a')] });
    await selectActiveSetting(remote, AUTH, 'a', { database });
    await clearActiveSetting(remote, database);
    expect(await readActiveSetting(database)).toBeUndefined();
    expect(profile.active_setting_id).toBeNull();
  });
});

describe('team and profile caches', () => {
  test('the profile is re-fetched at 5:00, not at 4:59', async () => {
    let fetches = 0;
    const fetchProfile = async () => ({ authId: AUTH, id: 'p', fetch: ++fetches });
    await cachedUserProfile(AUTH, fetchProfile, database);
    vi.setSystemTime(T0 + 4 * MIN + 59_000);
    expect((await cachedUserProfile(AUTH, fetchProfile, database))?.fetch).toBe(1);
    vi.setSystemTime(T0 + 5 * MIN);
    expect((await cachedUserProfile(AUTH, fetchProfile, database))?.fetch).toBe(2);
  });

  test('readFreshCache hides a stale entry', async () => {
    await writeCache(CACHE_KEYS.activeTeam, { x: 1 }, database);
    vi.setSystemTime(T0 + ACTIVE_TEAM_TTL_MS);
    expect(await readFreshCache(CACHE_KEYS.activeTeam, ACTIVE_TEAM_TTL_MS, database)).toBeUndefined();
  });
});

describe('sign-in and sign-out wipe', () => {
  test('clearLocalDatabase empties settings, workspaces and every cache entry', async () => {
    const { clearLocalDatabase } = await import('../../src/data/db/schema.ts');
    const { storeSettings, storeWorkspaces } = await import('../../src/data/db/localCopies.ts');
    const { remote } = fakeRemote({ settings: [setting('a')] });
    await selectActiveSetting(remote, AUTH, 'a', { database });
    await storeSettings(AUTH, [], database);
    await database.settings.put({ ...setting('x'), authId: AUTH, fetchedAt: T0 } as never);
    await storeWorkspaces(AUTH, [], database);
    await clearLocalDatabase(database);
    expect(await database.settings.count()).toBe(0);
    expect(await database.workspaces.count()).toBe(0);
    expect(await database.cache.count()).toBe(0);
  });
});
