/**
 * The subscription gate (spec 2 §2 Root and NewProfile, §4 "Subscription gate"): may this team
 * use the product? Active means full use; any other status, or no team at all, blocks the
 * profile check, Add and navigation (except to the account screen).
 *
 * - no team → blocked;
 * - no status → active (spec: "A missing status counts as active");
 * - `active`, or a paid plan keyword (`pro`, `startup`, `enterprise`) → active;
 * - on trial (spec: "while trial_end_date is in the future") → active;
 * - anything else (`trialing` past its end, `canceled`, `past_due`, `unpaid`, `incomplete`,
 *   `incomplete_expired`, `paused`, `free`) → blocked. The free plan is stored as status
 *   `active` with plan_name `free` (supabase/migrations), so it passes.
 */

export const SUBSCRIPTION_INACTIVE = 'Subscription Inactive';

const PAID_PLANS = new Set(['pro', 'startup', 'enterprise']);

/** The team columns the gate reads. */
export interface TeamSubscription {
  subscription_status: string | null;
  trial_end_date: string | null;
}

export function isOnTrial(team: TeamSubscription, nowMs: number): boolean {
  if (!team.trial_end_date) return false;
  const end = Date.parse(team.trial_end_date);
  return Number.isFinite(end) && end > nowMs;
}

export function isSubscriptionActive(team: TeamSubscription | null, nowMs: number): boolean {
  if (!team) return false;
  const status = team.subscription_status;
  if (status === null || status === '') return true;
  return status === 'active' || PAID_PLANS.has(status) || isOnTrial(team, nowMs);
}
