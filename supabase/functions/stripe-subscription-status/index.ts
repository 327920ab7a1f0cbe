/**
 * stripe-subscription-status: the team's subscription as the account screen shows it (spec 2
 * §2 plan card, §3 Subscription "id, status, currentPeriodStart, currentPeriodEnd,
 * cancelAtPeriodEnd, priceId, productId, customerId, planName, paymentMethod (brand, last4,
 * expiryMonth, expiryYear); response also subscriptions, hasActiveSubscription, quotaInfo", §7
 * `POST stripe-subscription-status {userId, customerId, subscriptionId}`).
 *
 * POST with the session as bearer; the body's ids, when given, must be the caller's own (the
 * active team's customer and subscription): they never pick the team. Any member of the team may
 * read it. Answers 200 `{subscription, subscriptions, hasActiveSubscription, quotaInfo}`:
 * - subscription: `{id, status, currentPeriodStart, currentPeriodEnd, cancelAtPeriodEnd,
 *   trialEnd, priceId, productId, customerId, planName, billingCycle, currency, paymentMethod:
 *   {brand, last4, expiryMonth, expiryYear} | null}` (dates ISO 8601), or null for a team without
 *   a customer or subscription; the customer id is the team's own and the app masks it (§9);
 * - subscriptions: every subscription of the customer in that shape, newest first;
 * - hasActiveSubscription: §4 "paid or on trial" — a live paid plan, or trialing;
 * - quotaInfo: `{api_calls_used, api_quota, notion_pages_used, notion_pages_quota,
 *   next_quota_reset}` from the quota RPCs (null if they fail).
 * Errors `{error, subscription: null, hasActiveSubscription: false, quotaInfo: null}`: 401
 * 'Authentication required', 400, 404 'Team not found', 502 'Error getting subscription status:
 * Bad Gateway' when Stripe fails (§8's text).
 *
 * A customer who checked out from the free plan has two live subscriptions until the free one is
 * retired (the webhook's job, once the paid one runs): the paid one is shown, and when
 * this call sees both it cancels the free one itself (idempotent), so the customer is never
 * billed for both nor shown the wrong plan.
 */
import { z } from 'npm:zod@4.6.7';
import { failure, logFailure, serveBilling } from '../_shared/billing-http.ts';
import { cycleOfInterval, planNameOf } from '../_shared/billing-plans.ts';
import { productOf, retireFreeSubscriptions, subscriptionsOf } from '../_shared/billing-stripe.ts';
import { billingCallerOf, namesOwn, TEAM_NOT_FOUND } from '../_shared/billing-team.ts';
import { userClient } from '../_shared/clients.ts';
import { jsonResponse, readJson } from '../_shared/http.ts';
import { stripeClient, type Stripe } from '../_shared/stripe.ts';
import { idOf, isFreeSubscription, isLive, isoFromUnix, subscriptionInForce } from '../_shared/stripe-team-state.ts';

export const FAILED = 'Error getting subscription status: Bad Gateway';
const EMPTY = { subscription: null, hasActiveSubscription: false, quotaInfo: null };

const id = (name: string) => z.string({ error: `${name} must be a string` }).optional();
const StatusBody = z
  .object(
    { userId: id('userId'), customerId: id('customerId'), subscriptionId: id('subscriptionId') },
    { error: 'The request body must be a JSON object' },
  )
  .optional();

function paymentMethodOf(sub: Stripe.Subscription) {
  const pm = sub.default_payment_method;
  if (!pm || typeof pm === 'string' || !pm.card) return null;
  return { brand: pm.card.brand, last4: pm.card.last4, expiryMonth: pm.card.exp_month, expiryYear: pm.card.exp_year };
}

function subscriptionView(sub: Stripe.Subscription) {
  const item = sub.items.data[0];
  const price = item?.price;
  const product = price ? productOf(price) : null;
  return {
    id: sub.id,
    status: sub.status,
    currentPeriodStart: isoFromUnix(item?.current_period_start),
    currentPeriodEnd: isoFromUnix(item?.current_period_end),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    trialEnd: isoFromUnix(sub.trial_end),
    priceId: price?.id ?? null,
    productId: product?.id ?? (typeof price?.product === 'string' ? price.product : null),
    customerId: idOf(sub.customer),
    planName: product ? planNameOf(product) : null,
    billingCycle: cycleOfInterval(price?.recurring?.interval),
    currency: sub.currency,
    paymentMethod: paymentMethodOf(sub),
  };
}

/** §4: a live paid plan, or a trial. */
const isActive = (sub: Stripe.Subscription | null): boolean =>
  sub !== null && (sub.status === 'trialing' || (isLive(sub) && sub.status === 'active' && !isFreeSubscription(sub)));

async function quotaInfoOf(accessToken: string, userId: string) {
  const db = userClient(accessToken);
  const [linkedin, notion] = await Promise.all([
    db.rpc('get_linkedin_quota_for_user', { auth_user_id: userId }).single(),
    db.rpc('get_notion_quota_for_user', { auth_user_id: userId }).single(),
  ]);
  if (linkedin.error || notion.error) {
    logFailure('reading the quotas failed', linkedin.error ?? notion.error);
    return null;
  }
  const l = linkedin.data as { api_calls_used: number; api_quota: number; next_quota_reset: string };
  const n = notion.data as { notion_pages_used: number; notion_pages_quota: number };
  return {
    api_calls_used: l.api_calls_used,
    api_quota: l.api_quota,
    notion_pages_used: n.notion_pages_used,
    notion_pages_quota: n.notion_pages_quota,
    next_quota_reset: l.next_quota_reset,
  };
}

async function subscriptionStatus(req: Request): Promise<Response> {
  const who = await billingCallerOf(req);
  if (!who.ok && who.reason === 'unauthenticated') return failure(req, 401, 'Authentication required', EMPTY);
  const parsed = StatusBody.safeParse(await readJson(req));
  if (!parsed.success) return failure(req, 400, parsed.error.issues[0].message, EMPTY);
  if (!who.ok) return failure(req, 404, TEAM_NOT_FOUND, EMPTY);
  const { team, accessToken, userId } = who.caller;
  const named = parsed.data ?? {};
  if (
    !namesOwn(named.userId, userId) ||
    !namesOwn(named.customerId, team.stripe_customer_id) ||
    !namesOwn(named.subscriptionId, team.stripe_subscription_id)
  ) {
    return failure(req, 404, TEAM_NOT_FOUND, EMPTY);
  }

  const quotaInfo = await quotaInfoOf(accessToken, userId);
  if (!team.stripe_customer_id) {
    return jsonResponse(req, 200, { subscription: null, subscriptions: [], hasActiveSubscription: false, quotaInfo });
  }
  const stripe = stripeClient();
  let subscriptions = await subscriptionsOf(stripe, team.stripe_customer_id);
  const retired = await retireFreeSubscriptions(stripe, subscriptions);
  if (retired.length > 0) subscriptions = await subscriptionsOf(stripe, team.stripe_customer_id);
  const current = subscriptionInForce(subscriptions);
  return jsonResponse(req, 200, {
    subscription: current ? subscriptionView(current) : null,
    subscriptions: [...subscriptions].sort((a, b) => b.created - a.created).map(subscriptionView),
    hasActiveSubscription: isActive(current),
    quotaInfo,
  });
}

serveBilling('stripe-subscription-status', subscriptionStatus, { failed: FAILED, extra: EMPTY });
