/**
 * What follows a push (spec 2 §3 "Setup result", §4 "Setup polling"), the team_activated
 * loop-break, the cache correction, slack-notify's onboarding events (§7), logout, 'Check
 * Status Again', and the overlay's debug list (§2 "Setup overlay"). Fake clock: see
 * support/setupHarness.ts. Each test is named after the rule it shows.
 */
import { describe, expect, test } from 'vitest';
import { parseSetupResult, setupFailure, UNREADABLE_SETUP_RESULT } from '../../src/domain/billing/setupResult.ts';
import { profileStateLabel, setupSteps } from '../../src/domain/billing/profileStates.ts';
import { Harness, ok } from './support/setupHarness.ts';

describe('the setup result: customer, log, or a profile inserted', () => {
  test('at personal_team_owner with a team id returned, the customer is created in the detected currency', () => {
    const h = new Harness().start('eur');
    const out = h.holdUntilPush('personal_team_owner', ok('personal_team_owner', 'team-1'));
    expect(out.next).toEqual({ call: 'createCustomer', seq: h.seq, teamId: 'team-1', currency: 'eur' });
    h.send({ type: 'customerAnswered', seq: h.seq, now: h.now, ok: true });
    expect(h.next).toMatchObject({ call: 'check' });
  });

  test('at personal_team_owner without a team id, no customer: the success is logged', () => {
    const h = new Harness().start();
    const out = h.holdUntilPush('personal_team_owner', ok('personal_team_owner'));
    expect(out.next).toMatchObject({ call: 'check' });
    expect(out.effects).toContainEqual({ log: 'setupSucceeded', detail: 'personal_team_owner' });
  });

  test.each(['team_activated', 'stripe_customer_created', 'stripe_free_subscribed'])(
    'result %s counts as success, then the customer is created',
    (state) => {
      const h = new Harness().start('usd');
      const out = h.holdUntilPush('team_activated', ok(state, 'team-9'));
      expect(out.next).toMatchObject({ call: 'createCustomer', teamId: 'team-9', currency: 'usd' });
      expect(out.effects).toContainEqual({ notify: 'recovered', state });
    },
  );

  test.each(['team_created', 'empty_profile', 'setup_complete', 'setup_in_progress'])(
    'other success states are logged (%s): no customer, checked at once',
    (state) => {
      const h = new Harness().start();
      const out = h.holdUntilPush('team_created', ok(state, 'team-1'));
      expect(out.next).toMatchObject({ call: 'check' });
      expect(out.effects).toContainEqual({ log: 'setupSucceeded', detail: state });
    },
  );

  test('the customer is created once per run', () => {
    const h = new Harness().start();
    h.holdUntilPush('team_activated', ok('team_activated', 'team-1'));
    h.send({ type: 'customerAnswered', seq: h.seq, now: h.now, ok: true });
    const out = h.holdUntilPush('team_activated', ok('team_activated', 'team-1'));
    expect(out.next).toMatchObject({ call: 'check' });
  });

  test('a failed customer creation is logged, polling goes on, and a later push tries again', () => {
    const h = new Harness().start();
    h.holdUntilPush('team_activated', ok('team_activated', 'team-1'));
    const failed = h.send({ type: 'customerAnswered', seq: h.seq, now: h.now, ok: false, error: 'card' });
    expect(failed.effects).toEqual([{ log: 'customerFailed', detail: 'card' }]);
    expect(h.next).toMatchObject({ call: 'check' });
    expect(h.holdUntilPush('team_activated', ok('team_activated', 'team-1')).next).toMatchObject({
      call: 'createCustomer',
    });
  });

  test('failure with no profile inserts a profile with empty_profile, then checks', () => {
    const h = new Harness().start();
    const out = h.holdUntilPush(null, setupFailure('Profile not found'));
    expect(out.next).toMatchObject({ call: 'insertProfile' });
    expect(out.effects).toContainEqual({ notify: 'recoveryFailed', state: null, error: 'Profile not found' });
    h.send({ type: 'profileInserted', seq: h.seq, now: h.now, ok: true });
    expect(h.next).toMatchObject({ call: 'check' });
  });

  test('failure with a profile is logged only (setup errors logged only) and notified as a failed recovery', () => {
    const h = new Harness().start();
    const out = h.holdUntilPush('error', setupFailure('boom'));
    expect(out.effects).toEqual([
      { notify: 'recoveryFailed', state: null, error: 'boom' },
      { log: 'setupFailed', detail: 'boom' },
    ]);
    expect(out.next).toMatchObject({ call: 'check' });
  });

  test('a profile insert that fails is logged and the state is checked again', () => {
    const h = new Harness().start();
    h.holdUntilPush(null, setupFailure('no profile'));
    const out = h.send({ type: 'profileInserted', seq: h.seq, now: h.now, ok: false, error: 'denied' });
    expect(out.effects).toEqual([{ log: 'insertProfileFailed', detail: 'denied' }]);
    expect(h.next).toMatchObject({ call: 'check' });
  });

  test.each([
    ['an object', { success: true, state: 'team_activated', team_id: 't', original_state: 'empty_profile' }],
    ['a list (first item)', [{ success: true, state: 'team_activated', team_id: 't', states_progressed: 3 }]],
  ])('the RPC answer parses from %s', (_name, raw) => {
    expect(parseSetupResult(raw)).toMatchObject({ success: true, state: 'team_activated', teamId: 't' });
  });

  test.each([null, 'ok', [], { state: 'x' }, { success: 'yes' }])('an unreadable answer (%j) is a failure', (raw) => {
    expect(parseSetupResult(raw)).toEqual(setupFailure(UNREADABLE_SETUP_RESULT));
  });
});

