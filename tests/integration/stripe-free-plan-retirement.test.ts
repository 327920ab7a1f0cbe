/**
 * When the free plan is retired (issue 32, item 4): only once a paid subscription is running,
 * and by the webhook as soon as it is — not when the account screen is next opened. A paid
 * subscription whose first payment failed (incomplete) leaves the free plan in force: one status
 * read used to cancel it, and the team was then refused as having no active subscription. Through
 * the whole local stack with the sandbox's webhook deliveries on, read back with the `stripe` SDK.
 */
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SEED_IDS } from '../../supabase/local/sandboxes/stripe/index.ts';
import { buyPlan, call, onFreePlan, sandboxStripe, setUpUser, startBillingStack, teamRow } from './support/billing.ts';
import type { TestStack } from './support/stack.ts';

let stack: TestStack;
let stripe: Stripe;

beforeAll(async () => {
  stack = await startBillingStack();
  stripe = sandboxStripe(stack);
});
afterAll(() => stack?.stop());

const settled = () => stack.sandboxes!.stripe.deliveriesSettled();

/** Each subscription's plan (its price's lookup key) and status. */
async function subscriptionsOf(customerId: string): Promise<Record<string, string>> {
  const subs = await stripe.subscriptions.list({ customer: customerId, status: 'all' });
  return Object.fromEntries(subs.data.map((s) => [s.items.data[0].price.lookup_key!, s.status]));
}

describe('the free plan is retired when a paid plan runs, and only then', () => {
  test('a paid subscription whose first payment failed leaves the free plan; once paid, the webhook retires it', async () => {
    const user = await setUpUser(stack, 'retire-incomplete');
    const customerId = await onFreePlan(stack, user);
    const failing = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', { customer: customerId });
    const paid = await stripe.subscriptions.create({
      customer: customerId,
      items: [{ price: SEED_IDS.price('pro_monthly_usd') }],
      default_payment_method: failing.id,
    });
    expect(paid.status).toBe('incomplete');
    await settled();

    const status = await call(user.client, 'stripe-subscription-status');
    expect(status.status).toBe(200);
    expect(status.body.subscription).toMatchObject({ planName: 'free', status: 'active' });
    await settled();
    expect(await subscriptionsOf(customerId)).toEqual({ free_monthly_usd: 'active', pro_monthly_usd: 'incomplete' });
    expect(await teamRow(stack, user.teamId)).toMatchObject({ plan_name: 'free', subscription_status: 'active' });

    const card = await stripe.paymentMethods.attach('pm_card_visa', { customer: customerId });
    expect((await stripe.subscriptions.update(paid.id, { default_payment_method: card.id })).status).toBe('active');
    await settled();
    expect(await subscriptionsOf(customerId)).toEqual({ free_monthly_usd: 'canceled', pro_monthly_usd: 'active' });
    expect(await teamRow(stack, user.teamId)).toMatchObject({
      plan_name: 'pro',
      subscription_status: 'active',
      stripe_subscription_id: paid.id,
    });
  });

  test('a checkout paid on the hosted page: the webhook retires the free plan, no status read needed', async () => {
    const user = await setUpUser(stack, 'retire-checkout');
    const customerId = await onFreePlan(stack, user);
    await buyPlan(user, { planName: 'startup', billingCycle: 'yearly' });
    await settled();
    expect(await subscriptionsOf(customerId)).toEqual({ free_monthly_usd: 'canceled', startup_yearly_usd: 'active' });
    expect(await teamRow(stack, user.teamId)).toMatchObject({ plan_name: 'startup', subscription_status: 'active' });
  });
});
