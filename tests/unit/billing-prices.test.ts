/**
 * Currency and prices (spec 2 §2 account screen, §3 Price, §8 "Currency lookup failure
 * defaults to usd", §9 currency countries, cycles, prices): tables of each rule.
 */
import { describe, expect, test } from 'vitest';
import {
  asCurrency,
  currencyForCountry,
  currencyFromGeoAnswer,
  EUR_COUNTRIES,
} from '../../src/domain/billing/currency.ts';
import {
  choosePrice,
  DEFAULT_ACCOUNT_VIEW_CYCLE,
  DEFAULT_BILLING_CYCLE,
  displayedMonthlyPrice,
  formatPrice,
  monthlyAmount,
  YEARLY_DISCOUNT_LABEL,
  type Price,
} from '../../src/domain/billing/prices.ts';

describe('currency: eur in the spec’s 19 countries, otherwise usd; a failed lookup is usd', () => {
  test('the EUR countries, in the spec’s order', () => {
    expect(EUR_COUNTRIES).toEqual(
      'AT BE CY EE FI FR DE GR IE IT LV LT LU MT NL PT SK SI ES'.split(' '), // spec 2 §9
    );
  });

  test.each(EUR_COUNTRIES)('%s → eur', (code) => expect(currencyForCountry(code)).toBe('eur'));

  test.each([
    ['fr', 'eur'],
    [' DE ', 'eur'],
    ['US', 'usd'],
    ['GB', 'usd'],
    ['CH', 'usd'],
    ['HR', 'usd'], // not in the spec's list
    ['', 'usd'],
    [null, 'usd'],
    [undefined, 'usd'],
    ['FRA', 'usd'],
  ])('%j → %s', (code, currency) => expect(currencyForCountry(code)).toBe(currency));

  test.each([
    [{ country_code: 'FR', city: 'Paris' }, 'eur'],
    [{ country_code: 'US' }, 'usd'],
    [{ country_code: null }, 'usd'],
    [{}, 'usd'],
    [{ country_code: 33 }, 'usd'],
    ['<html>', 'usd'],
    [null, 'usd'],
  ])('geo-IP answer %j → %s', (body, currency) => expect(currencyFromGeoAnswer(body)).toBe(currency));

  test.each([
    ['EUR', 'eur'],
    ['usd', 'usd'],
    ['gbp', null],
    [null, null],
  ])('a named currency %j reads %j', (value, currency) => expect(asCurrency(value)).toBe(currency));
});

const price = (id: string, extra: Partial<Price> = {}): Price => ({
  id,
  unit_amount: 1999,
  currency: 'usd',
  recurring: { interval: 'month', interval_count: 1 },
  ...extra,
});
const yearly = { recurring: { interval: 'year', interval_count: 1 } };

describe('price choice: lookup key or id, optionally currency and cycle; default preferred, else first', () => {
  const prices = [
    price('p_m_usd', { lookup_key: 'pro_monthly' }),
    price('p_m_eur', { lookup_key: 'pro_monthly', currency: 'eur' }),
    price('p_m_eur_default', { lookup_key: 'pro_monthly_b', currency: 'eur', isDefault: true }),
    price('p_y_usd', { lookup_key: 'pro_yearly', ...yearly }),
    price('p_y_eur', { lookup_key: 'pro_yearly', currency: 'EUR', ...yearly }),
  ];

  test.each([
    ['nothing asked: the default price', {}, 'p_m_eur_default'],
    ['by lookup key: the first match', { key: 'pro_monthly' }, 'p_m_usd'],
    ['by lookup key and currency', { key: 'pro_monthly', currency: 'eur' as const }, 'p_m_eur'],
    ['by id', { key: 'p_y_usd' }, 'p_y_usd'],
    ['by currency: the default among them', { currency: 'eur' as const }, 'p_m_eur_default'],
    ['by cycle', { cycle: 'yearly' as const }, 'p_y_usd'],
    ['by cycle and currency (any case)', { cycle: 'yearly' as const, currency: 'eur' as const }, 'p_y_eur'],
    ['no match', { key: 'enterprise' }, null],
  ])('%s', (_name, choice, id) => {
    expect(choosePrice(prices, choice)?.id ?? null).toBe(id);
  });

  test('no prices: null', () => expect(choosePrice([])).toBeNull());
});

describe('cycles and the discount label', () => {
  test('checkout defaults to monthly; the account page opens on yearly; yearly reads -20%', () => {
    expect(DEFAULT_BILLING_CYCLE).toBe('monthly');
    expect(DEFAULT_ACCOUNT_VIEW_CYCLE).toBe('yearly');
    expect(YEARLY_DISCOUNT_LABEL).toBe('-20%');
  });
});

describe('amounts: minor units ÷ 100, no decimals; yearly shown per month (÷ 12)', () => {
  test.each([
    [1999, 'usd', '$20'],
    [1900, 'usd', '$19'],
    [1949, 'usd', '$19'],
    [1950, 'usd', '$20'],
    [0, 'usd', '$0'],
    [4999, 'eur', '€50'],
    [4999, 'EUR', '€50'],
    [123456, 'usd', '$1,235'],
    [1999, 'chf', 'CHF\u00a020'], // en-US puts a no-break space after a code
    [1999, 'euro', 'EURO 20'],
  ])('%i %s → %s', (minor, currency, text) => expect(formatPrice(minor, currency)).toBe(text));

  test.each([
    [999, 'usd', '$9.99'],
    [1950, 'usd', '$19.50'],
    [4999, 'eur', '€49.99'],
    [123456, 'usd', '$1,234.56'],
    [999, 'euro', 'EURO 9.99'],
  ])('with two decimals (/stripe-test): %i %s → %s', (minor, currency, text) =>
    expect(formatPrice(minor, currency, 2)).toBe(text),
  );

  test.each([
    ['monthly as is', price('m'), 1999],
    ['yearly ÷ 12', price('y', { unit_amount: 19188, ...yearly }), 1599],
    [
      'every 3 months ÷ 3',
      price('q', { unit_amount: 6000, recurring: { interval: 'month', interval_count: 3 } }),
      2000,
    ],
    ['one-off as is', price('o', { recurring: null }), 1999],
    ['no amount', price('n', { unit_amount: null }), null],
  ])('per month: %s', (_name, value, amount) => expect(monthlyAmount(value)).toBe(amount));

  test('a yearly price of 191.88 € reads €16 a month', () => {
    expect(displayedMonthlyPrice(price('y', { unit_amount: 19188, currency: 'eur', ...yearly }))).toBe('€16');
  });

  test('the spec’s sample prices 9.99, 19.99, 49.99 a month read $10, $20, $50', () => {
    expect([999, 1999, 4999].map((minor) => displayedMonthlyPrice(price('s', { unit_amount: minor })))).toEqual([
      '$10',
      '$20',
      '$50',
    ]);
  });
});
