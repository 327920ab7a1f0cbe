/**
 * The account-setup states of a profile (spec 2 §3 "Profile: … profile_state", §4 "Profile
 * states", §2 "Setup overlay"): the seven states in order, the three others, how a state reads
 * ("Shown with underscores replaced and capitalised") and the setup overlay's debug list of
 * seven steps, each done once the profile has reached its state.
 */
import { SETUP_COMPLETE } from '../settings/activeSetting.ts';

/** §4 "Profile states in order: empty_profile, …, setup_complete". */
export const PROFILE_STATES_IN_ORDER = [
  'empty_profile',
  'team_created',
  'personal_team_owner',
  'team_activated',
  'stripe_customer_created',
  'stripe_free_subscribed',
  SETUP_COMPLETE,
] as const;

/** §4 "also error; setup_in_progress and setup_failed also exist". */
export const OTHER_PROFILE_STATES = ['error', 'setup_in_progress', 'setup_failed'] as const;

export type OrderedProfileState = (typeof PROFILE_STATES_IN_ORDER)[number];
export type ProfileState = OrderedProfileState | (typeof OTHER_PROFILE_STATES)[number];

/** §2 "Setup overlay": the debug list's labels, one per state of the order (same index). */
export const SETUP_STEP_LABELS = [
  'Profile Created',
  'Team Created',
  'Team Ownership Set',
  'Team Activated',
  'Stripe Customer Created',
  'Free Plan Subscribed',
  'Setup Complete',
] as const;

export interface SetupStep {
  label: (typeof SETUP_STEP_LABELS)[number];
  state: OrderedProfileState;
  done: boolean;
}

/** Where a state sits in the order, or -1 for error, setup_in_progress, setup_failed and unknown ones. */
export function profileStateRank(state: string | null): number {
  return PROFILE_STATES_IN_ORDER.indexOf(state as OrderedProfileState);
}

/**
 * The debug list for a profile in `state` (null: no profile yet): a step is done when the
 * profile has reached its state or a later one. A state outside the order (error, …) marks no
 * step done: it says nothing of how far the setup came.
 */
export function setupSteps(state: string | null): SetupStep[] {
  const reached = profileStateRank(state);
  return PROFILE_STATES_IN_ORDER.map((step, index) => ({
    label: SETUP_STEP_LABELS[index],
    state: step,
    done: index <= reached,
  }));
}

/** 'team_activated' → 'Team Activated' (§4: underscores replaced, each word capitalised). */
export function profileStateLabel(state: string): string {
  return state
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