describe('team_activated repeated more than 5 times is accepted as complete', () => {
  test('accepted at the 6th repeat (7th check), pushes in between, not before', () => {
    const h = new Harness().start();
    const answers: unknown[] = [];
    for (let i = 0; i < 7; i++) {
      if (h.next && 'wait' in h.next) h.elapse();
      answers.push(h.answerCheck('team_activated').next);
      if (h.next && 'call' in h.next && h.next.call === 'setup') h.answerSetup(ok('team_activated'));
    }
    expect(answers.slice(0, 6)).not.toContainEqual({ done: 'loopBreak' });
    expect(answers[6]).toEqual({ done: 'loopBreak' });
    expect(h.state).toMatchObject({ phase: 'done', outcome: 'loopBreak' });
  });

  test('another state in between restarts the count', () => {
    const h = new Harness().start();
    for (let i = 0; i < 5; i++) {
      if (h.next && 'wait' in h.next) h.elapse();
      h.answerCheck('team_activated');
      if (h.next && 'call' in h.next && h.next.call === 'setup') h.answerSetup(ok('team_activated'));
    }
    h.elapse();
    h.answerCheck('stripe_customer_created');
    h.elapse();
    expect(h.answerCheck('team_activated').next).not.toEqual({ done: 'loopBreak' });
  });
});

describe('cache correction, slack-notify, logout, Check Status Again', () => {
  test('setup_complete in the database but not in the cache: the cache is corrected', () => {
    const h = new Harness().start();
    expect(h.answerCheck('setup_complete', 'team_activated').effects).toContainEqual({
      correctCache: 'setup_complete',
    });
    expect(new Harness().start().answerCheck('setup_complete', null).effects).toContainEqual({
      correctCache: 'setup_complete',
    });
  });

  test('setup_complete in both: nothing to correct', () => {
    expect(new Harness().start().answerCheck('setup_complete', 'setup_complete').effects).toEqual([]);
  });

  test.each(['setup_complete', 'error', 'team_activated'])('a change to %s is notified', (state) => {
    const h = new Harness().start();
    h.answerCheck('team_created');
    h.elapse();
    expect(h.answerCheck(state).effects).toContainEqual({ notify: 'stateChanged', state });
  });

  test.each(['team_created', 'personal_team_owner', 'stripe_customer_created', 'stripe_free_subscribed'])(
    'a change to %s is not notified',
    (state) => {
      const h = new Harness().start();
      h.answerCheck('empty_profile');
      h.elapse();
      expect(h.notified('stateChanged')).toEqual([]);
      h.answerCheck(state);
      expect(h.notified('stateChanged')).toEqual([]);
    },
  );

  test('the first sight of a state is not a change', () => {
    expect(new Harness().start().answerCheck('team_activated').effects).toEqual([]);
  });

  test('logout resets the state and stops; an answer from before it is ignored', () => {
    const h = new Harness().start('eur');
    h.answerCheck('personal_team_owner');
    const staleSeq = h.seq;
    const out = h.send({ type: 'logout' });
    expect(out.next).toEqual({ stopped: true });
    expect(h.state).toMatchObject({ phase: 'idle', profileState: undefined, unchanged: 0, customerCreated: false });
    expect(h.send({ type: 'tick', seq: staleSeq, now: h.now + 5_000 }).next).toBeNull();
    h.start();
    expect(
      h.send({ type: 'checked', seq: staleSeq, now: h.now, profileState: 'x', cachedState: null }).next,
    ).toBeNull();
  });

  test('Check Status Again checks at once while waiting; the old timer is then stale', () => {
    const h = new Harness().start();
    h.answerCheck('empty_profile');
    const timer = h.seq;
    h.send({ type: 'checkAgain', now: h.now + 1_000 });
    expect(h.next).toMatchObject({ call: 'check' });
    expect(h.send({ type: 'tick', seq: timer, now: h.now + 10_000 }).next).toBeNull();
  });

  test('Check Status Again is ignored while a call is under way', () => {
    const h = new Harness().start();
    expect(h.send({ type: 'checkAgain', now: h.now }).next).toBeNull();
  });

  test('a failed check is logged and retried after the state’s interval', () => {
    const h = new Harness().start();
    h.answerCheck('team_created');
    h.elapse();
    const out = h.send({ type: 'checkFailed', seq: h.seq, now: h.now, error: 'offline' });
    expect(out.effects).toEqual([{ log: 'checkFailed', detail: 'offline' }]);
    expect(h.waits()).toBe(2_000);
  });
});

describe('the setup overlay’s debug list of seven steps', () => {
  const labels = setupSteps(null).map((s) => s.label);

  test('the seven labels, in order', () => {
    expect(labels).toEqual([
      'Profile Created',
      'Team Created',
      'Team Ownership Set',
      'Team Activated',
      'Stripe Customer Created',
      'Free Plan Subscribed',
      'Setup Complete',
    ]);
  });

  test.each([
    [null, 0],
    ['empty_profile', 1],
    ['team_created', 2],
    ['personal_team_owner', 3],
    ['team_activated', 4],
    ['stripe_customer_created', 5],
    ['stripe_free_subscribed', 6],
    ['setup_complete', 7],
    ['error', 0],
    ['setup_in_progress', 0],
    ['setup_failed', 0],
  ])('at %s, %i steps are done (the first ones)', (state, count) => {
    const done = setupSteps(state).map((s) => s.done);
    expect(done).toEqual(labels.map((_l, i) => i < count));
  });

  test.each([
    ['team_activated', 'Team Activated'],
    ['stripe_free_subscribed', 'Stripe Free Subscribed'],
    ['error', 'Error'],
    ['setup_in_progress', 'Setup In Progress'],
  ])('state %s is shown as %s', (state, label) => {
    expect(profileStateLabel(state)).toBe(label);
  });
});
