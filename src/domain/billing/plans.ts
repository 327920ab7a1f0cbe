/**
 * The account page's plan cards (spec 2 §2 "plan cards", §3 "Product: id, name, description,
 * metadata (most_popular 'true', rank), marketing_features (each with name), prices", §9
 * "Products sorted by metadata rank (default 999) then name"): the stripe-products answer read
 * through zod, each plan's price in the chosen currency and cycle, its badge, features and
 * quotas. A product that does not parse is left out, not shown half-read.
 */
import * as z from 'zod/mini';
import { isUnlimitedNotionEdits } from './quotaUsage.ts';
import type { Currency } from './currency.ts';
import { choosePrice, displayedMonthlyPrice, priceSchema, type BillingCycle, type Price } from './prices.ts';
import { planMetadataQuotas, type PlanMetadataQuotas } from '../../../supabase/functions/_shared/billing-plans.ts';

/** §9 "rank (default 999)". */
export const DEFAULT_PLAN_RANK = 999;

export const productSchema = z.looseObject({
  id: z.string().check(z.minLength(1)),
  name: z.string(),
  description: z.nullish(z.string()),
  metadata: z._default(z.record(z.string(), z.string()), {}),
  marketing_features: z._default(z.array(z.looseObject({ name: z.nullish(z.string()) })), []),
  prices: z._default(z.array(z.unknown()), []),
});

export interface Product {
  id: string;
  name: string;
  description: string | null;
  metadata: Record<string, string>;
  marketing_features: { name?: string | null }[];
  prices: Price[];
}

/** stripe-products' answer ({products: […]} or a bare list) → the products that parse, with their readable prices. */
export function parseProducts(body: unknown): Product[] {
  const list = Array.isArray(body) ? body : z.object({ products: z.array(z.unknown()) }).safeParse(body).data?.products;
  return (list ?? []).flatMap((item) => {
    const parsed = productSchema.safeParse(item);
    if (!parsed.success) return [];
    const prices = parsed.data.prices.flatMap((raw) => {
      const price = priceSchema.safeParse(raw);
      return price.success ? [price.data] : [];
    });
    const { id, name, description, metadata, marketing_features } = parsed.data;
    return [{ id, name, description: description ?? null, metadata, marketing_features, prices }];
  });
}

/** metadata.rank as a number; missing or not a number → 999. */
export function planRank(product: Pick<Product, 'metadata'>): number {
  const text = product.metadata.rank?.trim();
  const rank = text ? Number(text) : NaN;
  return Number.isFinite(rank) ? rank : DEFAULT_PLAN_RANK;
}

/** Rank ascending, then name (en, case-insensitive); a new list. */
export function sortPlans<T extends Pick<Product, 'metadata' | 'name'>>(products: readonly T[]): T[] {
  return [...products].sort(
    (a, b) => planRank(a) - planRank(b) || a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }),
  );
}

/** §3 "most_popular 'true'": that exact text only. */
export const isMostPopular = (product: Pick<Product, 'metadata'>): boolean => product.metadata.most_popular === 'true';

/** The marketing features' names, blank ones left out. */
export const planFeatures = (product: Pick<Product, 'marketing_features'>): string[] =>
  product.marketing_features.map((feature) => feature.name?.trim() ?? '').filter(Boolean);

export interface PlanQuotas extends PlanMetadataQuotas {
  /** §9 "Notion edits shown as unlimited when quota exceeds 100000". */
  notionEditsUnlimited: boolean;
}

/** A plan's monthly quotas from its metadata (read as the functions write them on the team); a missing or malformed one is null (not shown). */
export function planQuotas(product: Pick<Product, 'metadata'>): PlanQuotas {
  const quotas = planMetadataQuotas(product.metadata);
  return { ...quotas, notionEditsUnlimited: isUnlimitedNotionEdits(quotas.notionEdits) };
}

export interface PlanCard {
  productId: string;
  name: string;
  description: string | null;
  mostPopular: boolean;
  features: string[];
  quotas: PlanQuotas;
  /** The price in the currency and cycle shown, or null when the plan has none (no card price). */
  priceId: string | null;
  /** Per month, no decimals ("$16"); a yearly price divided by 12. */
  pricePerMonth: string | null;
  cycle: BillingCycle;
}

/** The cards for `currency` and `cycle`, sorted by rank then name. */
export function planCards(products: readonly Product[], currency: Currency, cycle: BillingCycle): PlanCard[] {
  return sortPlans(products).map((product) => {
    const price = choosePrice(product.prices, { currency, cycle });
    return {
      productId: product.id,
      name: product.name,
      description: product.description,
      mostPopular: isMostPopular(product),
      features: planFeatures(product),
      quotas: planQuotas(product),
      priceId: price?.id ?? null,
      pricePerMonth: price ? displayedMonthlyPrice(price) : null,
      cycle,
    };
  });
}
