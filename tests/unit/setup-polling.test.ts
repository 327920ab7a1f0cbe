/**
 * The setup gate's polling (spec 2 §4 "Setup polling", §7 slack-notify, §8, §9 timers) driven
 * by a fake clock: the harness keeps the time, runs each `wait` by moving it, and answers each
 * call as the test says. Every test is named after the rule it shows.
 */
import { describe, expect, test } from 'vitest';
import { stepSetupPolling } from '../../src/domain/billing/setupPolling.ts';
import { setupFailure } from '../../src/domain/billing/setupResult.ts';
import { Harness, ok, T0 } from './support/setupHarness.ts';

describe('intervals: no profile 1 s, team_created / team_activated 2 s, empty_profile / error 10 s, else 5 s', () => {
  test('no profile retries after 1 s', () => {
    const h = new Harness().start();
    h.answerCheck(null);
    expect(h.waits()).toBe(1_000);
  });

  test.each([
    ['team_created', 2_000],
    ['team_activated', 2_000],
    ['empty_profile', 10_000],
    ['error', 10_000],
    ['personal_team_owner', 5_000],
    ['stripe_customer_created', 5_000],
    ['stripe_free_subscribed', 5_000],
    ['setup_in_progress', 5_000],
    ['setup_failed', 5_000],
    ['a state the spec does not name', 5_000],
  ])('%s is checked again after %i ms', (state, ms) => {
    const h = new Harness().start();
    h.answerCheck(state);
    expect(h.waits()).toBe(ms);
  });

  test('the wait follows the latest state: 10 s at empty_profile, then 2 s at team_created', () => {
    const h = new Harness().start();
    h.answerCheck('empty_profile');
    h.elapse();
    h.answerCheck('team_created');
    expect(h.waits()).toBe(2_000);
    expect(h.checks).toEqual([0, 10_000]);
  });

  test('polling stops at setup_complete', () => {
    const h = new Harness().start();
    h.answerCheck('team_activated');
    h.elapse();
    const out = h.answerCheck('setup_complete', 'setup_complete');
    expect(out.next).toEqual({ done: 'complete' });
    expect(h.state.phase).toBe('done');
    expect(stepSetupPolling(h.state, { type: 'tick', seq: h.state.seq, now: h.now }).next).toBeNull();
  });
});

describe('stuck: unchanged for 2 checks, or more than 3 s in a stuck-prone state → the setup call', () => {
  test('a state unchanged for 2 checks is stuck: empty_profile pushes at its third sight (0, 10, 20 s)', () => {
    const h = new Harness().start();
    h.holdUntilPush('empty_profile', ok('team_created'));
    expect(h.checks).toEqual([0, 10_000, 20_000]);
    expect(h.pushes).toEqual([20_000]);
  });

  test('error is not stuck-prone: past 3 s it still waits for 2 unchanged checks (pushed at 20 s)', () => {
    const h = new Harness().start();
    h.holdUntilPush('error');
    expect(h.pushes).toEqual([20_000]);
  });

  test('no profile unchanged for 2 checks pushes too (0, 1, 2 s)', () => {
    const h = new Harness().start();
    h.holdUntilPush(null, setupFailure('no profile'));
    expect(h.pushes).toEqual([2_000]);
  });

  test.each(['personal_team_owner', 'stripe_customer_created', 'stripe_free_subscribed'])(
    'more than 3 s in stuck-prone %s pushes at its second sight (5 s)',
    (state) => {
      const h = new Harness().start();
      h.holdUntilPush(state);
      expect(h.pushes).toEqual([5_000]);
    },
  );

  test.each(['team_created', 'team_activated'])(
    'stuck-prone %s, checked every 2 s, is pushed at 4 s (more than 3 s, and 2 unchanged checks)',
    (state) => {
      const h = new Harness().start();
      h.holdUntilPush(state);
      expect(h.checks).toEqual([0, 2_000, 4_000]);
      expect(h.pushes).toEqual([4_000]);
    },
  );

  test('exactly 3 s is not more than 3 s; 3001 ms is', () => {
    const h = new Harness().start();
    h.answerCheck('team_created');
    h.elapse();
    h.send({ type: 'checked', seq: h.seq, now: T0 + 3_000, profileState: 'team_created', cachedState: null });
    expect(h.next).toMatchObject({ wait: 2_000 });
    const late = new Harness().start();
    late.answerCheck('team_created');
    late.elapse();
    late.send({ type: 'checked', seq: late.seq, now: T0 + 3_001, profileState: 'team_created', cachedState: null });
    expect(late.next).toMatchObject({ call: 'setup' });
  });

  test('a change of state restarts the count and the 3 s', () => {
    const h = new Harness().start();
    h.answerCheck('team_created');
    h.elapse();
    h.answerCheck('personal_team_owner');
    expect(h.next).toMatchObject({ wait: 5_000 });
    h.elapse();
    h.answerCheck('team_activated');
    expect(h.next).toMatchObject({ wait: 2_000 });
  });

  test('stuck is notified (slack-notify) and shown, then the setup call pushes', () => {
    const h = new Harness().start();
    h.answerCheck('personal_team_owner');
    h.elapse();
    h.answerCheck('personal_team_owner');
    expect(h.notified('stuck')).toEqual([{ notify: 'stuck', state: 'personal_team_owner' }]);
    expect(h.state.stuck).toBe(true);
    expect(h.next).toMatchObject({ call: 'setup' });
  });

  test('after a push the state is checked at once and counted afresh', () => {
    const h = new Harness().start();
    h.holdUntilPush('empty_profile', setupFailure('still failing'));
    expect(h.next).toMatchObject({ call: 'check' });
    h.answerCheck('empty_profile');
    expect(h.next).toMatchObject({ wait: 10_000 });
    h.holdUntilPush('empty_profile', setupFailure('still failing'));
    expect(h.checks).toEqual([0, 10_000, 20_000, 20_000, 30_000, 40_000]);
    expect(h.pushes).toEqual([20_000, 40_000]);
  });

  test('the stuck flag clears when the state changes', () => {
    const h = new Harness().start();
    h.holdUntilPush('personal_team_owner');
    h.answerCheck('team_activated');
    expect(h.state.stuck).toBe(false);
  });
});
