/**
 * The test screens' pure rules (issue 20, spec 2 §2, §7, §9): /stripe-test's sample plans,
 * simulated states and price texts, the security test's usage rows, diagnostics and previews,
 * and /linkedin-api-test's simplified card.
 */
import { describe, expect, test } from 'vitest';
import type { ProfileData } from '../../src/domain/capture/profilePage.ts';
import { parseProfileUrl } from '../../src/domain/linkedin/profileUrl.ts';
import { API_USAGE_ROWS, apiUsageCells, usedAnApiCall } from '../../src/domain/testScreens/apiUsageRows.ts';
import { productPriceText, samplePlanPriceText } from '../../src/domain/testScreens/priceTexts.ts';
import {
  configDiagnostics,
  placeOf,
  profileCardFacts,
  SAMPLE_PROFILE_URL,
  securityPreviewFacts,
} from '../../src/domain/testScreens/profileFacts.ts';
import { SAMPLE_PLANS, SIMULATED_STATES, simulatedOutcome } from '../../src/domain/testScreens/samplePlans.ts';
import { appError } from '../../src/data/errors/appError.ts';
import { messageFor } from '../../src/domain/errors/catalogue.ts';
import { reachesNotionDatabase } from '../../src/domain/settings/activeSetting.ts';

const NOW = Date.parse('2026-03-05T12:00:00Z');

describe('/stripe-test', () => {
  test('§9 "Sample plan prices 9.99, 19.99, 49.99", per month (§2)', () => {
    expect(SAMPLE_PLANS.map(samplePlanPriceText)).toEqual(['$9.99 / month', '$19.99 / month', '$49.99 / month']);
  });

  test('§2 "simulated subscription states (active, trial, canceled, none)"', () => {
    expect(SIMULATED_STATES).toEqual(['active', 'trial', 'canceled', 'none']);
  });

  test.each([
    ['active', { label: 'Active', active: true, action: 'manage' }],
    ['trial', { label: 'Trial', active: true, action: 'manage' }],
    ['canceled', { label: 'Canceled', active: false, action: 'compare' }],
    ['none', { label: 'No subscription', active: false, action: 'compare' }],
  ] as const)('%s reads as the account page would read it', (state, outcome) => {
    expect(simulatedOutcome(state, NOW)).toEqual(outcome);
  });

  test.each([
    [
      { id: 'p1', unit_amount: 1999, currency: 'usd', recurring: { interval: 'month', interval_count: 1 } },
      '$19.99 / month',
    ],
    [
      { id: 'p2', unit_amount: 19190, currency: 'usd', recurring: { interval: 'year', interval_count: 1 } },
      '$191.90 / year',
    ],
    [
      { id: 'p3', unit_amount: 1599, currency: 'eur', recurring: { interval: 'month', interval_count: 1 } },
      '€15.99 / month',
    ],
    [{ id: 'p4', unit_amount: 5000, currency: 'usd', recurring: null }, '$50.00'],
    [{ id: 'p5', unit_amount: null, currency: 'usd', recurring: null }, 'No amount'],
  ])('a provider price: minor units / 100, currency, interval (%#)', (price, text) => {
    expect(productPriceText(price as Parameters<typeof productPriceText>[0])).toBe(text);
  });
});

describe('the security test usage table', () => {
  test('§9 "usage table 10 rows"', () => expect(API_USAGE_ROWS).toBe(10));

  test.each([
    [true, 'Success'],
    [false, 'Failed'],
  ] as const)('successful %s reads %s, with the date as the app writes dates', (successful, status) => {
    expect(
      apiUsageCells(
        { created_at: '2025-03-05T14:30:00+00:00', endpoint: 'get-profile-data-by-url', successful },
        'UTC',
      ),
    ).toEqual({ date: 'March 5, 2025 14:30', endpoint: 'get-profile-data-by-url', status });
  });
});

