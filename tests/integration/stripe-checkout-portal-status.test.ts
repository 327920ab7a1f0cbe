/**
 * stripe-checkout, stripe-customer-portal and stripe-subscription-status through the whole local
 * stack, read back with the official `stripe` SDK: a team on the free plan (EUR) checks out
 * Pro yearly on the hosted page, then reads its status (the paid plan, the card, the free
 * subscription retired) and opens the portal. Only Sidenote plans are sold: another product of
 * the Stripe account is refused (issue 32, item 9).
 */
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SEED_IDS } from '../../supabase/local/sandboxes/stripe/index.ts';
import type { TestStack } from './support/stack.ts';
import {
  APP_ORIGIN,
  call,
  payCheckout,
  sandboxStripe,
  setUpUser,
  startBillingStack,
  teamRow,
} from './support/billing.ts';
import { sql, type Persona } from './support/personas.ts';

const INVALID_RETURN_URL = "Invalid return URL: it must be on the app's origin";
const INVALID_PRICE = 'Invalid price: it is not one of the active plan prices';

let stack: TestStack;
let owner: Persona;
beforeAll(async () => {
  stack = await startBillingStack();
  owner = await setUpUser(stack);
  expect((await call(owner.client, 'create-stripe-customer', { currency: 'eur' })).status).toBe(200);
});
afterAll(() => stack?.stop());

describe('stripe-checkout: refusals', () => {
  test.each([
    [{}, 'Either priceId or planName must be provided'],
    [{ priceId: 'price_does_not_exist' }, INVALID_PRICE],
    [{ planName: 'platinum', billingCycle: 'yearly' }, INVALID_PRICE],
    [{ priceId: SEED_IDS.price('free_monthly_eur') }, 'The free plan needs no checkout'],
    [{ priceId: SEED_IDS.price('pro_monthly_usd') }, 'This price is in USD, but your account is billed in EUR'],
    [{ planName: 'pro', currency: 'gbp' }, 'Unsupported currency: use usd or eur'],
    [{ planName: 'pro', billingCycle: 'weekly' }, 'billingCycle must be monthly or yearly'],
    [{ planName: 'pro', successUrl: 'https://evil.example/account' }, INVALID_RETURN_URL],
    [{ planName: 'pro', cancelUrl: 'https://evil.example/account' }, INVALID_RETURN_URL],
    [{ planName: 'pro', successUrl: 'javascript:alert(1)' }, INVALID_RETURN_URL],
  ])('%j → 400 %s', async (body, error) => {
    expect(await call(owner.client, 'stripe-checkout', body)).toEqual({ status: 400, body: { error } });
  });

  test('only Sidenote plans: a product without our quota metadata is neither sold nor listed, even named like a plan', async () => {
    const stripe = sandboxStripe(stack);
    const coaching = await stripe.products.create({ name: 'Pro', description: 'One-to-one coaching' });
    const foreign = await stripe.prices.create({
      product: coaching.id,
      currency: 'eur',
      unit_amount: 100,
      recurring: { interval: 'month' },
    });
    expect(await call(owner.client, 'stripe-checkout', { priceId: foreign.id })).toEqual({
      status: 400,
      body: { error: INVALID_PRICE },
    });
    const byName = await call(owner.client, 'stripe-checkout', { planName: 'pro', billingCycle: 'monthly' });
    expect(byName.status).toBe(200);
    const session = await stripe.checkout.sessions.retrieve(byName.body.sessionId as string);
    expect(session.amount_total).toBe((await stripe.prices.retrieve(SEED_IDS.price('pro_monthly_eur'))).unit_amount);
    const listed = await call(owner.client, 'stripe-products', { currency: 'eur' });
    expect((listed.body.products as { id: string }[]).map((p) => p.id)).toEqual(
      (['free', 'pro', 'startup', 'enterprise'] as const).map((plan) => SEED_IDS.product(plan)),
    );
  });

  test('no session: 401 with the spec text; no customer yet: 409', async () => {
    expect(await call(stack.client(), 'stripe-checkout', { planName: 'pro' })).toEqual({
      status: 401,
      body: { error: 'User must be logged in to checkout' },
    });
    const fresh = await setUpUser(stack);
    expect((await call(fresh.client, 'stripe-checkout', { planName: 'pro' })).status).toBe(409);
  });

  test("a member who does not own the team may not buy for it; another user's id is 'Team not found'", async () => {
    const member = await setUpUser(stack, 'member');
    await sql(stack, 'insert into public.team_members (team_id, profile_id) values ($1, $2)', [
      owner.teamId,
      member.profileId,
    ]);
    await sql(stack, 'update public.profiles set active_team_id = $1 where id = $2', [owner.teamId, member.profileId]);
    expect(await call(member.client, 'stripe-checkout', { planName: 'pro' })).toEqual({
      status: 403,
      body: { error: 'Only the team owner can manage billing' },
    });
    expect(await call(member.client, 'stripe-customer-portal')).toEqual({
      status: 403,
      body: { error: 'Only the team owner can manage billing' },
    });
    // …but reads the team's status.
    const status = await call(member.client, 'stripe-subscription-status');
    expect((status.body.subscription as { customerId: string }).customerId).toBe(
      (await teamRow(stack, owner.teamId)).stripe_customer_id,
    );
    const stranger = await setUpUser(stack);
    expect(await call(stranger.client, 'stripe-checkout', { planName: 'pro', userId: owner.id })).toEqual({
      status: 404,
      body: { error: 'Team not found' },
    });
  });
});

