/**
 * The active team as the subscription gate reads it (spec 1 §4, spec 2 §4 "Active team",
 * "Sign-in"), on fake-indexeddb with a fake clock. The remote side is a fake of RPC
 * get_user_active_team (and of setup_new_user for the gate):
 * - an active team is cached 30 minutes; an inactive cached team is asked again on every read,
 *   so a reactivated team unblocks at once;
 * - no team is never cached and removes the old entry;
 * - when a refresh fails the last known team of this user is kept whatever its age or status,
 *   and with none known the error surfaces;
 * - the gate: without a team the setup runs once and the team is read again.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { CACHE_KEYS, readCacheEntry, writeCache } from '../../src/data/db/cache.ts';
import { activeTeamOrLastKnown, rememberActiveTeam } from '../../src/data/db/localCopies.ts';
import { SidenoteDatabase } from '../../src/data/db/schema.ts';
import { isSubscriptionActive } from '../../src/domain/capture/subscriptionGate.ts';
import { teamGateOpen } from '../../src/features/capture/teamGate.ts';

const AUTH = 'auth-1';
const T0 = Date.parse('2026-03-01T10:00:00Z');
const MIN = 60_000;

interface Team {
  authId: string;
  subscription_status: string | null;
  trial_end_date: string | null;
}

let database: SidenoteDatabase;
let remote: { team: Team | null; fails: boolean; calls: number };
const fetchTeam = async (): Promise<Team | null> => {
  remote.calls += 1;
  if (remote.fails) throw new Error('Failed to fetch');
  return remote.team && { ...remote.team };
};
const team = (subscription_status: string | null, authId = AUTH): Team => ({
  authId,
  subscription_status,
  trial_end_date: null,
});
const usable = (value: Team) => isSubscriptionActive(value, Date.now());
const read = (authId = AUTH) => activeTeamOrLastKnown(authId, fetchTeam, usable, database);
const cached = async () => (await readCacheEntry<Team>(CACHE_KEYS.activeTeam, database))?.value;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
  database = new SidenoteDatabase(`team-cache-${Math.random()}`);
  remote = { team: null, fails: false, calls: 0 };
});
afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  await database.delete();
});

describe('active team cache', () => {
  test('an active team is cached 30 minutes: a status change shows at 30:00, not at 29:59', async () => {
    remote.team = team('active');
    await read();
    remote.team = team('canceled');
    vi.setSystemTime(T0 + 30 * MIN - 1_000);
    expect((await read())?.subscription_status).toBe('active');
    vi.setSystemTime(T0 + 30 * MIN);
    expect((await read())?.subscription_status).toBe('canceled');
    expect(remote.calls).toBe(2);
  });

  test('an inactive cached team is asked again at once: reactivation is seen on the next read', async () => {
    remote.team = team('canceled');
    expect((await read())?.subscription_status).toBe('canceled');
    expect((await read())?.subscription_status).toBe('canceled');
    expect(remote.calls).toBe(2);
    remote.team = team('active');
    vi.setSystemTime(T0 + MIN);
    expect((await read())?.subscription_status).toBe('active');
    expect((await read())?.subscription_status).toBe('active');
    expect(remote.calls).toBe(3); // the active team answers from the cache again
  });

  test('no team: not cached, and the old team entry is removed', async () => {
    remote.team = team('past_due');
    await read();
    expect((await cached())?.subscription_status).toBe('past_due');
    remote.team = null;
    expect(await read()).toBeNull();
    expect(await cached()).toBeUndefined();
    remote.team = team('active');
    expect((await read())?.subscription_status).toBe('active');
    expect(remote.calls).toBe(3);
  });

  test('a team another screen read afresh (the account screen) replaces the fresh copy at once', async () => {
    remote.team = team('active');
    await read();
    remote.team = team('canceled');
    vi.setSystemTime(T0 + MIN);
    await rememberActiveTeam(team('canceled'), database);
    expect((await read())?.subscription_status).toBe('canceled');
    expect(remote.calls).toBe(2); // the canceled copy is not served: the gate asks again, as for any inactive team
    await rememberActiveTeam(null, database);
    expect(await cached()).toBeUndefined();
  });

  test("no team removes another user's stale entry too; a fresh entry of another user is not served", async () => {
    await writeCache(CACHE_KEYS.activeTeam, team('active', 'auth-2'), database);
    expect(await read()).toBeNull();
    expect(await cached()).toBeUndefined();
  });

  test('a failed refresh keeps the last known team, whatever its age or status', async () => {
    remote.team = team('past_due');
    await read();
    remote.fails = true;
    expect((await read())?.subscription_status).toBe('past_due');
    vi.setSystemTime(T0 + 3 * 60 * MIN);
    remote.team = team('active');
    expect((await read())?.subscription_status).toBe('past_due');
  });

  test("a failed refresh with no known team (or another user's) surfaces the error", async () => {
    remote.fails = true;
    await expect(read()).rejects.toThrow('Failed to fetch');
    remote.fails = false;
    remote.team = team('active', 'auth-2');
    await read('auth-2');
    remote.fails = true;
    vi.setSystemTime(T0 + 31 * MIN);
    await expect(read()).rejects.toThrow('Failed to fetch');
  });
});

describe('one read at a time', () => {
  test('reads started together (React running an effect twice) are one RPC', async () => {
    remote.team = team('active');
    const [a, b] = await Promise.all([read(), read()]);
    expect(remote.calls).toBe(1);
    expect(b).toBe(a);
  });
});

describe('subscription gate with the account setup', () => {
  let setups: number;
  const gate = (setUp: () => void = () => {}) =>
    teamGateOpen(AUTH, {
      fetchTeam,
      runSetup: async () => {
        setups += 1;
        setUp();
      },
      database,
    });

  beforeEach(() => {
    setups = 0;
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  test('an active team: open, no setup', async () => {
    remote.team = team('active');
    expect(await gate()).toBe(true);
    expect(setups).toBe(0);
  });

  test('no team: the setup runs once, the team is read again, and the user is not blocked', async () => {
    expect(await gate(() => (remote.team = team('active')))).toBe(true);
    expect(setups).toBe(1);
    expect(remote.calls).toBe(2);
  });

  test('no team even after the setup: blocked, the setup ran once', async () => {
    expect(await gate()).toBe(false);
    expect(setups).toBe(1);
    expect(remote.calls).toBe(2);
  });

  test('a failed setup is logged and blocks (still no team)', async () => {
    const failing = teamGateOpen(AUTH, {
      fetchTeam,
      runSetup: async () => {
        setups += 1;
        throw new Error('permission denied');
      },
      database,
    });
    expect(await failing).toBe(false);
    expect(setups).toBe(1);
    expect(console.error).toHaveBeenCalledWith('Account setup failed: permission denied');
  });

  test('a canceled team blocks (no setup); reactivated, the next visit is open', async () => {
    remote.team = team('canceled');
    expect(await gate()).toBe(false);
    remote.team = team('active');
    expect(await gate()).toBe(true);
    expect(setups).toBe(0);
  });

  test('the team cannot be read and none is known: logged, the app continues', async () => {
    remote.fails = true;
    expect(await gate()).toBe(true);
    expect(setups).toBe(0);
    expect(console.error).toHaveBeenCalledWith('Error loading team: Failed to fetch');
  });
});
