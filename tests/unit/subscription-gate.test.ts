/**
 * The subscription gate (spec 2 §4 "Subscription gate", "Subscription statuses"), one table
 * for the one rule that the get-profile-data-by-url edge function and the app's blocker both
 * import (supabase/functions/_shared/subscription-gate.ts): no team blocks, a missing status
 * is active, active / trialing / the paid plans / the free plan pass, any other status passes
 * only while trial_end_date is in the future.
 */
import { describe, expect, test } from 'vitest';
import * as app from '../../src/domain/capture/subscriptionGate.ts';
import { isSubscriptionActive, type TeamSubscription } from '../../supabase/functions/_shared/subscription-gate.ts';

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
  ['active', team('active'), true],
  ['trialing', team('trialing'), true],
  ['trialing, trial ended (the status still says trialing)', team('trialing', PAST), true],
  ['free plan', team('free'), true],
  ['pro (paid)', team('pro'), true],
  ['startup (paid)', team('startup'), true],
  ['enterprise (paid)', team('enterprise'), true],
  ['canceled', team('canceled'), false],
  ['canceled, trial ends in the future', team('canceled', FUTURE), true],
  ['canceled, trial ended', team('canceled', PAST), false],
  ['canceled, trial ends now (not in the future)', team('canceled', new Date(NOW).toISOString()), false],
  ['canceled, unparsable trial end', team('canceled', 'soon'), false],
  ['past_due', team('past_due'), false],
  ['unpaid', team('unpaid'), false],
  ['incomplete', team('incomplete'), false],
  ['incomplete_expired', team('incomplete_expired'), false],
  ['paused', team('paused'), false],
  ['empty status (not missing)', team(''), false],
  ['unknown status', team('gold'), false],
  ['status case matters', team('Active'), false],
];

describe('subscription gate', () => {
  test.each(rows)('%s → %s', (_name, value, expected) => {
    expect(isSubscriptionActive(value, NOW)).toBe(expected);
  });

  test('the app reads the same rule as the edge function (one module, re-exported)', () => {
    expect(app.isSubscriptionActive).toBe(isSubscriptionActive);
  });

  test('without a time, the gate reads the current clock', () => {
    const inAMinute = new Date(Date.now() + 60_000).toISOString();
    expect(isSubscriptionActive(team('past_due', inAMinute))).toBe(true);
    expect(isSubscriptionActive(team('past_due', new Date(Date.now() - 60_000).toISOString()))).toBe(false);
  });
});
