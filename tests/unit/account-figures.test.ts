/** The account screen's figures: quota percent and bar level, and subscription labels (spec 2 §4, §10). */
import { describe, expect, test } from 'vitest';
import { quotaBarLevel, quotaPercent } from '../../src/domain/billing/quotaUsage.ts';
import { subscriptionLabel } from '../../src/domain/billing/subscriptionLabel.ts';

describe('quotaPercent: rounded, capped at 100, zero when the quota is zero or unknown', () => {
  test.each([
    [0, 50, 0],
    [1, 3, 33],
    [2, 3, 67],
    [25, 50, 50],
    [50, 50, 100],
    [75, 50, 100],
    [5, 0, 0],
    [5, null, 0],
    [null, 50, 0],
  ])('%s of %s → %s %%', (used, quota, percent) => {
    expect(quotaPercent(used, quota)).toBe(percent);
  });
});

test.each([
  [0, 'normal'],
  [79, 'normal'],
  [80, 'warning'],
  [94, 'warning'],
  [95, 'critical'],
  [100, 'critical'],
])('a bar at %s %% is %s', (percent, level) => {
  expect(quotaBarLevel(percent)).toBe(level);
});

test.each([
  ['active', false, 'Active'],
  ['active', true, 'Canceling'],
  ['trialing', false, 'Trial'],
  ['canceled', false, 'Canceled'],
  ['past_due', false, 'Past Due'],
  ['unpaid', false, 'Unpaid'],
  ['incomplete', false, 'Incomplete'],
  ['incomplete_expired', false, 'Expired'],
  ['paused', false, 'Unknown'],
  [null, false, 'No subscription'],
])('status %s (cancel at period end: %s) reads %s', (status, cancelAtPeriodEnd, label) => {
  expect(subscriptionLabel(status, cancelAtPeriodEnd)).toBe(label);
});
