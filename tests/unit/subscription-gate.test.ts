/**
 * The subscription gate (spec 2 §4): which teams may use the product — no team blocks, a
 * missing status is active, active and paid plans pass, a trial passes while its end is in
 * the future, every other status blocks — and the blocker's text.
 */
import { describe, expect, test } from 'vitest';
import {
  isSubscriptionActive,
  SUBSCRIPTION_INACTIVE,
  type TeamSubscription,
} from '../../src/domain/capture/subscriptionGate.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const FUTURE = '2026-11-28T12:00:00Z';
const PAST = '2026-11-20T12:00:00Z';
const team = (subscription_status: string | null, trial_end_date: string | null = null): TeamSubscription => ({
  subscription_status,
  trial_end_date,
});

const rows: [string, TeamSubscription | null, boolean][] = [
  ['no team', null, false],
  ['missing status', team(null), true],
  ['empty status', team(''), true],
  ['active', team('active'), true],
  ['pro (paid)', team('pro'), true],
  ['startup (paid)', team('startup'), true],
  ['enterprise (paid)', team('enterprise'), true],
  ['trialing, trial ends in the future', team('trialing', FUTURE), true],
  ['trialing, trial ended', team('trialing', PAST), false],
  ['trialing, no trial end', team('trialing'), false],
  ['trialing, trial ends now (not in the future)', team('trialing', new Date(NOW).toISOString()), false],
  ['canceled', team('canceled'), false],
  ['canceled, trial still running', team('canceled', FUTURE), true],
  ['past_due', team('past_due'), false],
  ['unpaid', team('unpaid'), false],
  ['incomplete', team('incomplete'), false],
  ['incomplete_expired', team('incomplete_expired'), false],
  ['paused', team('paused'), false],
  ['free keyword (not paid, not active)', team('free'), false],
  ['unparsable trial end', team('trialing', 'soon'), false],
];

describe('subscription gate', () => {
  test.each(rows)('%s → %s', (_name, value, expected) => {
    expect(isSubscriptionActive(value, NOW)).toBe(expected);
  });

  test("the blocker's title is the spec's", () => {
    expect(SUBSCRIPTION_INACTIVE).toBe('Subscription Inactive');
  });
});
