/**
 * THE plan and price rules shared by the app (Vite; re-exported by src/domain/billing/prices.ts,
 * plans.ts and planCard.ts) and the billing edge functions (Deno): which price of a plan is
 * meant (spec 2 §9 "Price choice: matching lookup key or id, optionally currency and interval;
 * default price preferred, else first"), the billing cycles, the plan's name and quotas in its
 * product's metadata, and the free plan. No runtime imports and no runtime API: `_shared` is
 * deployed with every function and the app bundles this file too.
 *
 * - the plan's name is `metadata.plan_name` (the plan's key: `free`, `pro`, `startup`,
 *   `enterprise`), else the product's name, lower case — the key teams.plan_name holds (§4 "pro,
 *   startup, enterprise (all paid), free"; billing_config.free_plan_name), whatever the case of
 *   the catalogue;
 * - its quotas are whole numbers as text in `metadata.api_quota` and
 *   `metadata.notion_pages_quota` (the spec is silent on the keys; ours are the team columns they
 *   fill); a missing or malformed one is null — not shown, not written; a product without both
 *   is not a Sidenote plan (`isSidenotePlan`): the catalogue leaves it out;
 * - the cycle is the price's recurring interval: month → monthly, year → yearly.
 */
import type { Currency } from './billing-currency.ts';

export type BillingCycle = 'monthly' | 'yearly';

/** §9 "Default billing cycle monthly" (a checkout naming no cycle, §5). */
export const DEFAULT_BILLING_CYCLE: BillingCycle = 'monthly';

/** The payment provider's recurring interval of each cycle. */
export const INTERVAL_OF_CYCLE = { monthly: 'month', yearly: 'year' } as const satisfies Record<BillingCycle, string>;

/** A recurring interval → its cycle; anything else (day, week, none) → null. */
export function cycleOfInterval(interval: string | null | undefined): BillingCycle | null {
  if (interval === 'month') return 'monthly';
  if (interval === 'year') return 'yearly';
  return null;
}

/** What the price choice reads of a price (the provider's price and the app's parsed one alike). */
export interface PriceFacts {
  id: string;
  currency: string;
  lookup_key?: string | null;
  recurring?: { interval: string } | null;
  isDefault?: boolean;
}

export interface PriceChoice {
  /** A lookup key or a price id. */
  key?: string;
  currency?: Currency;
  cycle?: BillingCycle;
}

/**
 * §9 "Price choice: matching lookup key or id, optionally currency and interval; default price
 * preferred, else first." Currencies compare in any case; null when no price matches.
 */
export function choosePrice<P extends PriceFacts>(prices: readonly P[], choice: PriceChoice = {}): P | null {
  const { key, currency, cycle } = choice;
  const matching = prices.filter(
    (price) =>
      (key === undefined || price.lookup_key === key || price.id === key) &&
      (currency === undefined || price.currency.toLowerCase() === currency) &&
      (cycle === undefined || price.recurring?.interval === INTERVAL_OF_CYCLE[cycle]),
  );
  return matching.find((price) => price.isDefault) ?? matching[0] ?? null;
}

/**
 * The product metadata keys of a plan (the Stripe catalogue carries them; spec silent on their
 * names; ours: the team columns they fill, spec 2 §3 Team plan_name / api_quota /
 * notion_pages_quota), whole numbers as text for the quotas.
 */
const PLAN_NAME_KEY = 'plan_name';
const PLAN_QUOTA_KEYS = { linkedInImports: 'api_quota', notionEdits: 'notion_pages_quota' } as const;

/** The free plan's name (teams.plan_name, billing_config.free_plan_name's default). */
export const FREE_PLAN_NAME = 'free';

/** A whole number written as text (' 50 ' → 50); anything else → null. */
function wholeNumber(text: string | null | undefined): number | null {
  return typeof text === 'string' && /^\s*\d+\s*$/.test(text) ? Number(text) : null;
}

export interface PlanMetadataQuotas {
  linkedInImports: number | null;
  notionEdits: number | null;
}

/** A plan's monthly quotas from its product metadata; a missing or malformed one is null. */
export function planMetadataQuotas(metadata: Readonly<Record<string, string>>): PlanMetadataQuotas {
  return {
    linkedInImports: wholeNumber(metadata[PLAN_QUOTA_KEYS.linkedInImports]),
    notionEdits: wholeNumber(metadata[PLAN_QUOTA_KEYS.notionEdits]),
  };
}

/** What a plan's name is read from (a Stripe product, expanded). */
export interface PlanProduct {
  name?: string | null;
  metadata?: Readonly<Record<string, string>> | null;
}

/** The plan a product stands for: metadata plan_name, else its name, trimmed, lower case; null when neither says. */
export function planNameOf(product: PlanProduct): string | null {
  const name = product.metadata?.[PLAN_NAME_KEY]?.trim() || product.name?.trim();
  return name ? name.toLowerCase() : null;
}

export const isFreePlan = (product: PlanProduct): boolean => planNameOf(product) === FREE_PLAN_NAME;

/**
 * Whether a product is a Sidenote plan: its metadata gives both quotas (what a team on it gets).
 * The payment account may sell other things; a product without them is no plan of ours — never
 * offered or sold, since a team on it would keep the previous plan's quotas.
 */
export function isSidenotePlan(product: PlanProduct): boolean {
  const quotas = planMetadataQuotas(product.metadata ?? {});
  return quotas.linkedInImports !== null && quotas.notionEdits !== null;
}
