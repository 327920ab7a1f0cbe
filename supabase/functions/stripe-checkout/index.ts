/**
 * stripe-checkout: a hosted Checkout page for a paid plan (spec 2 §5 "Checkout needs a
 * logged-in user … and either priceId or planName … billing cycle defaults to monthly"; §7
 * `POST stripe-checkout {userId, currency, successUrl, cancelUrl, priceId or
 * planName+billingCycle} returns url; browser navigates`).
 *
 * POST with the session as bearer and `{priceId}` or `{planName, billingCycle?}`, plus optional
 * `currency` (usd|eur), `successUrl`, `cancelUrl`, `userId`. Answers 200 `{url, sessionId}`, or
 * `{error}`: 401 'User must be logged in to checkout'; 400 'Either priceId or planName must be
 * provided', UNSUPPORTED_CURRENCY, INVALID_PRICE, FREE_PLAN, a currency mismatch, or
 * INVALID_RETURN_URL; 404 'Team not found'; 403 OWNER_ONLY; 409 NO_CUSTOMER or
 * ALREADY_SUBSCRIBED; 502 'Failed to create checkout session' when Stripe fails.
 *
 * What must stay true:
 * - the price is one of the catalogue's active recurring prices of a paid Sidenote plan
 *   (never a price id taken on trust), in the customer's currency once it has one (a customer is
 *   locked to its first subscription's currency);
 * - success and cancel URLs are built here: `<app origin>/account?checkout=success|canceled`,
 *   the origin being the app's (see billing-http.ts) — never a URL from the request;
 * - the session is the team's: customer = the team's customer, client_reference_id and
 *   metadata.team_id = the team, and the subscription it starts carries metadata.team_id and
 *   `replaces_subscription` (the free subscription it supersedes, for the record: the webhook's
 *   sync retires the free plan once the paid subscription runs, stripe-team-sync.ts); a team
 *   that already pays is sent to the portal instead (409): checkout always starts a NEW
 *   subscription and a plan change is the portal's.
 */
import { z } from 'npm:zod@4.6.7';
import { asCurrency } from '../_shared/billing-currency.ts';
import {
  appReturnOrigin,
  failure,
  INVALID_RETURN_URL,
  serveBilling,
  UNSUPPORTED_CURRENCY,
} from '../_shared/billing-http.ts';
import { choosePrice, DEFAULT_BILLING_CYCLE, planNameOf } from '../_shared/billing-plans.ts';
import { activePrices, planOfPrice, subscriptionsOf } from '../_shared/billing-stripe.ts';
import { billingCallerOf, namesOwn, OWNER_ONLY, TEAM_NOT_FOUND } from '../_shared/billing-team.ts';
import { jsonResponse, readJson } from '../_shared/http.ts';
import { stripeClient, type Stripe } from '../_shared/stripe.ts';
import { isFreeSubscription, isLive, subscriptionInForce } from '../_shared/stripe-team-state.ts';

export const MESSAGES = {
  failed: 'Failed to create checkout session',
  unauthenticated: 'User must be logged in to checkout',
  noPrice: 'Either priceId or planName must be provided',
  invalidPrice: 'Invalid price: it is not one of the active plan prices',
  freePlan: 'The free plan needs no checkout',
  noCustomer: 'Your billing account is not set up yet. Please try again in a moment.',
  alreadySubscribed: 'You already have an active subscription. Use Manage Subscription to change your plan.',
} as const;

const text = (name: string) =>
  z
    .string({ error: `${name} must be a string` })
    .trim()
    .min(1, `${name} is empty`);
const CheckoutBody = z.object(
  {
    priceId: text('priceId').optional(),
    planName: text('planName').optional(),
    billingCycle: z.enum(['monthly', 'yearly'], { error: 'billingCycle must be monthly or yearly' }).optional(),
    currency: z.string({ error: UNSUPPORTED_CURRENCY }).optional(),
    successUrl: z.string({ error: INVALID_RETURN_URL }).optional(),
    cancelUrl: z.string({ error: INVALID_RETURN_URL }).optional(),
    userId: z.string({ error: 'userId must be a string' }).optional(),
  },
  { error: MESSAGES.noPrice },
);
type CheckoutRequest = z.infer<typeof CheckoutBody>;

