/**
 * The seeded catalogue: Sidenote's plans as products with monthly and yearly prices in USD and
 * EUR — one price object per currency and cycle (not `currency_options`), each with a lookup key
 * `<plan>_<monthly|yearly>_<usd|eur>` (e.g. `pro_yearly_eur`). Yearly prices are 20 % under
 * twelve months, rounded down to the cent. Each product carries the plan's quotas and display
 * order in metadata (`plan_name`, `api_quota`, `notion_pages_quota`, `rank`, `most_popular`) and
 * its features as `marketing_features`. Ids are derived from names, so they are the same on
 * every fresh seed.
 */
import { priceRecord, productRecord } from './catalog.ts';
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
  return productRecord({
    id: SEED_IDS.product(plan.key),
    name: plan.name,
    description: plan.description,
    metadata: {
      plan_name: plan.key,
      rank: String(plan.rank),
      most_popular: String(plan.mostPopular),
      api_quota: String(plan.apiQuota),
      notion_pages_quota: String(plan.notionPagesQuota),
    },
    marketingFeatures: plan.features,
    defaultPrice: SEED_IDS.price(lookupKey(plan.key, 'monthly', 'usd')),
    active: true,
    created: SEED_TIME,
  });
}

function price(plan: Plan, cycle: (typeof CYCLES)[number], currency: string): PriceRecord {
  const key = lookupKey(plan.key, cycle.cycle, currency);
  return priceRecord({
    id: SEED_IDS.price(key),
    product: SEED_IDS.product(plan.key),
    currency,
    unitAmount: cycle.interval === 'month' ? plan.monthly : yearlyAmount(plan.monthly),
    interval: cycle.interval,
    lookupKey: key,
    nickname: `${plan.name} ${cycle.cycle} (${currency.toUpperCase()})`,
    metadata: {},
    active: true,
    created: SEED_TIME,
  });
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
