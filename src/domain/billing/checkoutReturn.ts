/**
 * Coming back from the payment provider (spec 2 §2 "Checkout returns here with query checkout
 * = success or canceled", §3 local storage "redirectedToStripe", §4 "Back button: on /account
 * after a payment redirect, clears the flag and goes to MissingContext").
 *
 * - `?checkout=success` shows its notice and asks for the team's billing to be read again (the
 *   webhook may land a moment later); `?checkout=canceled` shows its notice only; any other
 *   value is no checkout return. Either way the query parameter is dropped from the address,
 *   so a reload or a shared link does not say it again.
 * - The flag is set (to 'true') just before the browser leaves for checkout or the portal; the
 *   header's back button on /account with the flag set clears it and leads to MissingContext
 *   (the browser's history behind /account is the provider's pages). Elsewhere, or without the
 *   flag, the usual back rules apply (null here).
 */
import { checkoutNotices } from '../errors/messages.ts';
import { routeOf, routes } from '../routing/routes.ts';
import { withoutQueryParam } from '../routing/routeAccess.ts';

/** The query parameter the success and cancel URLs carry (stripe-checkout's successUrl / cancelUrl). */
export const CHECKOUT_PARAM = 'checkout';
export type CheckoutOutcome = 'success' | 'canceled';

/** §3 "Local storage: … redirectedToStripe": the key and the value it holds while set. */
export const REDIRECTED_TO_STRIPE_KEY = 'redirectedToStripe';
export const REDIRECTED_TO_STRIPE_VALUE = 'true';

/** The account page's address for a checkout outcome: what successUrl and cancelUrl end with. */
export const checkoutReturnPath = (outcome: CheckoutOutcome): string =>
  `${routes.account()}?${CHECKOUT_PARAM}=${outcome}`;

export function checkoutOutcome(search: string): CheckoutOutcome | null {
  const value = new URLSearchParams(search).get(CHECKOUT_PARAM);
  return value === 'success' || value === 'canceled' ? value : null;
}

export interface CheckoutReturn {
  outcome: CheckoutOutcome;
  notice: string;
  tone: 'success' | 'info';
  /** Read the team and the subscription again (a paid checkout changed them). */
  refreshBilling: boolean;
  /** The query string to replace the address's with ('' when nothing is left). */
  search: string;
}

/** What the account page does with its query string; null when it is no checkout return. */
export function readCheckoutReturn(search: string): CheckoutReturn | null {
  const outcome = checkoutOutcome(search);
  if (!outcome) return null;
  return {
    outcome,
    notice: checkoutNotices[outcome],
    tone: outcome === 'success' ? 'success' : 'info',
    refreshBilling: outcome === 'success',
    search: withoutQueryParam(search, CHECKOUT_PARAM),
  };
}

/** Whether the stored flag (localStorage's value, null when absent) says a payment redirect happened. */
export const redirectedToStripe = (stored: string | null): boolean => stored === REDIRECTED_TO_STRIPE_VALUE;

/** §4's back button after a payment redirect: go to MissingContext and clear the flag; null: the usual rules. */
export function backAfterPayment(pathname: string, stored: string | null): { to: string; clearFlag: true } | null {
  return routeOf(pathname) === 'account' && redirectedToStripe(stored)
    ? { to: routes.missingContext(), clearFlag: true }
    : null;
}
