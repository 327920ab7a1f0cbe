/**
 * stripe-webhook in Deno through the local stack, fed by the Stripe sandbox (issue 18 "Must
 * show"): genuine events from the sandbox — a free plan subscribed, a yearly plan bought on the
 * hosted checkout page, a renewal, a trial whose card fails (past_due, then canceled by the test
 * clock), a subscription canceled — update the team's plan, cycle, status, dates and quotas; and
 * a forged signature, a missing one, a timestamp older than 300 s, a replayed event id and an
 * older event arriving after a newer one change nothing (the team row read back). A database
 * failure answers 5xx and Stripe's retry applies the event.
 */
import { resolve } from 'node:path';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PLANS } from '../../supabase/local/sandboxes/stripe/index.ts';
import { billingUser, deliver, eventsOf, iso, price, teamBilling, type BillingUser } from './support/stripeWebhook.ts';
import { sandboxStripe } from './support/billing.ts';
import { setUpUser, sql } from './support/personas.ts';
import { startTestStack, type TestStack } from './support/stack.ts';

process.env.DENO_DIR ??= resolve('.local/deno');

const DAY = 86_400;
const APP = 'http://localhost:5173';
const plan = (key: string) => PLANS.find((p) => p.key === key)!;

let stack: TestStack;
let stripe: Stripe;
let webhookUrl: string;

beforeAll(async () => {
  stack = await startTestStack({ sandboxes: true });
  stripe = sandboxStripe(stack);
  webhookUrl = `${stack.apiUrl}/functions/v1/stripe-webhook`;
}, 120_000);
afterAll(() => stack?.stop());

const settled = () => stack.sandboxes!.stripe.deliveriesSettled();
const webhookOn = () => stack.sandboxes!.stripe.setWebhookUrl(webhookUrl);
const webhookOff = () => stack.sandboxes!.stripe.setWebhookUrl(undefined);

async function processedEvents(ids: string[]) {
  const rows = await sql<{ id: string }>(stack, 'select id from public.stripe_webhook_events where id = any($1)', [
    ids,
  ]);
  return rows.map((r) => r.id).sort();
}