describe('the 1-call note', () => {
  test('failures after the provider answered used a call (api_usage has a row for them)', () => {
    for (const code of [
      'provider_quota_exceeded',
      'rate_limited',
      'profile_not_found',
      'provider_error',
      'provider_unreachable',
    ])
      expect(usedAnApiCall(code), code).toBe(true);
  });
  test('refusals before the provider, and requests that never reached the function, did not', () => {
    for (const code of [
      'unauthenticated',
      'invalid_url',
      'subscription_inactive',
      'import_quota_exceeded',
      'provider_not_configured',
      'internal_error',
      undefined,
    ])
      expect(usedAnApiCall(code), String(code)).toBe(false);
  });
});

const ADA: ProfileData = {
  fullName: 'Ada Lovelace',
  firstName: 'Ada',
  lastName: 'Lovelace',
  headline: 'Head of Analytics',
  summary: 'Poetical scientist.',
  company: 'Analytical Engines Ltd',
  education: 'University of London',
  country: 'United Kingdom',
  city: 'London',
  profileUrl: 'https://www.linkedin.com/in/ada-lovelace',
  avatarUrl: null,
};

describe('profile facts', () => {
  test('the default URL is a public profile URL ({host}/in/{slug}, §5)', () => {
    expect(parseProfileUrl(SAMPLE_PROFILE_URL)?.canonical).toBe('https://www.linkedin.com/in/ada-lovelace');
  });

  test.each([
    [{ city: 'London', country: 'United Kingdom' }, 'London, United Kingdom'],
    [{ city: '', country: 'United Kingdom' }, 'United Kingdom'],
    [{ city: 'London ', country: ' ' }, 'London'],
    [{ city: '', country: '' }, ''],
  ])('city and country %j → %s', (place, text) => expect(placeOf(place)).toBe(text));

  test('/linkedin-api-test card: fullName, headline, city and country, company, education, summary', () => {
    expect(profileCardFacts(ADA)).toEqual([
      ['Full name', 'Ada Lovelace'],
      ['Headline', 'Head of Analytics'],
      ['Location', 'London, United Kingdom'],
      ['Company', 'Analytical Engines Ltd'],
      ['Education', 'University of London'],
      ['Summary', 'Poetical scientist.'],
    ]);
  });

  test('security preview: firstName, lastName, headline, location, current company', () => {
    expect(securityPreviewFacts(ADA)).toEqual([
      ['First name', 'Ada'],
      ['Last name', 'Lovelace'],
      ['Headline', 'Head of Analytics'],
      ['Location', 'London, United Kingdom'],
      ['Current company', 'Analytical Engines Ltd'],
    ]);
  });

  test('config diagnostics say whether the backend and a session are there, never a key or token', () => {
    expect(configDiagnostics('http://127.0.0.1:54321', true)).toEqual([
      ['Backend URL', 'set (http://127.0.0.1:54321)'],
      ['Edge function', 'get-profile-data-by-url'],
      ['Session', 'present, sent as bearer'],
    ]);
    expect(configDiagnostics(undefined, false)).toEqual([
      ['Backend URL', 'not set'],
      ['Edge function', 'get-profile-data-by-url'],
      ['Session', 'none'],
    ]);
  });
});

describe("/number-format-test without a setting that reaches Notion: 'Missing setting information or Notion API key'", () => {
  const setting = (notion_db_id: string | null) => ({ notion_db_id });
  test.each([
    ['no active setting (a user with a team but no setting)', null],
    ['not read yet', undefined],
    ['a setting without a database', { setting: setting(null), keyMask: 'ntn_1…abc' }],
    ['a workspace without a key', { setting: setting('db-1'), keyMask: null }],
  ])('%s: not reached', (_what, active) => {
    expect(reachesNotionDatabase(active)).toBe(false);
  });

  test('a setting with its database and a key: reached', () => {
    expect(reachesNotionDatabase({ setting: setting('db-1'), keyMask: 'ntn_1…abc' })).toBe(true);
  });

  test('the refusal reads the spec text, without the screen\'s "Error testing number format: " prefix', () => {
    expect(messageFor('numberFormatTest', appError({ kind: 'validation', field: 'setting' }))).toBe(
      'Missing setting information or Notion API key',
    );
  });
});