/** The catalogue price the request means, or the reason it means none. */
function chosenPrice(
  prices: Stripe.Price[],
  body: CheckoutRequest,
  currency: 'usd' | 'eur' | null,
): Stripe.Price | null {
  if (body.priceId) return choosePrice(prices, { key: body.priceId });
  const planName = body.planName!.toLowerCase();
  const ofPlan = prices.filter((price) => {
    const plan = planOfPrice(price);
    return plan !== null && planNameOf(plan.product) === planName;
  });
  return choosePrice(ofPlan, { currency: currency ?? undefined, cycle: body.billingCycle ?? DEFAULT_BILLING_CYCLE });
}

async function stripeCheckout(req: Request): Promise<Response> {
  const who = await billingCallerOf(req);
  if (!who.ok && who.reason === 'unauthenticated') return failure(req, 401, MESSAGES.unauthenticated);
  const parsed = CheckoutBody.safeParse(await readJson(req));
  if (!parsed.success) return failure(req, 400, parsed.error.issues[0].message);
  const body = parsed.data;
  if (!body.priceId && !body.planName) return failure(req, 400, MESSAGES.noPrice);
  const requested = body.currency === undefined ? null : asCurrency(body.currency);
  if (body.currency !== undefined && !requested) return failure(req, 400, UNSUPPORTED_CURRENCY);
  const origin = appReturnOrigin(req, body.successUrl);
  if (!origin || (body.cancelUrl !== undefined && appReturnOrigin(req, body.cancelUrl) !== origin)) {
    return failure(req, 400, INVALID_RETURN_URL);
  }
  if (!who.ok) return failure(req, 404, TEAM_NOT_FOUND);
  const { caller } = who;
  const { team } = caller;
  if (!namesOwn(body.userId, caller.userId)) return failure(req, 404, TEAM_NOT_FOUND);
  if (!caller.isOwner) return failure(req, 403, OWNER_ONLY);
  if (!team.stripe_customer_id) return failure(req, 409, MESSAGES.noCustomer);

  const stripe = stripeClient();
  const [customer, prices, subscriptions] = await Promise.all([
    stripe.customers.retrieve(team.stripe_customer_id),
    activePrices(stripe),
    subscriptionsOf(stripe, team.stripe_customer_id),
  ]);
  const lockedCurrency = 'deleted' in customer && customer.deleted ? null : asCurrency(customer.currency);
  const price = chosenPrice(prices, body, lockedCurrency ?? requested);
  const plan = price ? planOfPrice(price) : null;
  if (!price || !plan || !price.recurring) return failure(req, 400, MESSAGES.invalidPrice);
  if (plan.free) return failure(req, 400, MESSAGES.freePlan);
  if (lockedCurrency && price.currency !== lockedCurrency) {
    return failure(
      req,
      400,
      `This price is in ${price.currency.toUpperCase()}, but your account is billed in ${lockedCurrency.toUpperCase()}`,
    );
  }
  const current = subscriptionInForce(subscriptions);
  if (current && isLive(current) && !isFreeSubscription(current)) {
    return failure(req, 409, MESSAGES.alreadySubscribed);
  }

  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: team.stripe_customer_id,
    line_items: [{ price: price.id, quantity: 1 }],
    success_url: `${origin}/account?checkout=success`,
    cancel_url: `${origin}/account?checkout=canceled`,
    client_reference_id: team.id,
    metadata: { team_id: team.id },
    subscription_data: {
      metadata: { team_id: team.id, ...(current && isLive(current) && { replaces_subscription: current.id }) },
    },
  });
  if (!session.url) throw new Error('the checkout session has no url');
  return jsonResponse(req, 200, { url: session.url, sessionId: session.id });
}

serveBilling('stripe-checkout', stripeCheckout, { failed: MESSAGES.failed });
