/**
 * The setup call's answer (spec 2 §3 "Setup result: state, original_state, states_progressed,
 * team_id, success, error"; RPC setup_new_user, §7) and what follows from it (§4 "Setup
 * polling"): "at personal_team_owner with a team id returned, a payment customer is created in
 * the detected currency"; "results team_activated, stripe_customer_created,
 * stripe_free_subscribed count as success then the customer is created; other success states
 * are logged; failure with no profile inserts a profile with empty_profile".
 */
import * as z from 'zod/mini';

const setupResultSchema = z.looseObject({
  state: z.nullish(z.string()),
  original_state: z.nullish(z.string()),
  states_progressed: z.optional(z.unknown()),
  team_id: z.nullish(z.string()),
  success: z.boolean(),
  error: z.nullish(z.string()),
});

export interface SetupResult {
  success: boolean;
  state: string | null;
  originalState: string | null;
  teamId: string | null;
  error: string | null;
}

/** Ours: what an answer that is not a setup result reads as (the call failed). */
export const UNREADABLE_SETUP_RESULT = 'Unreadable setup result';

/**
 * The RPC's JSON (an object, or a list whose first item is one) → a SetupResult; anything else
 * is a failure carrying UNREADABLE_SETUP_RESULT.
 */
export function parseSetupResult(raw: unknown): SetupResult {
  const parsed = setupResultSchema.safeParse(Array.isArray(raw) ? raw[0] : raw);
  if (!parsed.success) return setupFailure(UNREADABLE_SETUP_RESULT);
  const { success, state, original_state, team_id, error } = parsed.data;
  return {
    success,
    state: state ?? null,
    originalState: original_state ?? null,
    teamId: team_id ?? null,
    error: error ?? null,
  };
}

/** A failed call (thrown, network, …) as a result. */
export function setupFailure(error: string): SetupResult {
  return { success: false, state: null, originalState: null, teamId: null, error };
}

/** The success states after which the payment customer is created (§4). */
const CUSTOMER_STATES: readonly string[] = [
  'personal_team_owner',
  'team_activated',
  'stripe_customer_created',
  'stripe_free_subscribed',
];

export type SetupFollowUp =
  /** Create the payment customer of `teamId` (in the detected currency). */
  | { kind: 'createCustomer'; teamId: string }
  /** §4 "other success states are logged" (also a customer state without a team id). */
  | { kind: 'logSuccess'; state: string | null }
  /** §4 "failure with no profile inserts a profile with empty_profile". */
  | { kind: 'insertProfile' }
  /** §8 "Setup errors logged only". */
  | { kind: 'logFailure'; error: string | null };

/**
 * What follows a setup result, given whether the latest check found a profile. The customer
 * needs a team id: the spec says so for personal_team_owner, and the create call cannot name a
 * team without one for the three others either (logged instead).
 */
export function setupFollowUp(result: SetupResult, profileFound: boolean): SetupFollowUp {
  if (!result.success) return profileFound ? { kind: 'logFailure', error: result.error } : { kind: 'insertProfile' };
  if (result.state !== null && CUSTOMER_STATES.includes(result.state) && result.teamId) {
    return { kind: 'createCustomer', teamId: result.teamId };
  }
  return { kind: 'logSuccess', state: result.state };
}
