/**
 * The billing calls' texts (spec 2 §8 "Billing: server error field shown, else 'Failed to
 * create checkout session', 'Failed to create customer portal session', 'Failed to fetch Stripe
 * products'", "Status failure 'Error getting subscription status: {statusText}'", the empty
 * state 'No subscription plans are currently available. Please try again later.', §5 'Invalid
 * JSON response from server'), copied from the spec here; and how a function's refusal reads on
 * the account screen: its `error` field when it has one, else the call's own text.
 */
import { describe, expect, test } from 'vitest';
import { messageFor } from '../../src/domain/errors/catalogue.ts';
import { billingTexts } from '../../src/domain/errors/messages.ts';
import { functionError } from '../../src/data/errors/edgeFunction.ts';
import { teamMatchesProvider } from '../../src/features/account/webhookCatchUp.ts';

describe('billing texts', () => {
  test.each([
    [billingTexts.checkoutFailed, 'Failed to create checkout session'],
    [billingTexts.portalFailed, 'Failed to create customer portal session'],
    [billingTexts.productsFailed, 'Failed to fetch Stripe products'],
    [billingTexts.statusFailed('Bad Gateway'), 'Error getting subscription status: Bad Gateway'],
    [billingTexts.invalidJson, 'Invalid JSON response from server'],
    [billingTexts.noPlans, 'No subscription plans are currently available. Please try again later.'],
  ])('%s', (actual, expected) => expect(actual).toBe(expected));

  test.each([
    ['checkout', billingTexts.checkoutFailed],
    ['customerPortal', billingTexts.portalFailed],
    ['loadPlans', billingTexts.productsFailed],
  ] as const)('%s: the server error field, else the call’s text', (context, fallback) => {
    const said = functionError(409, 'Conflict', { error: 'You already have an active subscription.' }, null, fallback);
    expect(messageFor(context, said)).toBe('You already have an active subscription.');
    const silent = functionError(502, 'Bad Gateway', null, null, fallback);
    expect(messageFor(context, silent)).toBe(fallback);
  });
});

describe('after checkout, the team has caught up with the provider', () => {
  const team = { plan_name: 'free', billing_cycle: 'monthly' };
  const account = (t: typeof team) => ({ team: t, linkedIn: {}, notion: {} }) as never;
  const status = (planName: string, billingCycle: string) =>
    ({ subscription: { planName, billingCycle }, hasActiveSubscription: true }) as never;
  test.each([
    [team, ['pro', 'yearly'], false],
    [{ plan_name: 'Pro', billing_cycle: 'monthly' }, ['pro', 'yearly'], false],
    [{ plan_name: 'Pro', billing_cycle: 'yearly' }, ['pro', 'yearly'], true],
    [team, ['free', 'monthly'], true],
  ])('team %o, provider %o → %s', (t, [plan, cycle], expected) =>
    expect(teamMatchesProvider(account(t), status(plan, cycle))).toBe(expected),
  );
  test('no team or no subscription: nothing to wait for', () => {
    expect(teamMatchesProvider({ team: null }, status('pro', 'yearly'))).toBe(true);
    expect(teamMatchesProvider(account(team), { subscription: null, hasActiveSubscription: false })).toBe(true);
  });
});
