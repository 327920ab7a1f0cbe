/**
 * /stripe-test's hardcoded part (spec 2 §2 "three hardcoded sample plans (9.99, 19.99, 49.99
 * per month); simulated subscription states (active, trial, canceled, none)", §9 "Sample plan
 * prices 9.99, 19.99, 49.99"). A simulated state is a team's billing columns as the database
 * would hold them, read through the account page's own rules (label, active or not, Manage or
 * Compare), so the screen shows what the account page would show — no second rule.
 */
import { hasActiveSubscription, planCardAction, type TeamBilling } from '../billing/planCard.ts';
import { subscriptionLabel } from '../billing/subscriptionLabel.ts';

export interface SamplePlan {
  name: string;
  /** Minor units per month, USD. */
  monthlyAmount: number;
}

/** The plan names are ours (the spec gives only the prices). */
export const SAMPLE_PLANS: readonly SamplePlan[] = [
  { name: 'Starter', monthlyAmount: 999 },
  { name: 'Pro', monthlyAmount: 1999 },
  { name: 'Enterprise', monthlyAmount: 4999 },
];
export const SAMPLE_PLAN_CURRENCY = 'usd';

export const SIMULATED_STATES = ['active', 'trial', 'canceled', 'none'] as const;
export type SimulatedState = (typeof SIMULATED_STATES)[number];

const DAY_MS = 86_400_000;
/** How far the simulated trial's end and the simulated period's end lie from now. */
export const SIMULATED_DAYS_AHEAD = 14;

/** The team's billing columns in a simulated state, `nowMs` being now. */
export function simulatedTeam(state: SimulatedState, nowMs: number): TeamBilling {
  const ahead = new Date(nowMs + SIMULATED_DAYS_AHEAD * DAY_MS).toISOString();
  const paying = { plan_name: 'pro', stripe_customer_id: 'cus_SIMULATED0001', trial_end_date: null };
  switch (state) {
    case 'active':
      return { ...paying, subscription_status: 'active', subscription_end_date: ahead };
    case 'trial':
      return { ...paying, subscription_status: 'trialing', trial_end_date: ahead, subscription_end_date: ahead };
    case 'canceled':
      return { ...paying, subscription_status: 'canceled', subscription_end_date: new Date(nowMs).toISOString() };
    case 'none':
      return {
        plan_name: null,
        stripe_customer_id: null,
        trial_end_date: null,
        subscription_status: null,
        subscription_end_date: null,
      };
  }
}

export interface SimulatedOutcome {
  label: string;
  active: boolean;
  action: 'manage' | 'compare';
}

/** What the account page would show for a team in `state`. */
export function simulatedOutcome(state: SimulatedState, nowMs: number): SimulatedOutcome {
  const team = simulatedTeam(state, nowMs);
  return {
    label: subscriptionLabel(team.subscription_status),
    active: hasActiveSubscription(team, nowMs),
    action: planCardAction(team, nowMs),
  };
}
