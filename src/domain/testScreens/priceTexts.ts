/**
 * How /stripe-test writes a price (spec 2 §2 "prices", §9 "Prices in minor units (divide by
 * 100)", "Sample plan prices 9.99, 19.99, 49.99"): major units with two decimals, the
 * currency's symbol, and the billing interval — "$19.99 / month", "$191.90 / year".
 */
import { formatPrice, type Price } from '../billing/prices.ts';
import { SAMPLE_PLAN_CURRENCY, type SamplePlan } from './samplePlans.ts';

/** Decimals the test screen keeps (the account page keeps none). */
export const TEST_PRICE_DECIMALS = 2;

/** One provider price: amount, currency and interval; "No amount" for a price without one. */
export function productPriceText(price: Price): string {
  if (price.unit_amount === null || price.unit_amount === undefined) return 'No amount';
  const amount = formatPrice(price.unit_amount, price.currency, TEST_PRICE_DECIMALS);
  return price.recurring ? `${amount} / ${price.recurring.interval}` : amount;
}

/** A hardcoded sample plan's monthly price. */
export function samplePlanPriceText(plan: SamplePlan): string {
  return `${formatPrice(plan.monthlyAmount, SAMPLE_PLAN_CURRENCY, TEST_PRICE_DECIMALS)} / month`;
}