describe('checkout → status → portal', () => {
  let sessionId: string;

  test('a Checkout Session for the plan in the customer currency, returning to /account', async () => {
    const result = await call(owner.client, 'stripe-checkout', {
      planName: 'pro',
      billingCycle: 'yearly',
      currency: 'eur',
      successUrl: `${APP_ORIGIN}/anything-here?x=1`,
    });
    expect(result.status).toBe(200);
    sessionId = result.body.sessionId as string;
    expect(result.body.url).toBe(`${stack.sandboxes!.stripe.url}/c/pay/${sessionId}`);
    const team = await teamRow(stack, owner.teamId);
    const stripe = sandboxStripe(stack);
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    const price = await stripe.prices.retrieve(SEED_IDS.price('pro_yearly_eur'));
    expect(session).toMatchObject({
      mode: 'subscription',
      customer: team.stripe_customer_id,
      client_reference_id: owner.teamId,
      metadata: { team_id: owner.teamId },
      success_url: `${APP_ORIGIN}/account?checkout=success`,
      cancel_url: `${APP_ORIGIN}/account?checkout=canceled`,
      currency: 'eur',
      amount_total: price.unit_amount,
    });
    // The price itself is read back on the subscription the payment starts (next test).
  });

  test('after paying: status shows the paid plan and card, and the free subscription is retired', async () => {
    const session = await sandboxStripe(stack).checkout.sessions.retrieve(sessionId);
    expect(await payCheckout(session.url!)).toEqual({
      status: 303,
      location: `${APP_ORIGIN}/account?checkout=success`,
    });
    const team = await teamRow(stack, owner.teamId);
    const status = await call(owner.client, 'stripe-subscription-status', {
      userId: owner.id,
      customerId: team.stripe_customer_id,
    });
    expect(status.status).toBe(200);
    const subscription = status.body.subscription as Record<string, unknown>;
    expect(subscription).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: false,
      trialEnd: null,
      priceId: SEED_IDS.price('pro_yearly_eur'),
      productId: SEED_IDS.product('pro'),
      customerId: team.stripe_customer_id,
      planName: 'pro',
      billingCycle: 'yearly',
      currency: 'eur',
      paymentMethod: { brand: 'visa', last4: '4242', expiryMonth: 12, expiryYear: 2034 },
    });
    expect(status.body.hasActiveSubscription).toBe(true);
    expect(status.body.quotaInfo).toMatchObject({ api_calls_used: 0, notion_pages_used: 0 });

    const stripe = sandboxStripe(stack);
    const subs = await stripe.subscriptions.list({ customer: team.stripe_customer_id as string, status: 'all' });
    const byStatus = Object.fromEntries(
      subs.data.map((s: Stripe.Subscription) => [s.items.data[0].price.id, s.status]),
    );
    expect(byStatus).toEqual({
      [SEED_IDS.price('pro_yearly_eur')]: 'active',
      [SEED_IDS.price('free_monthly_eur')]: 'canceled',
    });
    const paid = subs.data.find((s) => s.status === 'active')!;
    expect(paid.metadata).toEqual({ team_id: owner.teamId, replaces_subscription: team.stripe_subscription_id });
    expect(subscription.id).toBe(paid.id);
    expect(subscription.currentPeriodEnd).toBe(new Date(paid.items.data[0].current_period_end * 1000).toISOString());
    expect(status.body.subscriptions).toHaveLength(2);
  });

  test('a team that already pays is sent to the portal, not to a second checkout', async () => {
    expect(await call(owner.client, 'stripe-checkout', { planName: 'startup', billingCycle: 'monthly' })).toEqual({
      status: 409,
      body: { error: 'You already have an active subscription. Use Manage Subscription to change your plan.' },
    });
  });

  test('the portal opens for the team customer and returns to /account', async () => {
    const team = await teamRow(stack, owner.teamId);
    const result = await call(owner.client, 'stripe-customer-portal', {
      customerId: team.stripe_customer_id,
      returnUrl: `${APP_ORIGIN}/account`,
    });
    expect(result.status).toBe(200);
    expect(result.body.url).toBe(`${stack.sandboxes!.stripe.url}/p/session/${result.body.sessionId}`);
    const page = await (await fetch(result.body.url as string)).text();
    expect(page).toContain(`${APP_ORIGIN}/account`);
  });

  test("portal refusals: a foreign return URL, another team's customer, no session", async () => {
    expect(await call(owner.client, 'stripe-customer-portal', { returnUrl: 'https://evil.example/account' })).toEqual({
      status: 400,
      body: { error: INVALID_RETURN_URL },
    });
    const other = await setUpUser(stack);
    expect((await call(other.client, 'create-stripe-customer', { currency: 'usd' })).status).toBe(200);
    const otherCustomer = (await teamRow(stack, other.teamId)).stripe_customer_id;
    expect(await call(owner.client, 'stripe-customer-portal', { customerId: otherCustomer })).toEqual({
      status: 404,
      body: { error: 'Team not found' },
    });
    expect(await call(stack.client(), 'stripe-customer-portal')).toEqual({
      status: 401,
      body: { error: 'Authentication required' },
    });
  });

  test("status refusals: another team's ids, no session; a team on the free plan has no active subscription", async () => {
    const other = await setUpUser(stack);
    expect((await call(other.client, 'create-stripe-customer', { currency: 'usd' })).status).toBe(200);
    const ownerTeam = await teamRow(stack, owner.teamId);
    const empty = { subscription: null, hasActiveSubscription: false, quotaInfo: null };
    expect(
      await call(other.client, 'stripe-subscription-status', { customerId: ownerTeam.stripe_customer_id }),
    ).toEqual({
      status: 404,
      body: { error: 'Team not found', ...empty },
    });
    expect(await call(stack.client(), 'stripe-subscription-status')).toEqual({
      status: 401,
      body: { error: 'Authentication required', ...empty },
    });
    const own = await call(other.client, 'stripe-subscription-status');
    expect(own.body).toMatchObject({
      hasActiveSubscription: false,
      subscription: { planName: 'free', currency: 'usd' },
    });
  });
});
