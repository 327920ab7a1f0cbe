/**
 * Prices (spec 2 §3 "Price: id, unit_amount (minor units), currency, recurring (interval,
 * interval_count), isDefault, nickname, lookup_key, metadata", §9): which price of a plan is
 * meant, the billing cycles and their defaults, the yearly discount's label, and how an amount
 * reads on the account page ("Prices in minor units (divide by 100), no decimals on account
 * page"; "yearly price displayed divided by 12").
 */
import * as z from 'zod/mini';

/** The price choice and the cycles are shared with the billing edge functions (one rule, two runtimes). */
export {
  choosePrice,
  cycleOfInterval,
  DEFAULT_BILLING_CYCLE,
  INTERVAL_OF_CYCLE,
  type BillingCycle,
  type PriceChoice,
} from '../../../supabase/functions/_shared/billing-plans.ts';
import type { BillingCycle } from '../../../supabase/functions/_shared/billing-plans.ts';

/** §2, §9 "default account view yearly". */
export const DEFAULT_ACCOUNT_VIEW_CYCLE: BillingCycle = 'yearly';
/** §2 "yearly labelled -20%", §9 "Yearly discount shown -20%". */
export const YEARLY_DISCOUNT_LABEL = '-20%';
export const MONTHS_PER_YEAR = 12;
/** §9 "Prices in minor units (divide by 100)". */
export const MINOR_UNITS_PER_MAJOR = 100;

/** A price as the stripe-products function returns it; extra fields pass. */
export const priceSchema = z.looseObject({
  id: z.string().check(z.minLength(1)),
  unit_amount: z.nullish(z.int().check(z.nonnegative())),
  currency: z.string().check(z.minLength(1)),
  recurring: z.nullish(z.object({ interval: z.string(), interval_count: z._default(z.int().check(z.positive()), 1) })),
  isDefault: z.optional(z.boolean()),
  nickname: z.nullish(z.string()),
  lookup_key: z.nullish(z.string()),
  metadata: z.optional(z.record(z.string(), z.string())),
});

export type Price = z.output<typeof priceSchema>;

/**
 * The minor units shown per month: a yearly price divided by 12 (§9), a monthly one as is; a
 * price billed every n intervals (interval_count) is spread over them too. Null: no amount.
 */
export function monthlyAmount(price: Price): number | null {
  if (price.unit_amount === null || price.unit_amount === undefined) return null;
  const count = price.recurring?.interval_count ?? 1;
  const months = price.recurring?.interval === 'year' ? MONTHS_PER_YEAR * count : count;
  return price.unit_amount / months;
}

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Minor units as the app shows them: major units with `fractionDigits` decimals (none on the
 * account page, §9; two on /stripe-test's sample plans, "9.99"), rounded to the nearest (half
 * up), with the currency's symbol before it as en-US writes it: 1999 usd → "$20" (or "$19.99"),
 * 1599 eur → "€16". Another currency shows as en-US writes it ("CHF 20", a no-break space); a
 * code that is not three letters shows itself before the number ("EURO 20", a plain space).
 */
export function formatPrice(minorUnits: number, currency: string, fractionDigits = 0): string {
  const code = currency.toUpperCase();
  const major = minorUnits / MINOR_UNITS_PER_MAJOR;
  if (!/^[A-Z]{3}$/.test(code)) return `${code} ${fractionDigits ? major.toFixed(fractionDigits) : Math.round(major)}`;
  const key = `${code}:${fractionDigits}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: code,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    formatters.set(key, formatter);
  }
  return formatter.format(major);
}

/** The account page's price of a plan in a cycle: per month, no decimals; null without an amount. */
export function displayedMonthlyPrice(price: Price): string | null {
  const amount = monthlyAmount(price);
  return amount === null ? null : formatPrice(amount, price.currency);
}
