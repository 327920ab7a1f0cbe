/**
 * What the billing functions read from Stripe, in the shapes the app reads (spec 2 §3 Product,
 * Price, Subscription): the catalogue, a customer's subscriptions, ending a subscription now
 * (whoever ended it first), and the retiring of a free subscription a paid one replaced. Which
 * subscription is the team's, and the team columns it fills, are _shared/stripe-team-state.ts's.
 *
 * What must stay true:
 * - the catalogue is the ACTIVE prices of ACTIVE Sidenote plans (products whose metadata gives
 *   both quotas: billing-plans.ts's isSidenotePlan), not whatever else the Stripe account sells;
 *   a price a request names is valid only if it is one of them (stripe-checkout), and only they
 *   are offered (stripe-products) or subscribed as the free plan (create-stripe-customer);
 * - a customer on the free plan who checks out has two live subscriptions until the paid one runs
 *   and the free one is retired (`retireFreeSubscriptions`, run by every sync of the team —
 *   the webhook's first — and by stripe-subscription-status).
 */
import type { Stripe } from './stripe.ts';
import { isFreePlan, isSidenotePlan } from './billing-plans.ts';
import { isFreeSubscription, isLive, isRunning } from './stripe-team-state.ts';

const PAGE_LIMIT = 100;

export interface CatalogPrice {
  id: string;
  unit_amount: number | null;
  currency: string;
  recurring: { interval: string; interval_count: number } | null;
  isDefault: boolean;
  nickname: string | null;
  lookup_key: string | null;
  metadata: Record<string, string>;
  product: string;
}

export interface CatalogProduct {
  id: string;
  name: string;
  description: string | null;
  metadata: Record<string, string>;
  marketing_features: { name: string }[];
  prices: CatalogPrice[];
}

export const productOf = (price: Stripe.Price): Stripe.Product | null =>
  typeof price.product === 'object' && price.product !== null && !('deleted' in price.product && price.product.deleted)
    ? (price.product as Stripe.Product)
    : null;

/** Every active price of an active Sidenote plan (all pages), with its product; `currency` narrows them. */
export async function activePrices(stripe: Stripe, currency?: string): Promise<Stripe.Price[]> {
  const prices: Stripe.Price[] = [];
  for await (const price of stripe.prices.list({
    active: true,
    limit: PAGE_LIMIT,
    expand: ['data.product'],
    ...(currency && { currency }),
  })) {
    const product = productOf(price);
    if (product?.active && isSidenotePlan(product)) prices.push(price);
  }
  return prices;
}

function catalogPrice(price: Stripe.Price, product: Stripe.Product): CatalogPrice {
  return {
    id: price.id,
    unit_amount: price.unit_amount,
    currency: price.currency,
    recurring: price.recurring
      ? { interval: price.recurring.interval, interval_count: price.recurring.interval_count }
      : null,
    isDefault: product.default_price === price.id,
    nickname: price.nickname,
    lookup_key: price.lookup_key,
    metadata: price.metadata ?? {},
    product: product.id,
  };
}

/** The products of these prices, each with its prices, in the order Stripe listed them. */
export function catalogOf(prices: readonly Stripe.Price[]): CatalogProduct[] {
  const products = new Map<string, CatalogProduct>();
  for (const price of prices) {
    const product = productOf(price);
    if (!product) continue;
    let entry = products.get(product.id);
    if (!entry) {
      entry = {
        id: product.id,
        name: product.name,
        description: product.description ?? null,
        metadata: product.metadata ?? {},
        marketing_features: (product.marketing_features ?? []).flatMap((f) => (f.name ? [{ name: f.name }] : [])),
        prices: [],
      };
      products.set(product.id, entry);
    }
    entry.prices.push(catalogPrice(price, product));
  }
  return [...products.values()];
}

/** Catalogue facts of a price (its product expanded or looked up). */
export function planOfPrice(price: Stripe.Price): { product: Stripe.Product; free: boolean } | null {
  const product = productOf(price);
  return product ? { product, free: isFreePlan(product) } : null;
}

/** The customer's subscriptions, all statuses, each with its price's product. */
export async function subscriptionsOf(stripe: Stripe, customerId: string): Promise<Stripe.Subscription[]> {
  const subs: Stripe.Subscription[] = [];
  for await (const sub of stripe.subscriptions.list({
    customer: customerId,
    status: 'all',
    limit: PAGE_LIMIT,
    expand: ['data.items.data.price.product', 'data.default_payment_method'],
  })) {
    subs.push(sub);
  }
  return subs;
}

/** Whether Stripe answered that the object does not exist (404 resource_missing). */
export const isMissingInStripe = (error: unknown): boolean =>
  (error as { statusCode?: number }).statusCode === 404 || (error as { code?: string }).code === 'resource_missing';

/**
 * Ends a subscription now. One that ended meanwhile (another call canceled it: Stripe refuses to
 * cancel a canceled subscription again) is done, not a failure; only one still live is.
 */
export async function endSubscription(stripe: Stripe, subscriptionId: string): Promise<void> {
  try {
    await stripe.subscriptions.cancel(subscriptionId);
  } catch (error) {
    if (isLive(await stripe.subscriptions.retrieve(subscriptionId))) throw error;
  }
}

/**
 * Cancels the customer's live free subscriptions once a paid one is running (checkout always
 * starts a new subscription; the free one it replaces must not stay beside it). A paid one that
 * never started (incomplete: its first payment failed) retires nothing: the free plan stays in
 * force until the paid one runs (stripe-team-state's rule). Returns the ids canceled.
 * Idempotent: a second call finds none, and one retired meanwhile is fine (endSubscription).
 */
export async function retireFreeSubscriptions(stripe: Stripe, subs: readonly Stripe.Subscription[]): Promise<string[]> {
  const paid = subs.some((s) => isRunning(s) && !isFreeSubscription(s));
  if (!paid) return [];
  const free = subs.filter((s) => isLive(s) && isFreeSubscription(s));
  for (const sub of free) await endSubscription(stripe, sub.id);
  return free.map((s) => s.id);
}
