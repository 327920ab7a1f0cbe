/**
 * create-stripe-customer: the setup's billing step (spec 2 §4 "at personal_team_owner with a
 * team id returned, a payment customer is created in the detected currency", "the free plan
 * subscribed"; §7 `create-stripe-customer {teamId, userId, currency}`).
 *
 * POST with the session as bearer and `{currency, teamId?, userId?}`: currency is usd or eur
 * (the app detected it with geo-IP); teamId and userId, when given, must be the caller's active
 * team and the caller. Only the team's owner may call it. Answers 200
 * `{success: true, customerId, subscriptionId, status, planName, currency, created, state}`
 * (`created`: false when the team already had them; `state`: the profile's state after it) — or `{success: false, error}`: 401 'Authentication
 * required', 400 (currency, ids), 404 'Team not found', 403 OWNER_ONLY, 409 'Billing is not
 * enabled' (billing_config.stripe_enabled is false: setup_new_user finishes on the free plan by
 * itself), 502 FAILED when Stripe fails.
 *
 * What must stay true:
 * - one customer and one free subscription per team, whatever the retries and races: the team's
 *   stored ids first; else a customer found by `metadata['team_id']` (Stripe's search), else
 *   created with the Idempotency-Key `team-<id>-customer` (covers two calls racing within
 *   Stripe's search indexing delay); its live subscription reused, else the free price in the
 *   customer's currency subscribed with the Idempotency-Key `team-<id>-free-<customer>`;
 * - a customer is locked to its first subscription's currency: an existing customer keeps its
 *   own, whatever the request says (the answer's `currency` says which);
 * - nothing is written to the database unless both Stripe steps succeeded: then the team's
 *   billing columns (customer, subscription, status, plan, cycle, dates, quotas from the plan's
 *   metadata) in one update with the webhook's freshness guard (stripe-team-sync.ts's
 *   writeTeamBilling: the time this call started reading Stripe goes into stripe_synced_at, and
 *   nothing is written over a read that started later — the webhook's after a checkout, say),
 *   then the profile moves forward to stripe_free_subscribed (never backwards: a later state
 *   stays), and the setup is finished (setup_new_user as the service role: setup_complete,
 *   answered as `state`; if that call fails the state stays and the app's next setup call
 *   finishes it). A Stripe customer left by a failed call is found again by the next one. When the
 *   write is stale the team already has this customer: only a write of the same guard, which
 *   finds the team by this customer or links it, can have stored a later read.
 */
import { z } from 'npm:zod@4.6.7';
import { asCurrency, type Currency } from '../_shared/billing-currency.ts';
import { failure, serveBilling, UNSUPPORTED_CURRENCY } from '../_shared/billing-http.ts';
import { choosePrice } from '../_shared/billing-plans.ts';
import { activePrices, planOfPrice, subscriptionsOf } from '../_shared/billing-stripe.ts';
import { billingCallerOf, namesOwn, OWNER_ONLY, TEAM_NOT_FOUND, type BillingCaller } from '../_shared/billing-team.ts';
import { serviceClient } from '../_shared/clients.ts';
import { jsonResponse, readJson } from '../_shared/http.ts';
import { stripeClient, type Stripe } from '../_shared/stripe.ts';
import { isLive, subscriptionInForce, teamBillingOf } from '../_shared/stripe-team-state.ts';
import { writeTeamBilling } from '../_shared/stripe-team-sync.ts';

export const FAILED = 'Failed to create Stripe customer';
const BILLING_DISABLED = 'Billing is not enabled';
/** The states before stripe_free_subscribed this function moves forward (error states included). */
const STATES_BEFORE = [
  'empty_profile',
  'team_created',
  'personal_team_owner',
  'team_activated',
  'stripe_customer_created',
  'error',
  'setup_in_progress',
  'setup_failed',
];

const CustomerBody = z.object(
  {
    currency: z.string({ error: UNSUPPORTED_CURRENCY }),
    teamId: z.string({ error: 'teamId must be a string' }).optional(),
    userId: z.string({ error: 'userId must be a string' }).optional(),
  },
  { error: 'The request body must be a JSON object with a currency' },
);

const fail = (req: Request, status: number, error: string) => failure(req, status, error, { success: false });

async function billingEnabled(): Promise<boolean> {
  const { data, error } = await serviceClient().from('billing_config').select('stripe_enabled').maybeSingle();
  if (error) throw new Error(`reading billing_config failed: ${error.message}`);
  return Boolean((data as { stripe_enabled: boolean } | null)?.stripe_enabled);
}

