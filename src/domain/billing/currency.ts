/**
 * The billing currency (spec 2 §9 "Currency eur if visitor country is one of AT, BE, …, ES;
 * otherwise usd", §7 "Geo-IP lookup reading country_code", §8 "Currency lookup failure
 * defaults to usd"): the one rule that picks prices and the payment customer's currency. The
 * rule itself lives in supabase/functions/_shared/billing-currency.ts, shared with the billing
 * edge functions (which validate the currency a request names); here too: the geo-IP answer.
 */
import * as z from 'zod/mini';
import {
  currencyForCountry,
  DEFAULT_CURRENCY,
  type Currency,
} from '../../../supabase/functions/_shared/billing-currency.ts';

export {
  asCurrency,
  CURRENCIES,
  currencyForCountry,
  DEFAULT_CURRENCY,
  EUR_COUNTRIES,
  type Currency,
} from '../../../supabase/functions/_shared/billing-currency.ts';

/** The geo-IP answer as read (§7): only `country_code` matters, and only when it is text. */
const geoAnswer = z.looseObject({ country_code: z.nullish(z.string()) });

/** The currency from the geo-IP lookup's JSON body; a failed lookup (anything unreadable) → usd. */
export function currencyFromGeoAnswer(body: unknown): Currency {
  const parsed = geoAnswer.safeParse(body);
  return parsed.success ? currencyForCountry(parsed.data.country_code) : DEFAULT_CURRENCY;
}
