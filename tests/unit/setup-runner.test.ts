/**
 * The setup overlay's runner (src/features/setup/setupRunner.ts): the polling machine carried
 * out with real timers (here vitest's fake ones) and a scripted I/O — each wait is a timeout of
 * the machine's length, each call's answer (or failure) goes back in, effects reach the I/O,
 * and after stop no timer or late answer does anything.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { SetupEffect } from '../../src/domain/billing/setupPolling.ts';
import type { SetupResult } from '../../src/domain/billing/setupResult.ts';
import type { Currency } from '../../src/domain/billing/currency.ts';
import { createSetupRunner, type SetupIo } from '../../src/features/setup/setupRunner.ts';
import { ok } from './support/setupHarness.ts';

/** An I/O whose database is `states` (the next answers in order, the last repeated), recorded. */
class ScriptedIo implements SetupIo {
  checks = 0;
  setups = 0;
  customers: [string, Currency][] = [];
  effects: SetupEffect[] = [];
  pendingCheck: ((answer: { profileState: string | null; cachedState: string | null }) => void) | null = null;
  constructor(
    public states: (string | null)[],
    public setupAnswer: () => Promise<SetupResult> = async () => ok('team_activated'),
    public cachedState: string | null = null,
    public holdChecks = false,
  ) {}
  check() {
    this.checks++;
    const profileState = this.states.length > 1 ? this.states.shift()! : this.states[0];
    const answer = { profileState, cachedState: this.cachedState };
    if (!this.holdChecks) return Promise.resolve(answer);
    return new Promise<typeof answer>((resolve) => (this.pendingCheck = resolve));
  }
  setup() {
    this.setups++;
    return this.setupAnswer();
  }
  async createCustomer(teamId: string, currency: Currency) {
    this.customers.push([teamId, currency]);
  }
  async insertProfile() {}
  effect(effect: SetupEffect) {
    this.effects.push(effect);
  }
}

/** Lets answered promises run (no time passes). */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => vi.useFakeTimers({ now: Date.parse('2026-11-24T12:00:00Z') }));
afterEach(() => vi.useRealTimers());

describe('waits are timers of the machine’s length', () => {
  test('team_created is checked again after 2 s, not before', async () => {
    const io = new ScriptedIo(['team_created']);
    createSetupRunner(io).start('usd');
    await settle();
    expect(io.checks).toBe(1);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(io.checks).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(io.checks).toBe(2);
  });

  test('empty_profile waits 10 s', async () => {
    const io = new ScriptedIo(['empty_profile']);
    createSetupRunner(io).start('usd');
    await vi.advanceTimersByTimeAsync(9_999);
    expect(io.checks).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(io.checks).toBe(2);
  });

  test('Check Status Again checks at once, and the wait it cut short adds no check', async () => {
    const io = new ScriptedIo(['empty_profile', 'empty_profile', 'team_created']);
    const runner = createSetupRunner(io);
    runner.start('usd');
    await vi.advanceTimersByTimeAsync(1_000);
    runner.checkAgain();
    await settle();
    expect(io.checks).toBe(2);
    // The first wait would have ended at 10 s; the new one ends 10 s after the second check.
    await vi.advanceTimersByTimeAsync(9_500);
    expect(io.checks).toBe(2);
    await vi.advanceTimersByTimeAsync(500);
    expect(io.checks).toBe(3);
  });
});

describe('calls and effects', () => {
  test('stuck at team_activated: the setup call, then the customer of its team in the currency given at start', async () => {
    const io = new ScriptedIo(['team_activated'], async () => ok('team_activated', 'team-1'));
    const runner = createSetupRunner(io);
    runner.start('eur');
    // Checks at 0, 2 and 4 s: the third sight (2 unchanged checks) is stuck.
    await vi.advanceTimersByTimeAsync(4_000);
    expect(io.setups).toBe(1);
    expect(io.customers).toEqual([['team-1', 'eur']]);
    expect(io.effects).toContainEqual({ notify: 'stuck', state: 'team_activated' });
    expect(io.effects).toContainEqual({ notify: 'recovered', state: 'team_activated' });
  });

  test('a setup call that throws is a failed result: notified with its text, and polling goes on', async () => {
    const io = new ScriptedIo(['team_created'], () => Promise.reject(new Error('connection reset')));
    createSetupRunner(io).start('usd');
    await vi.advanceTimersByTimeAsync(4_000);
    expect(io.setups).toBe(1);
    expect(io.effects).toContainEqual({ notify: 'recoveryFailed', state: null, error: 'connection reset' });
    const checksAfterPush = io.checks;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(io.checks).toBeGreaterThan(checksAfterPush);
  });

  test('setup_complete in the database but not in the cache: done, the cache corrected, no more checks', async () => {
    const io = new ScriptedIo(['setup_complete'], undefined, 'team_activated');
    const runner = createSetupRunner(io);
    runner.start('usd');
    await settle();
    expect(runner.state.outcome).toBe('complete');
    expect(io.effects).toContainEqual({ correctCache: 'setup_complete' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(io.checks).toBe(1);
  });

  test('subscribers hear each change', async () => {
    const io = new ScriptedIo(['team_created', 'setup_complete']);
    const runner = createSetupRunner(io);
    const heard: (string | null | undefined)[] = [];
    runner.subscribe(() => heard.push(runner.state.profileState));
    runner.start('usd');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(heard).toContain('team_created');
    expect(heard.at(-1)).toBe('setup_complete');
  });
});

describe('stop (logout, the overlay gone)', () => {
  test('clears the pending wait: no check ever follows', async () => {
    const io = new ScriptedIo(['team_created']);
    const runner = createSetupRunner(io);
    runner.start('usd');
    await settle();
    runner.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(io.checks).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  test('an answer arriving after stop changes nothing and starts nothing', async () => {
    const io = new ScriptedIo(['team_activated'], undefined, null, true);
    const runner = createSetupRunner(io);
    runner.start('usd');
    await settle();
    runner.stop();
    const reset = runner.state;
    expect(reset.profileState).toBeUndefined();
    io.pendingCheck!({ profileState: 'team_activated', cachedState: null });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runner.state).toBe(reset);
    expect(io.checks).toBe(1);
    expect(io.effects).toEqual([]);
  });
});
