/**
 * Products and prices in Stripe's shape (API version `API_VERSION`), made in one place for the
 * seeded catalogue (seed.ts) and for what `POST /v1/products` and `POST /v1/prices` create
 * (routes-catalog.ts): a service product; a recurring, per-unit, licensed price with an interval
 * count of 1 — the only kind the sandbox bills.
 */
import type { PriceRecord, ProductRecord } from './model.ts';

export interface NewProduct {
  id: string;
  name: string;
  description: string | null;
  metadata: Record<string, string>;
  marketingFeatures: string[];
  defaultPrice: string | null;
  active: boolean;
  created: number;
}

export function productRecord(spec: NewProduct): ProductRecord {
  return {
    id: spec.id,
    object: 'product',
    active: spec.active,
    attributes: [],
    created: spec.created,
    default_price: spec.defaultPrice,
    description: spec.description,
    images: [],
    livemode: false,
    marketing_features: spec.marketingFeatures.map((name) => ({ name })),
    metadata: spec.metadata,
    name: spec.name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    type: 'service',
    unit_label: null,
    updated: spec.created,
    url: null,
  };
}

export interface NewPrice {
  id: string;
  product: string;
  currency: string;
  /** Minor units. */
  unitAmount: number;
  interval: 'month' | 'year';
  lookupKey: string | null;
  nickname: string | null;
  metadata: Record<string, string>;
  active: boolean;
  created: number;
}

export function priceRecord(spec: NewPrice): PriceRecord {
  return {
    id: spec.id,
    object: 'price',
    active: spec.active,
    billing_scheme: 'per_unit',
    created: spec.created,
    currency: spec.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: spec.lookupKey,
    metadata: spec.metadata,
    nickname: spec.nickname,
    product: spec.product,
    recurring: {
      interval: spec.interval,
      interval_count: 1,
      meter: null,
      trial_period_days: null,
      usage_type: 'licensed',
    },
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: 'recurring',
    unit_amount: spec.unitAmount,
    unit_amount_decimal: String(spec.unitAmount),
  };
}