describe('genuine events from the Stripe sandbox update the team', () => {
  let user: BillingUser;
  beforeAll(async () => {
    webhookOn();
    user = await billingUser(stack, stripe, 'webhook-journey@example.com');
  });

  test('the free plan subscribed: plan, cycle, status, period dates, quotas and subscription id', async () => {
    const sub = await stripe.subscriptions.create({
      customer: user.customerId,
      items: [{ price: price('free_monthly_eur') }],
    });
    await settled();
    const item = sub.items.data[0];
    expect(await teamBilling(stack, user.teamId)).toMatchObject({
      plan_name: 'free',
      billing_cycle: 'monthly',
      subscription_status: 'active',
      subscription_start_date: iso(item.current_period_start),
      subscription_end_date: iso(item.current_period_end),
      trial_end_date: null,
      stripe_subscription_id: sub.id,
      api_quota: plan('free').apiQuota,
      notion_pages_quota: plan('free').notionPagesQuota,
    });
    const deliveries = stack.sandboxes!.stripe.deliveries().filter((d) => d.eventId.startsWith('evt_'));
    expect(deliveries.every((d) => d.delivered && d.lastStatus === 200)).toBe(true);
  });

  test('a yearly plan bought on the hosted checkout page: the new subscription is in force', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: user.customerId,
      line_items: [{ price: price('pro_yearly_eur'), quantity: 1 }],
      success_url: `${APP}/account?checkout=success`,
      cancel_url: `${APP}/account?checkout=canceled`,
    });
    const paid = await fetch(session.url!, {
      method: 'POST',
      body: new URLSearchParams({ cardNumber: '4242 4242 4242 4242', cardExpiry: '12 / 34', cardCvc: '123' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    await settled();
    const pro = (await stripe.subscriptions.list({ customer: user.customerId, price: price('pro_yearly_eur') }))
      .data[0];
    expect(eventsOf(stack, user.customerId, 'checkout.session.completed')).toHaveLength(1);
    expect(await teamBilling(stack, user.teamId)).toMatchObject({
      plan_name: 'pro',
      billing_cycle: 'yearly',
      subscription_status: 'active',
      stripe_subscription_id: pro.id,
      subscription_end_date: iso(pro.items.data[0].current_period_end),
      api_quota: plan('pro').apiQuota,
      notion_pages_quota: plan('pro').notionPagesQuota,
    });
  });

  test('the test clock passes the renewal: the new period is written', async () => {
    const before = await teamBilling(stack, user.teamId);
    stack.sandboxes!.stripe.advanceClock(366 * DAY);
    await settled();
    const after = await teamBilling(stack, user.teamId);
    expect(after.subscription_start_date).toBe(before.subscription_end_date);
    expect(Date.parse(after.subscription_end_date!)).toBeGreaterThan(Date.parse(before.subscription_end_date!));
    expect([after.plan_name, after.subscription_status]).toEqual(['pro', 'active']);
  });

  test('every subscription canceled: the team is canceled', async () => {
    for (const sub of (await stripe.subscriptions.list({ customer: user.customerId })).data) {
      await stripe.subscriptions.cancel(sub.id);
    }
    await settled();
    expect(await teamBilling(stack, user.teamId)).toMatchObject({ plan_name: 'pro', subscription_status: 'canceled' });
  });
});

describe('a trial on a card that fails: trialing → past_due → canceled by the test clock', () => {
  test('each step reaches the team through the signed webhook', async () => {
    webhookOn();
    const user = await billingUser(stack, stripe, 'webhook-trial@example.com');
    const pm = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', { customer: user.customerId });
    const sub = await stripe.subscriptions.create({
      customer: user.customerId,
      items: [{ price: price('startup_monthly_usd') }],
      trial_period_days: 14,
      default_payment_method: pm.id,
    });
    await settled();
    expect(await teamBilling(stack, user.teamId)).toMatchObject({
      plan_name: 'startup',
      subscription_status: 'trialing',
      trial_end_date: iso(sub.trial_end!),
      api_quota: plan('startup').apiQuota,
      notion_pages_quota: plan('startup').notionPagesQuota,
    });

    stack.sandboxes!.stripe.advanceClock(15 * DAY);
    await settled();
    expect((await teamBilling(stack, user.teamId)).subscription_status).toBe('past_due');

    stack.sandboxes!.stripe.advanceClock(8 * DAY); // the retries on days 3, 5 and 7 fail too
    await settled();
    expect(await teamBilling(stack, user.teamId)).toMatchObject({
      subscription_status: 'canceled',
      stripe_subscription_id: sub.id,
    });
  });
});

describe('what must change nothing', () => {
  test('a forged signature, no signature, or one older than 300 s: 400 and the team unchanged', async () => {
    webhookOff();
    const user = await billingUser(stack, stripe, 'webhook-forged@example.com');
    await stripe.subscriptions.create({ customer: user.customerId, items: [{ price: price('free_monthly_usd') }] });
    const [created] = eventsOf(stack, user.customerId, 'customer.subscription.created');
    const before = await teamBilling(stack, user.teamId);
    expect(before.subscription_status).toBe('active'); // setup_new_user's, not Stripe's
    expect(before.stripe_subscription_id).toBeNull();

    const now = Math.floor(Date.now() / 1000);
    const forged = await deliver(stack, created, { secret: 'whsec_not_the_endpoint_secret' });
    const unsigned = await deliver(stack, created, { unsigned: true });
    const stale = await deliver(stack, created, { timestamp: now - 301 });
    const tampered = await deliver(stack, { ...created, data: { object: { customer: 'cus_someone_else' } } }, {});
    for (const answer of [forged, unsigned, stale]) {
      expect(answer).toEqual({ status: 400, body: { error: 'Invalid or missing Stripe signature' } });
    }
    expect(tampered.status).toBe(200); // signed by us with the real secret: proves the checks are the signature's
    expect(await teamBilling(stack, user.teamId)).toEqual(before);
    expect(await processedEvents([created.id])).toEqual([created.id]); // the tampered copy was recorded…

    // …so the genuine event is now a replay; a fresh genuine one applies.
    await stripe.subscriptions.update((await stripe.subscriptions.list({ customer: user.customerId })).data[0].id, {
      metadata: { note: 'x' },
    });
    const [updated] = eventsOf(stack, user.customerId, 'customer.subscription.updated');
    const within = await deliver(stack, updated, { timestamp: now - 290 });
    expect(within.status).toBe(200);
    expect((await teamBilling(stack, user.teamId)).plan_name).toBe('free');
  });

  test('a replayed event id: 200 duplicate, and the team unchanged although Stripe has moved on', async () => {
    webhookOff();
    const user = await billingUser(stack, stripe, 'webhook-replay@example.com');
    const sub = await stripe.subscriptions.create({
      customer: user.customerId,
      items: [{ price: price('free_monthly_usd') }],
    });
    const [created] = eventsOf(stack, user.customerId, 'customer.subscription.created');
    expect((await deliver(stack, created)).status).toBe(200);
    const applied = await teamBilling(stack, user.teamId);
    expect([applied.plan_name, applied.subscription_status]).toEqual(['free', 'active']);

    await stripe.subscriptions.cancel(sub.id); // Stripe changes; its event is not delivered
    const replay = await deliver(stack, created);
    expect(replay).toEqual({ status: 200, body: { received: true, duplicate: true } });
    expect(await teamBilling(stack, user.teamId)).toEqual(applied);
  });

  test('an older event arriving after a newer one: the newer state stays', async () => {
    webhookOff();
    const user = await billingUser(stack, stripe, 'webhook-order@example.com');
    const sub = await stripe.subscriptions.create({
      customer: user.customerId,
      items: [{ price: price('free_monthly_usd') }],
    });
    await stripe.subscriptions.cancel(sub.id);
    const [created] = eventsOf(stack, user.customerId, 'customer.subscription.created');
    const [deleted] = eventsOf(stack, user.customerId, 'customer.subscription.deleted');
    expect(created.data.object.status).toBe('active');

    expect((await deliver(stack, deleted)).status).toBe(200);
    const newer = await teamBilling(stack, user.teamId);
    expect(newer.subscription_status).toBe('canceled');
    const older = await deliver(stack, created); // its body says active
    expect(older.status).toBe(200);
    expect(await teamBilling(stack, user.teamId)).toEqual(newer);
    expect(await processedEvents([created.id, deleted.id])).toEqual([created.id, deleted.id].sort());
  });

  test('a read that started before the stored one (a racing delivery) does not overwrite it', async () => {
    webhookOff();
    const user = await billingUser(stack, stripe, 'webhook-race@example.com');
    await stripe.subscriptions.create({ customer: user.customerId, items: [{ price: price('free_monthly_usd') }] });
    const [created] = eventsOf(stack, user.customerId, 'customer.subscription.created');
    // a later read is already stored (as if another delivery read Stripe after this one)
    await sql(stack, "update public.teams set stripe_synced_at = now() + interval '1 minute' where id = $1", [
      user.teamId,
    ]);
    const before = await teamBilling(stack, user.teamId);
    const answer = await deliver(stack, created);
    expect(answer.status).toBe(200);
    expect(String(answer.body.outcome)).toMatch(/unchanged: a later read of Stripe had already been written/);
    expect(await teamBilling(stack, user.teamId)).toEqual(before);
  });

  test('an event for a customer no team has is acknowledged and changes no team', async () => {
    webhookOff();
    const customer = await stripe.customers.create({ email: 'nobody-webhook@example.com' });
    await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price('free_monthly_usd') }] });
    const [created] = eventsOf(stack, customer.id, 'customer.subscription.created');
    const answer = await deliver(stack, created);
    expect(answer).toEqual({
      status: 200,
      body: { received: true, outcome: `ignored: no team for customer ${customer.id}` },
    });
    expect(await sql(stack, 'select id from public.teams where stripe_customer_id = $1', [customer.id])).toEqual([]);
  });
});

