/**
 * The operators' onboarding notifications (spec 2 §7 "slack-notify: {type 'onboarding_event',
 * message} on state change to setup_complete, error or team_activated, and on stuck, recovery
 * success/failure"): the text of each. The spec gives no wording; ours names the event and
 * the profile state, as stored (operators search for it), and a failed recovery's error.
 */
import type { SetupEffect } from './setupPolling.ts';

export type OnboardingNotice = Extract<SetupEffect, { notify: unknown }>;

const stateName = (state: string | null): string => state ?? 'no profile';

export function onboardingMessage({ notify, state, error }: OnboardingNotice): string {
  switch (notify) {
    case 'stateChanged':
      return `Account setup: state changed to ${stateName(state)}`;
    case 'stuck':
      return `Account setup: stuck at ${stateName(state)}, running the setup again`;
    case 'recovered':
      return `Account setup: recovery succeeded (${stateName(state)})`;
    case 'recoveryFailed':
      return `Account setup: recovery failed (${stateName(state)}): ${error ?? 'no error given'}`;
  }
}
