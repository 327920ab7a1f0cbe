/**
 * The seeded catalogue: Sidenote's plans as products with monthly and yearly prices in USD and
 * EUR — one price object per currency and cycle (not `currency_options`), each with a lookup key
 * `<plan>_<monthly|yearly>_<usd|eur>` (e.g. `pro_yearly_eur`). Yearly prices are 20 % under
 * twelve months, rounded down to the cent. Each product carries the plan's quotas and display
 * order in metadata (`plan_name`, `api_quota`, `notion_pages_quota`, `rank`, `most_popular`) and
 * its features as `marketing_features`. Ids are derived from names, so they are the same on
 * every fresh seed.
 */
import { newId, seedId } from './ids.ts';
import type { PriceRecord, ProductRecord, StripeState } from './model.ts';

export interface Plan {
  key: 'free' | 'pro' | 'startup' | 'enterprise';
  name: string;
  description: string;
  /** Monthly price in minor units (the same number in USD and EUR). */
  monthly: number;
  rank: number;
  mostPopular: boolean;
  apiQuota: number;
  notionPagesQuota: number;
  features: string[];
}

export const PLANS: readonly Plan[] = [
  {
    key: 'free',
    name: 'Free',
    description: 'Try Sidenote on a few profiles.',
    monthly: 0,
    rank: 1,
    mostPopular: false,
    apiQuota: 10,
    notionPagesQuota: 50,
    features: ['10 LinkedIn imports per month', '50 Notion page views per month'],
  },
  {
    key: 'pro',
    name: 'Pro',
    description: 'For a prospector working alone.',
    monthly: 999,
    rank: 2,
    mostPopular: false,
    apiQuota: 100,
    notionPagesQuota: 1_000,
    features: ['100 LinkedIn imports per month', '1,000 Notion page views per month', 'Email support'],
  },
  {
    key: 'startup',
    name: 'Startup',
    description: 'For a small sales team.',
    monthly: 1999,
    rank: 3,
    mostPopular: true,
    apiQuota: 500,
    notionPagesQuota: 5_000,
    features: ['500 LinkedIn imports per month', '5,000 Notion page views per month', 'Priority support'],
  },
  {
    key: 'enterprise',
    name: 'Enterprise',
    description: 'For teams that live in their CRM.',
    monthly: 4999,
    rank: 4,
    mostPopular: false,
    apiQuota: 2_000,
    notionPagesQuota: 1_000_000,
    features: ['2,000 LinkedIn imports per month', 'Unlimited Notion page views', 'Dedicated support'],
  },
];

export const CURRENCIES = ['usd', 'eur'] as const;
export const CYCLES = [
  { cycle: 'monthly', interval: 'month' },
  { cycle: 'yearly', interval: 'year' },
] as const;

/** Yearly = 12 months less 20 %, in whole minor units. */
export const yearlyAmount = (monthly: number) => Math.floor(monthly * 12 * 0.8);

export const lookupKey = (plan: string, cycle: 'monthly' | 'yearly', currency: string) =>
  `${plan}_${cycle}_${currency}`;

/** The seed's product and price ids, by plan and lookup key. */
export const SEED_IDS = {
  product: (plan: Plan['key']) => seedId('prod', plan),
  price: (key: string) => seedId('price', key),
};

const SEED_TIME = 1_767_225_600; // 2026-01-01T00:00:00Z

function product(plan: Plan): ProductRecord {
  return {
    id: SEED_IDS.product(plan.key),
    object: 'product',
    active: true,
    attributes: [],
    created: SEED_TIME,
    default_price: SEED_IDS.price(lookupKey(plan.key, 'monthly', 'usd')),
    description: plan.description,
    images: [],
    livemode: false,
    marketing_features: plan.features.map((name) => ({ name })),
    metadata: {
      plan_name: plan.key,
      rank: String(plan.rank),
      most_popular: String(plan.mostPopular),
      api_quota: String(plan.apiQuota),
      notion_pages_quota: String(plan.notionPagesQuota),
    },
    name: plan.name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    type: 'service',
    unit_label: null,
    updated: SEED_TIME,
    url: null,
  };
}

function price(plan: Plan, cycle: (typeof CYCLES)[number], currency: string): PriceRecord {
  const key = lookupKey(plan.key, cycle.cycle, currency);
  const amount = cycle.interval === 'month' ? plan.monthly : yearlyAmount(plan.monthly);
  return {
    id: SEED_IDS.price(key),
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created: SEED_TIME,
    currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: key,
    metadata: {},
    nickname: `${plan.name} ${cycle.cycle} (${currency.toUpperCase()})`,
    product: SEED_IDS.product(plan.key),
    recurring: {
      interval: cycle.interval,
      interval_count: 1,
      meter: null,
      trial_period_days: null,
      usage_type: 'licensed',
    },
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: 'recurring',
    unit_amount: amount,
    unit_amount_decimal: String(amount),
  };
}

export function seedState(): StripeState {
  return {
    secretKey: newId('sk_test'),
    webhookSecret: newId('whsec'),
    clockOffsetSeconds: 0,
    products: PLANS.map(product),
    prices: PLANS.flatMap((plan) => CURRENCIES.flatMap((currency) => CYCLES.map((c) => price(plan, c, currency)))),
    customers: [],
    paymentMethods: [],
    subscriptions: [],
    invoices: [],
    checkoutSessions: [],
    portalSessions: [],
    events: [],
  };
}
