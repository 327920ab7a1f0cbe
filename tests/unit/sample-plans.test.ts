/** /stripe-test's sample plans and simulated states (spec 2 §2, §9), read through the account page's rules. */
import { expect, test } from 'vitest';
import { formatPrice } from '../../src/domain/billing/prices.ts';
import {
  SAMPLE_PLAN_CURRENCY,
  SAMPLE_PLANS,
  SIMULATED_STATES,
  simulatedOutcome,
} from '../../src/domain/billing/samplePlans.ts';

const NOW = Date.parse('2026-03-05T12:00:00Z');

test('§9 "Sample plan prices 9.99, 19.99, 49.99" per month', () => {
  expect(SAMPLE_PLANS.map((plan) => formatPrice(plan.monthlyAmount, SAMPLE_PLAN_CURRENCY, 2))).toEqual([
    '$9.99',
    '$19.99',
    '$49.99',
  ]);
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
