/**
 * How a number property reads, by its schema's format (spec 2 §9 "Number formats map to
 * currencies …; 'percent' as integer percent; 'number_with_commas' thousand separators; others
 * en-US grouping"). The formats are Notion's own list (`number.format` of a data source's
 * schema; @notionhq/client's `NumberFormat`). Every text is en-US; a currency shows its symbol
 * or code as Intl writes it, with the currency's own decimals (yen none, euro two).
 */

/** Each Notion currency format and its ISO 4217 code. */
export const CURRENCY_CODES = {
  dollar: 'USD',
  australian_dollar: 'AUD',
  canadian_dollar: 'CAD',
  singapore_dollar: 'SGD',
  euro: 'EUR',
  pound: 'GBP',
  yen: 'JPY',
  ruble: 'RUB',
  rupee: 'INR',
  won: 'KRW',
  yuan: 'CNY',
  real: 'BRL',
  lira: 'TRY',
  rupiah: 'IDR',
  franc: 'CHF',
  hong_kong_dollar: 'HKD',
  new_zealand_dollar: 'NZD',
  krona: 'SEK',
  norwegian_krone: 'NOK',
  mexican_peso: 'MXN',
  rand: 'ZAR',
  new_taiwan_dollar: 'TWD',
  danish_krone: 'DKK',
  zloty: 'PLN',
  baht: 'THB',
  forint: 'HUF',
  koruna: 'CZK',
  shekel: 'ILS',
  chilean_peso: 'CLP',
  philippine_peso: 'PHP',
  dirham: 'AED',
  colombian_peso: 'COP',
  riyal: 'SAR',
  ringgit: 'MYR',
  leu: 'RON',
  argentine_peso: 'ARS',
  uruguayan_peso: 'UYU',
  peruvian_sol: 'PEN',
} as const;

export type CurrencyFormat = keyof typeof CURRENCY_CODES;
export type NumberFormat = 'number' | 'number_with_commas' | 'percent' | CurrencyFormat;

/** Every format Notion names, plain ones first. */
export const NUMBER_FORMATS: readonly NumberFormat[] = [
  'number',
  'number_with_commas',
  'percent',
  ...(Object.keys(CURRENCY_CODES) as CurrencyFormat[]),
];

const isCurrency = (format: string): format is CurrencyFormat => Object.hasOwn(CURRENCY_CODES, format);

function formatterFor(format: string | null | undefined): Intl.NumberFormat {
  if (format && isCurrency(format)) {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: CURRENCY_CODES[format] });
  }
  // Notion stores a percent as a fraction (0.5 is 50%); shown as a whole percent.
  if (format === 'percent') return new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 0 });
  return new Intl.NumberFormat('en-US', { useGrouping: true });
}

/** The number as the page shows it; an empty value is an empty text. Unknown formats read as numbers. */
export function formatNumber(value: number | null | undefined, format?: string | null): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return formatterFor(format).format(value);
}