/** The team's customer: stored, found by metadata, or created (idempotently). */
async function customerOf(stripe: Stripe, caller: BillingCaller): Promise<Stripe.Customer> {
  const { team } = caller;
  if (team.stripe_customer_id) {
    const stored = await stripe.customers.retrieve(team.stripe_customer_id);
    if (!('deleted' in stored && stored.deleted)) return stored as Stripe.Customer;
  }
  const found = await stripe.customers.search({ query: `metadata['team_id']:'${team.id}'`, limit: 1 });
  if (found.data[0]) return found.data[0];
  return await stripe.customers.create(
    {
      ...(caller.email && { email: caller.email }),
      name: team.name,
      metadata: { team_id: team.id, owner_auth_id: caller.userId },
    },
    { idempotencyKey: `team-${team.id}-customer` },
  );
}

/** The customer's subscription in force if live, else the free plan subscribed in `currency`. */
async function freeSubscriptionOf(
  stripe: Stripe,
  teamId: string,
  customer: Stripe.Customer,
  currency: Currency,
): Promise<Stripe.Subscription> {
  const current = subscriptionInForce(await subscriptionsOf(stripe, customer.id));
  if (current && isLive(current)) return current;
  const freePrices = (await activePrices(stripe, currency)).filter((price) => planOfPrice(price)?.free);
  const price = choosePrice(freePrices, { currency, cycle: 'monthly' }) ?? choosePrice(freePrices, { currency });
  if (!price) throw new Error(`no active free-plan price in ${currency}`);
  const created = await stripe.subscriptions.create(
    { customer: customer.id, items: [{ price: price.id }], metadata: { team_id: teamId } },
    { idempotencyKey: `team-${teamId}-free-${customer.id}` },
  );
  return await stripe.subscriptions.retrieve(created.id, { expand: ['items.data.price.product'] });
}

async function createStripeCustomer(req: Request): Promise<Response> {
  const who = await billingCallerOf(req);
  if (!who.ok && who.reason === 'unauthenticated') return fail(req, 401, 'Authentication required');
  const parsed = CustomerBody.safeParse(await readJson(req));
  if (!parsed.success) return fail(req, 400, parsed.error.issues[0].message);
  const requested = asCurrency(parsed.data.currency);
  if (!requested) return fail(req, 400, UNSUPPORTED_CURRENCY);
  if (!who.ok) return fail(req, 404, TEAM_NOT_FOUND);
  const { caller } = who;
  const { team } = caller;
  if (!namesOwn(parsed.data.teamId, team.id) || !namesOwn(parsed.data.userId, caller.userId)) {
    return fail(req, 404, TEAM_NOT_FOUND);
  }
  if (!caller.isOwner) return fail(req, 403, OWNER_ONLY);
  if (!(await billingEnabled())) return fail(req, 409, BILLING_DISABLED);

  const stripe = stripeClient();
  const alreadyStored = Boolean(team.stripe_customer_id && team.stripe_subscription_id);
  const readAt = new Date().toISOString();
  const customer = await customerOf(stripe, caller);
  const currency = asCurrency(customer.currency) ?? requested;
  const subscription = await freeSubscriptionOf(stripe, team.id, customer, currency);

  const db = serviceClient();
  const billing = teamBillingOf(subscription);
  await writeTeamBilling(db, team.id, billing, readAt, customer.id);
  const advanced = await db
    .from('profiles')
    .update({ profile_state: 'stripe_free_subscribed' })
    .eq('id', caller.profileId)
    .in('profile_state', STATES_BEFORE);
  if (advanced.error) throw new Error(`advancing the profile state failed: ${advanced.error.message}`);
  // Billing done: the setup call that would follow finishes the setup; made here, the user waits
  // for this one call instead of one more poll (issue 30). If it fails, that next call finishes.
  const finished = await db.rpc('setup_new_user', { auth_user_id: caller.userId });
  if (finished.error) console.error(`finishing the setup failed: ${finished.error.message}`);
  const state = (finished.data as { state?: string } | null)?.state ?? 'stripe_free_subscribed';

  return jsonResponse(req, 200, {
    success: true,
    customerId: customer.id,
    subscriptionId: subscription.id,
    status: subscription.status,
    planName: billing.plan_name ?? null,
    currency,
    created: !alreadyStored,
    state,
  });
}

serveBilling('create-stripe-customer', createStripeCustomer, { failed: FAILED, extra: { success: false } });
