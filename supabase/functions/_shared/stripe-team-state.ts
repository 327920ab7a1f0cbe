/**
 * Which of a customer's Stripe subscriptions is the team's, and the team's billing columns it
 * fills (spec 2 §3 Team, §4 statuses). Pure — no imports but the plan rules, no runtime API — so
 * the rule is unit-tested on tables (tests/unit/stripe-team-state.test.ts) and the same code
 * serves every function that reads or writes a team's subscription: stripe-checkout and
 * stripe-subscription-status (which one the caller has), create-stripe-customer, stripe-webhook
 * and the syncs (_shared/stripe-team-sync.ts: what the team gets).
 *
 * Which subscription is in force, when a customer has several (a free one and a paid one bought
 * later, an ended one and a new one, a checkout whose first payment failed):
 * 1. one that is running — active, trialing, past_due, unpaid, paused — before one that never
 *    started (incomplete: its first payment failed, "a declined card leaves the free plan"),
 *    before one that has ended (canceled, incomplete_expired);
 * 2. among running ones, a paid plan before the free plan: a checkout starts a new subscription
 *    and the free one stays live beside it until it is retired (retireFreeSubscriptions), while
 *    the paid one is the team's from the moment it runs;
 * 3. then the newest (`created`; within one second, the first in Stripe's list, which lists
 *    newest first): the last plan taken out is the one in force.
 * No subscription at all → none.
 *
 * What it writes: plan_name and the quotas from the product's metadata (what the product does
 * not give is left as it is), billing_cycle from the price's interval (left as it is for
 * another interval), the Stripe status as is (every one fits teams.subscription_status),
 * subscription_start/end_date from the item's current period (API versions since basil keep
 * periods on items), trial_end_date, stripe_subscription_id.
 */
import { cycleOfInterval, isFreePlan, planMetadataQuotas, planNameOf, type BillingCycle } from './billing-plans.ts';

/** The parts of a Stripe product the team needs (an expanded `price.product`). */
export interface StripeProductLike {
  id: string;
  name?: string | null;
  metadata: Record<string, string>;
}

/** A price's product: its id, the product expanded, or a deleted product expanded. */
type ExpandableProduct = string | StripeProductLike | { id: string; deleted: true };

/** What the choice of the subscription in force reads (the plan only when the product is expanded). */
export interface SubscriptionFacts {
  status: string;
  created: number;
  items?: { data: ReadonlyArray<{ price: { product: ExpandableProduct } }> };
}

/** The parts of a Stripe subscription the team needs, with `items.data.price.product` expanded. */
export interface StripeSubscriptionLike extends SubscriptionFacts {
  id: string;
  customer: string | { id: string };
  trial_end: number | null;
  metadata?: Record<string, string> | null;
  items: {
    data: Array<{
      current_period_start: number;
      current_period_end: number;
      price: { recurring: { interval: string } | null; product: ExpandableProduct };
    }>;
  };
}

/** The team columns written from Stripe (snake case: the row as stored). */
export interface TeamBilling {
  plan_name?: string;
  billing_cycle?: BillingCycle;
  subscription_status: string;
  subscription_start_date: string | null;
  subscription_end_date: string | null;
  trial_end_date: string | null;
  stripe_subscription_id: string;
  api_quota?: number;
  notion_pages_quota?: number;
}

const RUNNING = new Set(['active', 'trialing', 'past_due', 'unpaid', 'paused']);
const ENDED = new Set(['canceled', 'incomplete_expired']);

/** Running: started (its first payment went through, or its trial began) and not ended. */
export const isRunning = (sub: Pick<SubscriptionFacts, 'status'>): boolean => RUNNING.has(sub.status);

/** Not ended: running, or not started yet (incomplete). */
export const isLive = (sub: Pick<SubscriptionFacts, 'status'>): boolean => !ENDED.has(sub.status);

const expandedProduct = (product: ExpandableProduct | undefined): StripeProductLike | null =>
  typeof product === 'object' && !('deleted' in product && product.deleted) ? (product as StripeProductLike) : null;

/** Whether the subscription is on the free plan (read from its price's expanded product; not expanded: not free). */
export function isFreeSubscription(sub: SubscriptionFacts): boolean {
  const product = expandedProduct(sub.items?.data[0]?.price.product);
  return product ? isFreePlan(product) : false;
}

/** 3: running on a paid plan, 2: running on the free plan, 1: never started, 0: ended. */
function standing(sub: SubscriptionFacts): number {
  if (isRunning(sub)) return isFreeSubscription(sub) ? 2 : 3;
  return isLive(sub) ? 1 : 0;
}

/** The subscription in force among a customer's subscriptions (any status, as Stripe lists them), or null. */
export function subscriptionInForce<T extends SubscriptionFacts>(subscriptions: readonly T[]): T | null {
  let best: T | null = null;
  for (const sub of subscriptions) {
    const ahead = best ? standing(sub) - standing(best) : 1;
    if (ahead > 0 || (ahead === 0 && sub.created > best!.created)) best = sub;
  }
  return best;
}

/** Unix seconds → ISO 8601; null stays null. */
export const isoFromUnix = (seconds: number | null | undefined): string | null =>
  typeof seconds === 'number' ? new Date(seconds * 1000).toISOString() : null;

/** The id of an expandable field, expanded or not. */
export const idOf = (value: string | { id: string }): string => (typeof value === 'string' ? value : value.id);

/** The team's billing columns from the subscription in force. */
export function teamBillingOf(sub: StripeSubscriptionLike): TeamBilling {
  const item = sub.items.data[0];
  const product = expandedProduct(item?.price.product);
  const billing: TeamBilling = {
    subscription_status: sub.status,
    subscription_start_date: isoFromUnix(item?.current_period_start),
    subscription_end_date: isoFromUnix(item?.current_period_end),
    trial_end_date: isoFromUnix(sub.trial_end),
    stripe_subscription_id: sub.id,
  };
  const cycle = cycleOfInterval(item?.price.recurring?.interval);
  if (cycle) billing.billing_cycle = cycle;
  if (product) {
    const planName = planNameOf(product);
    if (planName) billing.plan_name = planName;
    const quotas = planMetadataQuotas(product.metadata);
    if (quotas.linkedInImports !== null) billing.api_quota = quotas.linkedInImports;
    if (quotas.notionEdits !== null) billing.notion_pages_quota = quotas.notionEdits;
  }
  return billing;
}
