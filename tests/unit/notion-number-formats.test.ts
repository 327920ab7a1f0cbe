/**
 * Number formats (src/domain/notion/numberFormats.ts, spec 2 §9): every format Notion names
 * (@notionhq/client's `NumberFormat`, the closed list of the 2022-06-28 types; today's API
 * answers the same names) has a row here, with the text a page shows for it, in en-US.
 */
import type { DatabaseObjectResponse } from '@notionhq/client/build/src/api-endpoints';
import { expect, expectTypeOf, test } from 'vitest';
import { formatNumber, NUMBER_FORMATS, type NumberFormat } from '../../src/domain/notion/numberFormats.ts';
import { numberFromInput } from '../../src/domain/notion/numberInput.ts';

type NotionsFormat = Extract<DatabaseObjectResponse['properties'][string], { type: 'number' }>['number']['format'];

const NBSP = '\u00a0';

/** 1234567.891 in every format: a currency with its symbol (or code) and its own decimals. */
const TABLE: [NumberFormat, string][] = [
  ['number', '1,234,567.891'],
  ['number_with_commas', '1,234,567.891'],
  ['percent', '123,456,789%'],
  ['dollar', '$1,234,567.89'],
  ['australian_dollar', 'A$1,234,567.89'],
  ['canadian_dollar', 'CA$1,234,567.89'],
  ['singapore_dollar', `SGD${NBSP}1,234,567.89`],
  ['euro', '€1,234,567.89'],
  ['pound', '£1,234,567.89'],
  ['yen', '¥1,234,568'],
  ['ruble', `RUB${NBSP}1,234,567.89`],
  ['rupee', '₹1,234,567.89'],
  ['won', '₩1,234,568'],
  ['yuan', 'CN¥1,234,567.89'],
  ['real', 'R$1,234,567.89'],
  ['lira', `TRY${NBSP}1,234,567.89`],
  ['rupiah', `IDR${NBSP}1,234,568`],
  ['franc', `CHF${NBSP}1,234,567.89`],
  ['hong_kong_dollar', 'HK$1,234,567.89'],
  ['new_zealand_dollar', 'NZ$1,234,567.89'],
  ['krona', `SEK${NBSP}1,234,567.89`],
  ['norwegian_krone', `NOK${NBSP}1,234,567.89`],
  ['mexican_peso', 'MX$1,234,567.89'],
  ['rand', `ZAR${NBSP}1,234,567.89`],
  ['new_taiwan_dollar', 'NT$1,234,567.89'],
  ['danish_krone', `DKK${NBSP}1,234,567.89`],
  ['zloty', `PLN${NBSP}1,234,567.89`],
  ['baht', `THB${NBSP}1,234,567.89`],
  ['forint', `HUF${NBSP}1,234,568`],
  ['koruna', `CZK${NBSP}1,234,567.89`],
  ['shekel', '₪1,234,567.89'],
  ['chilean_peso', `CLP${NBSP}1,234,568`],
  ['philippine_peso', '₱1,234,567.89'],
  ['dirham', `AED${NBSP}1,234,567.89`],
  ['colombian_peso', `COP${NBSP}1,234,568`],
  ['riyal', `SAR${NBSP}1,234,567.89`],
  ['ringgit', `MYR${NBSP}1,234,567.89`],
  ['leu', `RON${NBSP}1,234,567.89`],
  ['argentine_peso', `ARS${NBSP}1,234,567.89`],
  ['uruguayan_peso', `UYU${NBSP}1,234,567.89`],
  ['peruvian_sol', `PEN${NBSP}1,234,567.89`],
];

test("the formats are Notion's, every one of them", () => {
  expectTypeOf<NumberFormat>().toEqualTypeOf<NotionsFormat>();
  expect(NUMBER_FORMATS).toHaveLength(41);
  expect(TABLE.map(([format]) => format)).toEqual(NUMBER_FORMATS);
});

test.each(TABLE)('%s: 1234567.891 reads %s', (format, text) => {
  expect(formatNumber(1234567.891, format)).toBe(text);
});

test.each([
  [0.5, '50%'],
  [0.125, '13%'],
  [1, '100%'],
  [-0.07, '-7%'],
  [0, '0%'],
])('percent is a whole percent: %d reads %s', (value, text) => {
  expect(formatNumber(value, 'percent')).toBe(text);
});

test.each([
  [-1234.5, 'euro', '-€1,234.50'],
  [0, 'dollar', '$0.00'],
  [1000, 'number_with_commas', '1,000'],
  [12, 'number', '12'],
  [1234.5, undefined, '1,234.5'],
  [1234.5, 'a_format_notion_adds_later', '1,234.5'],
])('%d as %s reads %s', (value, format, text) => {
  expect(formatNumber(value, format)).toBe(text);
});

test('an empty number reads as an empty text, whatever the format', () => {
  expect(formatNumber(null, 'dollar')).toBe('');
  expect(formatNumber(undefined, 'percent')).toBe('');
  expect(formatNumber(Number.NaN, 'number')).toBe('');
});

test.each([
  ['', { ok: true, value: null }],
  ['   ', { ok: true, value: null }],
  ['42', { ok: true, value: 42 }],
  [' -3.5 ', { ok: true, value: -3.5 }],
  ['.5', { ok: true, value: 0.5 }],
  ['1e3', { ok: true, value: 1000 }],
  ['1,5', { ok: false }],
  ['12abc', { ok: false }],
  ['0x10', { ok: false }],
  ['Infinity', { ok: false }],
])('the number field %j saves %j (spec 2 §5: empty saves null)', (text, result) => {
  expect(numberFromInput(text)).toEqual(result);
});
