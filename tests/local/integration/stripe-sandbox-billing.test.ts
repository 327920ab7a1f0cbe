/**
 * Subscriptions and the hosted pages through the official `stripe` SDK: the free plan
 * subscribed directly, retrieve/list/update (price switch, cancel at period end)/cancel, a
 * customer deleted with its subscriptions; a
 * checkout session paid on the hosted page (4242 succeeds, 0002 declined, unknown cards
 * unsupported) and a billing portal session used to switch plan, cancel, resume and change card.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { card, price, rejection, startSandbox, stripeClient, submitForm } from './stripe-sandbox-support.ts';

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let stripe: Stripe;

beforeAll(async () => {
  sandbox = await startSandbox();
  stripe = stripeClient(sandbox.url, sandbox.secretKey);
});
afterAll(() => sandbox?.stop());

const APP = 'http://localhost:5173';

async function paidCustomer(email: string) {
  const customer = await stripe.customers.create({ email });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price: price('pro_monthly_usd'), quantity: 1 }],
    success_url: `${APP}/account?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${APP}/account?checkout=canceled`,
  });
  await submitForm(session.url!, card('4242 4242 4242 4242'));
  const [subscription] = (await stripe.subscriptions.list({ customer: customer.id })).data;
  return { customer, subscription };
}

describe('subscriptions', () => {
  test('the free plan: created active with its period on the item; retrieve and list by customer', async () => {
    const customer = await stripe.customers.create({ email: 'free@example.com' });
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price('free_monthly_eur') }],
    });
    expect(sub.id).toMatch(/^sub_/);
    expect([sub.object, sub.status, sub.currency, sub.livemode, sub.cancel_at_period_end]).toEqual([
      'subscription',
      'active',
      'eur',
      false,
      false,
    ]);
    const item = sub.items.data[0];
    expect(item.price.lookup_key).toBe('free_monthly_eur');
    expect(item.current_period_end).toBeGreaterThan(item.current_period_start);
    expect((await stripe.subscriptions.retrieve(sub.id)).id).toBe(sub.id);
    const listed = await stripe.subscriptions.list({ customer: customer.id, expand: ['data.customer'] });
    expect(listed.data.map((s) => (s.customer as Stripe.Customer).email)).toEqual(['free@example.com']);
  });

  test('a paid plan needs a payment method; a trial does not', async () => {
    const customer = await stripe.customers.create({ email: 'nocard@example.com' });
    const error = await rejection(
      stripe.subscriptions.create({ customer: customer.id, items: [{ price: price('pro_monthly_usd') }] }),
    );
    expect([error.statusCode, error.message]).toEqual([
      400,
      expect.stringMatching(/^This customer has no attached payment source/),
    ]);
    const trial = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price('pro_monthly_usd') }],
      trial_period_days: 14,
    });
    expect(trial.status).toBe('trialing');
    expect(trial.trial_end! - trial.trial_start!).toBe(14 * 86_400);
  });

  test('update: switch price, cancel at period end and resume; cancel now; canceled ones listed with status all', async () => {
    const { customer, subscription } = await paidCustomer('switch@example.com');
    const switched = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: subscription.items.data[0].id, price: price('startup_yearly_usd') }],
      proration_behavior: 'create_prorations',
    });
    expect(switched.items.data[0].price.lookup_key).toBe('startup_yearly_usd');
    const canceling = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect([canceling.cancel_at_period_end, canceling.cancel_at]).toEqual([
      true,
      switched.items.data[0].current_period_end,
    ]);
    expect((await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false })).cancel_at).toBeNull();
    const canceled = await stripe.subscriptions.cancel(subscription.id);
    expect([canceled.status, typeof canceled.ended_at]).toEqual(['canceled', 'number']);
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toEqual([]);
    expect((await stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data).toHaveLength(1);
  });

  test('deleting a customer ends its live subscriptions now; it then reads as deleted and is gone from lists', async () => {
    const { customer, subscription } = await paidCustomer('deleted@example.com');
    const deleted = await stripe.customers.del(customer.id);
    expect(deleted).toEqual({ id: customer.id, object: 'customer', deleted: true });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('canceled');
    expect(await stripe.customers.retrieve(customer.id)).toEqual({
      id: customer.id,
      object: 'customer',
      deleted: true,
    });
    expect((await stripe.customers.list({ email: 'deleted@example.com' })).data).toEqual([]);
    expect((await stripe.customers.search({ query: "email:'deleted@example.com'" })).data).toEqual([]);
    const types = (await stripe.events.list({ limit: 5 })).data.map((e) => [
      e.type,
      (e.data.object as { id: string }).id,
    ]);
    expect(types.slice(0, 2)).toEqual([
      ['customer.deleted', customer.id],
      ['customer.subscription.deleted', subscription.id],
    ]);
    const again = await rejection(stripe.customers.del(customer.id));
    expect([again.statusCode, again.code]).toEqual([404, 'resource_missing']);
  });
});

describe('hosted checkout', () => {
  test('4242 subscribes: customer made from the email, card saved, redirect to success_url with the session id', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer_email: 'new@example.com',
      client_reference_id: 'team-42',
      line_items: [{ price: price('startup_yearly_eur'), quantity: 1 }],
      success_url: `${APP}/account?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${APP}/account?checkout=canceled`,
      subscription_data: { metadata: { team_id: 'team-42' } },
    });
    expect(session.id).toMatch(/^cs_test_/);
    expect([session.object, session.status, session.mode, session.livemode]).toEqual([
      'checkout.session',
      'open',
      'subscription',
      false,
    ]);
    const page = await fetch(session.url!);
    expect(await page.text()).toContain('Subscribe to Startup');
    // as Stripe's, the hosted page refuses to be framed (the side panel opens it in a tab)
    expect([page.headers.get('x-frame-options'), page.headers.get('content-security-policy')]).toEqual([
      'DENY',
      "frame-ancestors 'none'",
    ]);
    const done = await submitForm(session.url!, card('4242 4242 4242 4242'));
    expect([done.status, done.location]).toEqual([303, `${APP}/account?checkout=success&session_id=${session.id}`]);
    const completed = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ['subscription.default_payment_method'],
    });
    expect([completed.status, completed.payment_status, completed.client_reference_id]).toEqual([
      'complete',
      'paid',
      'team-42',
    ]);
    const sub = completed.subscription as Stripe.Subscription;
    expect([sub.status, sub.metadata.team_id, sub.items.data[0].price.lookup_key]).toEqual([
      'active',
      'team-42',
      'startup_yearly_eur',
    ]);
    const pm = await stripe.paymentMethods.retrieve((sub.default_payment_method as Stripe.PaymentMethod).id);
    expect([pm.card?.brand, pm.card?.last4]).toEqual(['visa', '4242']);
    expect(((await stripe.customers.retrieve(completed.customer as string)) as Stripe.Customer).email).toBe(
      'new@example.com',
    );
  });

  test('4000 0000 0000 0002 is declined with Stripe’s message and changes nothing; unknown cards are unsupported', async () => {
    const customer = await stripe.customers.create({ email: 'decline@example.com' });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: price('pro_monthly_usd'), quantity: 1 }],
      success_url: `${APP}/account?checkout=success`,
    });
    const declined = await submitForm(session.url!, card('4000 0000 0000 0002'));
    expect([declined.status, declined.error]).toEqual([402, 'Your card was declined.']);
    const unknown = await submitForm(session.url!, card('4000 0000 0000 3220'));
    expect(unknown.error).toMatch(/not one of the test cards the Stripe sandbox supports/);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    expect((await stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data).toEqual([]);
  });
});

describe('hosted billing portal', () => {
  test('switch plan, cancel at period end, resume and change card', async () => {
    const { customer, subscription } = await paidCustomer('portal@example.com');
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: `${APP}/account` });
    expect(portal.id).toMatch(/^bps_/);
    expect([portal.object, portal.return_url, portal.livemode]).toEqual([
      'billing_portal.session',
      `${APP}/account`,
      false,
    ]);
    const portalPage = await fetch(portal.url);
    expect(await portalPage.text()).toContain('visa •••• 4242');
    expect(portalPage.headers.get('x-frame-options')).toBe('DENY');
    const base = { subscription: subscription.id };
    expect(
      (await submitForm(portal.url, { ...base, action: 'switch', price: price('enterprise_monthly_usd') })).status,
    ).toBe(303);
    expect((await stripe.subscriptions.retrieve(subscription.id)).items.data[0].price.lookup_key).toBe(
      'enterprise_monthly_usd',
    );
    await submitForm(portal.url, { ...base, action: 'cancel' });
    expect((await stripe.subscriptions.retrieve(subscription.id)).cancel_at_period_end).toBe(true);
    expect(await (await fetch(portal.url)).text()).toContain('Cancels on');
    await submitForm(portal.url, { ...base, action: 'resume' });
    expect((await stripe.subscriptions.retrieve(subscription.id)).cancel_at_period_end).toBe(false);
    expect((await submitForm(portal.url, { action: 'card', ...card('4000000000000002') })).error).toBe(
      'Your card was declined.',
    );
    await submitForm(portal.url, { action: 'card', ...card('5555 5555 5555 4444') });
    const after = await stripe.subscriptions.retrieve(subscription.id, { expand: ['default_payment_method'] });
    expect((after.default_payment_method as Stripe.PaymentMethod).card?.last4).toBe('4444');
  });
});
