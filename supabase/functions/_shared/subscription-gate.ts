/**
 * The subscription gate (spec 2 §4 "Subscription gate", "Subscription statuses"): may this
 * team use the product? ONE rule, read by both sides — the get-profile-data-by-url edge
 * function (Deno) and the app's Root/NewProfile blocker (Vite) import this file — so it has
 * no imports and touches no runtime API beyond `Date`.
 *
 * - no team → blocked ("a missing team blocks");
 * - no status (null) → active ("a missing status counts as active");
 * - `active`, `trialing`, the paid plan keywords `pro` / `startup` / `enterprise`, and the
 *   `free` plan keyword → active (the free plan is usable; setup_new_user without billing
 *   stores it as status `active`, plan_name `free`);
 * - any other status (`canceled`, `past_due`, `unpaid`, `incomplete`, `incomplete_expired`,
 *   `paused`, an empty or unknown one) → active only while trial_end_date is in the future
 *   ("a team is on trial while trial_end_date is in the future"), else blocked.
 */

/**
 * What a blocked caller is told (spec 2 §8 "You don't have an active subscription."): the
 * notion-proxy's refusal carries it, and the app's classifier recognises it.
 */
export const NO_ACTIVE_SUBSCRIPTION = "You don't have an active subscription.";

/** The team columns the gate reads. */
export interface TeamSubscription {
  subscription_status: string | null;
  trial_end_date: string | null;
}

const OPEN_STATUSES = new Set(['active', 'trialing', 'pro', 'startup', 'enterprise', 'free']);

function trialRunning(trialEndDate: string | null, nowMs: number): boolean {
  if (trialEndDate === null) return false;
  const end = Date.parse(trialEndDate);
  return Number.isFinite(end) && end > nowMs;
}

/** Whether the team may use the product at `nowMs` (epoch milliseconds, default now). */
export function isSubscriptionActive(team: TeamSubscription | null, nowMs: number = Date.now()): boolean {
  if (!team) return false;
  if (team.subscription_status === null || OPEN_STATUSES.has(team.subscription_status)) return true;
  return trialRunning(team.trial_end_date, nowMs);
}
