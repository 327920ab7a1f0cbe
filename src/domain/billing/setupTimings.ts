/**
 * The setup polling's numbers (spec 2 §4 "Setup polling", §9 "Timers: poll intervals 1, 2, 5,
 * 10 s; stuck detection 2 identical checks or over 3 s; loop-break 5 repeats"): how long to
 * wait before the next check of a profile state, and when a state counts as stuck.
 */
import { SETUP_COMPLETE } from '../settings/activeSetting.ts';
import type { ProfileState } from './profileStates.ts';

/** §4 "no profile retries after 1 s". */
export const NO_PROFILE_RETRY_MS = 1_000;
/** §4 "2 s at team_created or team_activated". */
export const FAST_POLL_MS = 2_000;
/** §4 "every 5 s by default". */
export const DEFAULT_POLL_MS = 5_000;
/** §4 "10 s at empty_profile or error" (§8 "state 'error' polled every 10 s"). */
export const SLOW_POLL_MS = 10_000;

/**
 * §4 "unchanged for 2 checks": checks after the first sight of a state that still show it.
 * Read as the count of repeats, like §9's "loop-break 5 repeats": the state is seen a third
 * time (first sight + 2 unchanged checks). See STUCK_PRONE_STATES for the time rule.
 */
export const STUCK_AFTER_UNCHANGED_CHECKS = 2;
/** §4 "more than 3 s in a stuck-prone state": strictly more. */
export const STUCK_AFTER_MS = 3_000;
/** §4 "team_activated repeated more than 5 times is accepted as complete". */
export const TEAM_ACTIVATED_MAX_REPEATS = 5;

const FAST: readonly string[] = ['team_created', 'team_activated'] satisfies ProfileState[];
const SLOW: readonly string[] = ['empty_profile', 'error'] satisfies ProfileState[];

/**
 * The spec names no stuck-prone state. Ours: the steps the setup call itself performs and that
 * should pass in seconds — team creation and ownership, activation, the payment customer and
 * the free plan. Not: empty_profile (waits for the setup to start, polled slowly), error and
 * setup_failed (already failed: pushed after 2 unchanged checks only), setup_in_progress (the
 * server says it is working) and unknown states.
 */
export const STUCK_PRONE_STATES: readonly string[] = [
  'team_created',
  'personal_team_owner',
  'team_activated',
  'stripe_customer_created',
  'stripe_free_subscribed',
] satisfies ProfileState[];

/**
 * The wait before the next check of a profile in `state` (null: no profile), or null when
 * polling stops (setup_complete). Any other state, unknown ones included, waits 5 s.
 */
export function pollIntervalMs(state: string | null): number | null {
  if (state === null) return NO_PROFILE_RETRY_MS;
  if (state === SETUP_COMPLETE) return null;
  if (FAST.includes(state)) return FAST_POLL_MS;
  if (SLOW.includes(state)) return SLOW_POLL_MS;
  return DEFAULT_POLL_MS;
}

/**
 * Whether a state seen `unchangedChecks` times after its first sight, first seen `elapsedMs`
 * ago, is stuck (§4): 2 unchanged checks in any state still in setup (no profile included),
 * or more than 3 s in a stuck-prone state.
 */
export function isStuck(state: string | null, unchangedChecks: number, elapsedMs: number): boolean {
  if (state === SETUP_COMPLETE) return false;
  if (unchangedChecks >= STUCK_AFTER_UNCHANGED_CHECKS) return true;
  return state !== null && STUCK_PRONE_STATES.includes(state) && elapsedMs > STUCK_AFTER_MS;
}