describe('team lookup', () => {
  test('a team with no customer yet is found by the customer’s metadata.team_id and linked', async () => {
    webhookOn();
    const user = await setUpUser(stack, 'webhook-link@example.com');
    const customer = await stripe.customers.create({ email: user.email, metadata: { team_id: user.teamId } });
    await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price('free_monthly_usd') }] });
    await settled();
    expect(await teamBilling(stack, user.teamId)).toMatchObject({
      stripe_customer_id: customer.id,
      plan_name: 'free',
      subscription_status: 'active',
    });
  });

  test('metadata.team_id naming a team that already has another customer links nothing', async () => {
    webhookOn();
    const owner = await billingUser(stack, stripe, 'webhook-owned@example.com');
    const before = await teamBilling(stack, owner.teamId);
    const intruder = await stripe.customers.create({ email: 'x@example.com', metadata: { team_id: owner.teamId } });
    await stripe.subscriptions.create({ customer: intruder.id, items: [{ price: price('free_monthly_usd') }] });
    await settled();
    expect(await teamBilling(stack, owner.teamId)).toEqual(before);
  });
});

describe('a database failure', () => {
  test('answers 5xx, records nothing, and Stripe’s retry applies the event', async () => {
    webhookOn();
    const user = await billingUser(stack, stripe, 'webhook-dbfail@example.com');
    await sql(
      stack,
      `create function public.test_fail_team_write() returns trigger language plpgsql as $$
       begin raise exception 'database unavailable (test)'; end $$`,
    );
    await sql(
      stack,
      `create trigger test_fail_team_write before update on public.teams
         for each row when (old.id = '${user.teamId}') execute function public.test_fail_team_write()`,
    );
    try {
      await stripe.subscriptions.create({ customer: user.customerId, items: [{ price: price('free_monthly_usd') }] });
      const [created] = eventsOf(stack, user.customerId, 'customer.subscription.created');
      await expect
        .poll(() => stack.sandboxes!.stripe.deliveries().find((d) => d.eventId === created.id)?.lastStatus)
        .toBe(500);
      expect(await processedEvents([created.id])).toEqual([]);
    } finally {
      await sql(stack, 'drop trigger test_fail_team_write on public.teams');
      await sql(stack, 'drop function public.test_fail_team_write()');
    }
    await settled();
    const [created] = eventsOf(stack, user.customerId, 'customer.subscription.created');
    const delivery = stack.sandboxes!.stripe.deliveries().find((d) => d.eventId === created.id)!;
    expect([delivery.delivered, delivery.lastStatus, delivery.attempts > 1]).toEqual([true, 200, true]);
    expect((await teamBilling(stack, user.teamId)).plan_name).toBe('free');
    expect(await processedEvents([created.id])).toEqual([created.id]);
  });
});
