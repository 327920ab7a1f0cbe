/**
 * The active team as the subscription gate reads it (spec 1 §4, spec 2 §4 "Active team"), on
 * fake-indexeddb with a fake clock: cached 30 minutes; a missing team is not cached (asked
 * again next time, so a team created by setup unblocks at once); when a refresh fails the
 * last known team of this user is kept whatever its age, and with none known the error
 * surfaces. The remote side is a fake of RPC get_user_active_team.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { activeTeamOrLastKnown } from '../../src/data/db/localCopies.ts';
import { SidenoteDatabase } from '../../src/data/db/schema.ts';
import { isSubscriptionActive } from '../../src/domain/capture/subscriptionGate.ts';

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
const read = (authId = AUTH) => activeTeamOrLastKnown(authId, fetchTeam, database);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
  database = new SidenoteDatabase(`team-cache-${Math.random()}`);
  remote = { team: null, fails: false, calls: 0 };
});
afterEach(async () => {
  vi.useRealTimers();
  await database.delete();
});

describe('active team for the subscription gate', () => {
  test('no team: blocked, not cached — a team created later is seen on the next read', async () => {
    expect(isSubscriptionActive(await read(), Date.now())).toBe(false);
    remote.team = team('active');
    expect(isSubscriptionActive(await read(), Date.now())).toBe(true);
    expect(remote.calls).toBe(2);
  });

  test('a team is cached 30 minutes: a status change shows at 30:00, not at 29:59', async () => {
    remote.team = team('active');
    await read();
    remote.team = team('canceled');
    vi.setSystemTime(T0 + 30 * MIN - 1_000);
    expect((await read())?.subscription_status).toBe('active');
    vi.setSystemTime(T0 + 30 * MIN);
    expect((await read())?.subscription_status).toBe('canceled');
    expect(remote.calls).toBe(2);
  });

  test('a failed refresh keeps the last known team, whatever its age', async () => {
    remote.team = team('past_due');
    await read();
    remote.fails = true;
    vi.setSystemTime(T0 + 3 * 60 * MIN);
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
