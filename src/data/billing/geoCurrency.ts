/**
 * The visitor's billing currency (spec 2 §7 "Geo-IP lookup reading country_code", §9 EUR
 * countries else usd, §8 "Currency lookup failure defaults to usd"): one GET to the geo-IP
 * service, read by src/domain/billing/currency.ts.
 *
 * What must stay true: this never throws and never waits long — prices show in USD rather than
 * not at all. The service is ipapi.co's `GET /json/` in production; `npm start` and the browser
 * tests point VITE_GEO_IP_URL at the local geo-IP sandbox.
 */
import { currencyFromGeoAnswer, DEFAULT_CURRENCY, type Currency } from '../../domain/billing/currency.ts';

export const GEO_IP_URL = (import.meta.env.VITE_GEO_IP_URL as string | undefined) || 'https://ipapi.co/json/';
/** How long the lookup may take before the default currency is used. */
export const GEO_IP_TIMEOUT_MS = 5_000;

let detected: Promise<Currency> | null = null;

async function lookUp(): Promise<Currency> {
  try {
    const response = await fetch(GEO_IP_URL, { signal: AbortSignal.timeout(GEO_IP_TIMEOUT_MS) });
    if (!response.ok) return DEFAULT_CURRENCY;
    return currencyFromGeoAnswer(await response.json());
  } catch {
    return DEFAULT_CURRENCY;
  }
}

/** The detected currency, looked up once per page load (a failed lookup is tried again next time). */
export function detectedCurrency(): Promise<Currency> {
  detected ??= lookUp().then((currency) => {
    if (currency === DEFAULT_CURRENCY) detected = null;
    return currency;
  });
  return detected;
}
