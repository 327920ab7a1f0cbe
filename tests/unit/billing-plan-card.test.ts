/**
 * The account page's plan card (spec 2 §2, §3, §4 "Subscription statuses", §9 masking, card
 * brands, days left): tables of each fact, the label per status, Manage or Compare.
 */
import { describe, expect, test } from 'vitest';
import {
  cardBrandName,
  daysLeft,
  hasActiveSubscription,
  isOnTrial,
  isPaid,
  maskCustomerId,
  planCardAction,
  renewalFacts,
  type TeamBilling,
} from '../../src/domain/billing/planCard.ts';
import { subscriptionLabel } from '../../src/domain/billing/subscriptionLabel.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const at = (days: number) => new Date(NOW + days * 86_400_000).toISOString();

describe('customer id: first 4 and last 4 when 8+ long', () => {
  test.each([
    ['cus_T8xQz2Lm9AbC', 'cus_…9AbC'],
    ['abcdefgh', 'abcd…efgh'],
    ['abcdefg', 'abcdefg'],
    ['cus_1', 'cus_1'],
    ['', null],
    [null, null],
  ])('%j → %j', (id, masked) => expect(maskCustomerId(id)).toBe(masked));
});

describe('card brands by their names', () => {
  test.each([
    ['visa', 'Visa'],
    ['mastercard', 'Mastercard'],
    ['amex', 'American Express'],
    ['discover', 'Discover'],
    ['diners', 'Diners Club'],
    ['jcb', 'JCB'],
    ['unionpay', 'UnionPay'],
    ['VISA', 'Visa'],
    ['cartes_bancaires', 'Cartes Bancaires'],
    ['unknown', 'Card'],
    ['', 'Card'],
    [null, 'Card'],
  ])('%j → %s', (brand, name) => expect(cardBrandName(brand)).toBe(name));
});

describe('days left: rounded up, not below zero', () => {
  test.each([
    [at(10), 10],
    [at(9.01), 10],
    [at(0.001), 1],
    [at(0), 0],
    [at(-3), 0],
    ['not a date', null],
    [null, null],
  ])('until %s → %s', (end, days) => expect(daysLeft(end, NOW)).toBe(days));
});

const team = (extra: Partial<TeamBilling> = {}): TeamBilling => ({
  subscription_status: 'active',
  plan_name: 'Pro',
  stripe_customer_id: 'cus_123456789',
  trial_end_date: null,
  subscription_end_date: at(20),
  ...extra,
});

describe('trial, paid, active subscription, Manage or Compare', () => {
  test.each([
    [at(1), true],
    [at(0), false],
    [at(-1), false],
    [null, false],
    ['soon', false],
  ])('trial ending %s: on trial %s', (end, trial) => expect(isOnTrial(end, NOW)).toBe(trial));

  test.each([
    ['active, Pro', team(), true],
    ['pro keyword', team({ subscription_status: 'pro', plan_name: null }), true],
    ['startup keyword', team({ subscription_status: 'startup' }), true],
    ['enterprise keyword', team({ subscription_status: 'enterprise' }), true],
    ['active on the free plan', team({ plan_name: 'free' }), false],
    ['free keyword', team({ subscription_status: 'free', plan_name: 'Free' }), false],
    ['trialing without a trial end', team({ subscription_status: 'trialing' }), false],
    ['canceled', team({ subscription_status: 'canceled' }), false],
    ['no status', team({ subscription_status: null }), false],
  ])('%s: paid %s', (_name, value, paid) => expect(isPaid(value)).toBe(paid));

  test.each([
    ['paid', team(), true, 'manage'],
    ['free plan', team({ plan_name: 'Free' }), false, 'compare'],
    ['trial in the future', team({ subscription_status: 'trialing', trial_end_date: at(3) }), true, 'manage'],
    ['trial ended', team({ subscription_status: 'trialing', trial_end_date: at(-1) }), false, 'compare'],
    ['canceled, trial still running', team({ subscription_status: 'canceled', trial_end_date: at(3) }), true, 'manage'],
    ['past_due', team({ subscription_status: 'past_due' }), false, 'compare'],
    ['paid without a customer id', team({ stripe_customer_id: null }), true, 'compare'],
  ])('%s: active subscription %s → %s', (_name, value, active, action) => {
    expect(hasActiveSubscription(value, NOW)).toBe(active);
    expect(planCardAction(value, NOW)).toBe(action);
  });

  test('no team → Compare plans', () => expect(planCardAction(null, NOW)).toBe('compare'));
});

describe('the date ahead: trial end, renewal, or end', () => {
  const sub = (extra: Partial<Parameters<typeof renewalFacts>[0]>) => ({
    status: 'active',
    cancelAtPeriodEnd: false,
    periodEnd: at(20),
    trialEnd: null,
    ...extra,
  });

  test.each([
    ['active renews', sub({}), { kind: 'renews', date: at(20), daysLeft: 20 }],
    ['canceling ends', sub({ cancelAtPeriodEnd: true }), { kind: 'ends', date: at(20), daysLeft: 20 }],
    ['canceled ends', sub({ status: 'canceled', periodEnd: at(-2) }), { kind: 'ends', date: at(-2), daysLeft: 0 }],
    [
      'on trial: the trial end',
      sub({ status: 'trialing', trialEnd: at(6.5) }),
      { kind: 'trialEnds', date: at(6.5), daysLeft: 7 },
    ],
    ['trial over: the period', sub({ trialEnd: at(-1) }), { kind: 'renews', date: at(20), daysLeft: 20 }],
    ['no date', sub({ periodEnd: null }), null],
    ['unreadable date', sub({ periodEnd: 'later' }), null],
  ])('%s', (_name, value, facts) => expect(renewalFacts(value, NOW)).toEqual(facts));
});

describe('labels per status (spec 2 §4)', () => {
  test.each([
    ['active', false, 'Active'],
    ['active', true, 'Canceling'],
    ['trialing', true, 'Trial'],
    ['past_due', true, 'Past Due'],
    ['pro', false, 'Active'],
    ['startup', false, 'Active'],
    ['enterprise', false, 'Active'],
    ['free', false, 'Active'],
    ['paused', false, 'Unknown'],
    ['constructor', false, 'Unknown'],
    ['', false, 'No subscription'],
  ])('%j (cancel at period end: %s) reads %s', (status, cancel, label) => {
    expect(subscriptionLabel(status, cancel)).toBe(label);
  });
});
