/**
 * The operators' onboarding notices (spec 2 §7 slack-notify "on state change to setup_complete,
 * error or team_activated, and on stuck, recovery success/failure"): each event reads as its
 * own text, names the profile state (or "no profile") and, for a failed recovery, the error.
 */
import { describe, expect, test } from 'vitest';
import { onboardingMessage } from '../../src/domain/billing/onboardingMessages.ts';

describe('onboardingMessage', () => {
  test.each([
    [{ notify: 'stateChanged', state: 'setup_complete' }, 'Account setup: state changed to setup_complete'],
    [{ notify: 'stuck', state: 'team_activated' }, 'Account setup: stuck at team_activated, running the setup again'],
    [{ notify: 'stuck', state: null }, 'Account setup: stuck at no profile, running the setup again'],
    [
      { notify: 'recovered', state: 'stripe_free_subscribed' },
      'Account setup: recovery succeeded (stripe_free_subscribed)',
    ],
    [
      { notify: 'recoveryFailed', state: null, error: 'User not found' },
      'Account setup: recovery failed (no profile): User not found',
    ],
    [
      { notify: 'recoveryFailed', state: 'error', error: null },
      'Account setup: recovery failed (error): no error given',
    ],
  ] as const)('%j', (notice, text) => expect(onboardingMessage(notice)).toBe(text));
});
