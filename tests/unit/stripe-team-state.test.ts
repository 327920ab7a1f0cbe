/**
 * Which of a customer's Stripe subscriptions is the team's, and what it writes on the team
 * (supabase/functions/_shared/stripe-team-state.ts, shared by stripe-checkout,
 * stripe-subscription-status, create-stripe-customer, stripe-webhook and the syncs): a running
 * one before one that never started before an ended one, among running ones a paid plan before
 * the free plan, then the newest, the first listed (Stripe lists newest first) within one
 * second; plan (lower case) and quotas from the product's metadata, the cycle from the price's
 * interval, dates from the item's period.
 */
import { describe, expect, test } from 'vitest';
import {
  subscriptionInForce,
  teamBillingOf,
  type StripeSubscriptionLike,
  type SubscriptionFacts,
} from '../../supabase/functions/_shared/stripe-team-state.ts';

const sub = (id: string, status: string, created: number) => ({ id, status, created });
/** A subscription whose price's product is expanded: the plan `plan` (metadata.plan_name). */
const onPlan = (plan: string, id: string, status: string, created: number) => ({
  ...sub(id, status, created),
  items: { data: [{ price: { product: { id: `prod_${plan}`, name: plan, metadata: { plan_name: plan } } } }] },
});

describe('subscriptionInForce', () => {
  const rows: [string, (SubscriptionFacts & { id: string })[], string | null][] = [
    ['none', [], null],
    ['the only one, even canceled', [sub('a', 'canceled', 1)], 'a'],
    ['a paid plan bought after the free one', [sub('paid', 'active', 20), sub('free', 'active', 10)], 'paid'],
    [
      'running before a newer incomplete (declined first payment)',
      [sub('inc', 'incomplete', 30), sub('free', 'active', 10)],
      'free',
    ],
    [
      'past_due is still in force, before a newer ended one',
      [sub('end', 'canceled', 40), sub('due', 'past_due', 10)],
      'due',
    ],
    [
      'trialing, unpaid and paused are running',
      [sub('t', 'trialing', 5), sub('u', 'unpaid', 6), sub('p', 'paused', 4)],
      'u',
    ],
    [
      'a paid plan before a newer free one still live (checkout, not yet retired)',
      [onPlan('free', 'free', 'active', 30), onPlan('pro', 'paid', 'active', 20)],
      'paid',
    ],
    [
      'a paid plan before a free one, whatever the running status',
      [onPlan('free', 'free', 'active', 30), onPlan('pro', 'due', 'past_due', 20)],
      'due',
    ],
    [
      'a running free plan before a newer paid one that never started',
      [onPlan('pro', 'inc', 'incomplete', 30), onPlan('free', 'free', 'active', 10)],
      'free',
    ],
    [
      'among paid plans, the newest',
      [onPlan('pro', 'old', 'active', 10), onPlan('startup', 'new', 'trialing', 20)],
      'new',
    ],
    [
      'a product not expanded, or deleted, is not the free plan',
      [
        onPlan('free', 'free', 'active', 30),
        { ...sub('gone', 'active', 10), items: { data: [{ price: { product: { id: 'prod_x', deleted: true } } }] } },
      ],
      'gone',
    ],
    ['incomplete before ended', [sub('x', 'incomplete_expired', 50), sub('i', 'incomplete', 10)], 'i'],
    ['among ended ones, the newest', [sub('old', 'canceled', 1), sub('new', 'canceled', 2)], 'new'],
    [
      'within one second, the first listed',
      [sub('listed-first', 'active', 7), sub('listed-second', 'active', 7)],
      'listed-first',
    ],
  ];
  test.each(rows)('%s', (_, subs, expected) => {
    expect(subscriptionInForce(subs)?.id ?? null).toBe(expected);
  });
});

const subscription = (overrides: Partial<StripeSubscriptionLike> = {}, interval = 'year'): StripeSubscriptionLike => ({
  id: 'sub_1',
  status: 'trialing',
  created: 1_767_225_600,
  customer: 'cus_1',
  trial_end: 1_767_830_400,
  items: {
    data: [
      {
        current_period_start: 1_767_225_600,
        current_period_end: 1_798_761_600,
        price: {
          recurring: { interval },
          product: {
            id: 'prod_1',
            name: 'Startup',
            metadata: { plan_name: 'startup', api_quota: '500', notion_pages_quota: '5000' },
          },
        },
      },
    ],
  },
  ...overrides,
});

describe('teamBillingOf', () => {
  test('every column from the subscription, its item, price and product', () => {
    expect(teamBillingOf(subscription())).toEqual({
      plan_name: 'startup',
      billing_cycle: 'yearly',
      subscription_status: 'trialing',
      subscription_start_date: '2026-01-01T00:00:00.000Z',
      subscription_end_date: '2027-01-01T00:00:00.000Z',
      trial_end_date: '2026-01-08T00:00:00.000Z',
      stripe_subscription_id: 'sub_1',
      api_quota: 500,
      notion_pages_quota: 5000,
    });
  });

  test('what Stripe does not say is left out (kept on the team): quotas, plan name, an odd interval', () => {
    const bare = subscription({}, 'week');
    bare.items.data[0].price.product = { id: 'prod_2', name: '  ', metadata: { api_quota: 'lots' } };
    const billing = teamBillingOf(bare);
    expect(billing).not.toHaveProperty('plan_name');
    expect(billing).not.toHaveProperty('billing_cycle');
    expect(billing).not.toHaveProperty('api_quota');
    expect(billing).not.toHaveProperty('notion_pages_quota');
    expect(teamBillingOf(subscription({ trial_end: null }, 'month'))).toMatchObject({
      billing_cycle: 'monthly',
      trial_end_date: null,
    });
  });

  test('the plan name is a lower-case key: metadata.plan_name, else the product name', () => {
    const named = subscription();
    named.items.data[0].price.product = { id: 'prod_3', name: 'Team', metadata: {} };
    expect(teamBillingOf(named).plan_name).toBe('team');
    named.items.data[0].price.product = { id: 'prod_4', name: 'Pro plan', metadata: { plan_name: ' Pro ' } };
    expect(teamBillingOf(named).plan_name).toBe('pro');
  });
});
