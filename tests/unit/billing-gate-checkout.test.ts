/**
 * Which routes the subscription gate guards (spec 2 §2 Root "Navigation is blocked for inactive
 * subscriptions except to the account screen", §4), and the return from checkout (§2 "checkout
 * = success or canceled", §3 redirectedToStripe, §4 back button after a payment redirect).
 */
import { describe, expect, test } from 'vitest';
import {
  isOpenWithoutSubscription,
  OPEN_WITHOUT_SUBSCRIPTION,
  subscriptionBlocks,
} from '../../src/domain/billing/gatedRoutes.ts';
import {
  backAfterPayment,
  checkoutReturnPath,
  readCheckoutReturn,
  REDIRECTED_TO_STRIPE_KEY,
} from '../../src/domain/billing/checkoutReturn.ts';
import { ROUTE_IDS, routes, type RouteId } from '../../src/domain/routing/routes.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const canceled = { subscription_status: 'canceled', trial_end_date: null };
const active = { subscription_status: 'active', trial_end_date: null };

describe('the gate blocks every route but the account screen, the profile, the admin screens and the signed-out pages', () => {
  const open: RouteId[] = [
    'login',
    'register',
    'resetPassword',
    'updatePassword',
    'authCallback',
    'profile',
    'account',
    // An admin reaches /admin whatever their own team's plan (issue 32); the route's own guard
    // lets only admins in.
    'admin',
    'stripeSyncLogs',
    'dailyQuotaResetLog',
  ];

  test.each(ROUTE_IDS.map((id) => [id, open.includes(id)] as const))(
    '%s open without a subscription: %s',
    (id, isOpen) => {
      expect(isOpenWithoutSubscription(id)).toBe(isOpen);
    },
  );

  test('the two signed-in routes named open', () => expect(OPEN_WITHOUT_SUBSCRIPTION).toEqual(['account', 'profile']));

  test.each([
    ['capture (Root with a url), canceled', routes.root({ url: 'https://www.linkedin.com/in/x' }), canceled, true],
    ['Root without a url, canceled', routes.root(), canceled, true],
    ['a page, no team', routes.notionProfile({ id: 'p1' }), null, true],
    ['a page by path id, canceled', `${routes.notionProfile({ id: 'p1' }).split('?')[0]}/p1`, canceled, true],
    ['the settings, canceled', routes.notionSettings(), canceled, true],
    ['an unknown path, canceled', '/nowhere', canceled, true],
    ['/account with checkout query, canceled', `${routes.account()}?checkout=success`, canceled, false],
    ['/profile, no team', routes.profile(), null, false],
    ['/admin, canceled', routes.admin(), canceled, false],
    ['the sync logs, no team', routes.stripeSyncLogs(), null, false],
    ['a page, active', routes.notionProfile({ id: 'p1' }), active, false],
    [
      'a page, canceled but trial ends tomorrow',
      routes.notionProfile({ id: 'p1' }),
      { ...canceled, trial_end_date: new Date(NOW + 86_400_000).toISOString() },
      false,
    ],
  ])('%s → blocked %s', (_name, path, team, blocked) => {
    expect(subscriptionBlocks(path, team, NOW)).toBe(blocked);
  });
});

describe('checkout return', () => {
  test('success: its notice, billing read again, the parameter dropped', () => {
    expect(readCheckoutReturn('?checkout=success&tab=plans')).toEqual({
      outcome: 'success',
      notice: 'Payment successful. Your plan is being updated; it shows here in a moment.',
      tone: 'success',
      refreshBilling: true,
      search: '?tab=plans',
    });
  });

  test('canceled: its notice, nothing to read again', () => {
    expect(readCheckoutReturn('?checkout=canceled')).toEqual({
      outcome: 'canceled',
      notice: 'Checkout canceled. You have not been charged and your plan is unchanged.',
      tone: 'info',
      refreshBilling: false,
      search: '',
    });
  });

  test.each(['', '?checkout=', '?checkout=cancelled', '?checkout=SUCCESS', '?other=success'])(
    '%j is no checkout return',
    (search) => expect(readCheckoutReturn(search)).toBeNull(),
  );

  test('the success and cancel URLs end on the account page with the outcome', () => {
    expect(checkoutReturnPath('success')).toBe('/account?checkout=success');
    expect(checkoutReturnPath('canceled')).toBe('/account?checkout=canceled');
  });
});

describe('the back button after a payment redirect', () => {
  test('the flag’s key is the spec’s', () => expect(REDIRECTED_TO_STRIPE_KEY).toBe('redirectedToStripe'));

  test.each([
    ['/account, flag set', routes.account(), 'true', { to: routes.missingContext(), clearFlag: true }],
    [
      '/account?checkout=success, flag set',
      `${routes.account()}?checkout=success`,
      'true',
      { to: '/missing-context', clearFlag: true },
    ],
    ['/account, no flag', routes.account(), null, null],
    ['/account, another value', routes.account(), 'false', null],
    ['/profile, flag set', routes.profile(), 'true', null],
  ])('%s', (_name, path, stored, action) => expect(backAfterPayment(path, stored)).toEqual(action));
});
