/**
 * THE billing-currency rule (spec 2 §9 "Currency eur if visitor country is one of AT, BE, …, ES;
 * otherwise usd", §8 "Currency lookup failure defaults to usd"), read by both sides: the app
 * (Vite; re-exported by src/domain/billing/currency.ts, which adds the geo-IP answer's parsing)
 * and the billing edge functions (Deno: create-stripe-customer, stripe-products,
 * stripe-checkout validate the currency a request names with `asCurrency`). It lives in
 * `_shared` because that is the folder deployed with every function, so it has no imports.
 */

export type Currency = 'eur' | 'usd';

/** The currencies Sidenote bills in (the catalogue has one price per currency and cycle). */
export const CURRENCIES: readonly Currency[] = ['usd', 'eur'];

export const DEFAULT_CURRENCY: Currency = 'usd';

/** §9, in its order. */
export const EUR_COUNTRIES: readonly string[] = [
  'AT',
  'BE',
  'CY',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PT',
  'SK',
  'SI',
  'ES',
];

/** A country code (any case, spaces around ignored) → its currency; unknown or missing → usd. */
export function currencyForCountry(countryCode: string | null | undefined): Currency {
  const code = countryCode?.trim().toUpperCase();
  return code && EUR_COUNTRIES.includes(code) ? 'eur' : DEFAULT_CURRENCY;
}

/** A currency named by anyone (a price, the debug toggle, a request): 'EUR' → 'eur'; else null. */
export function asCurrency(value: string | null | undefined): Currency | null {
  const lower = value?.trim().toLowerCase();
  return lower === 'eur' || lower === 'usd' ? lower : null;
}
