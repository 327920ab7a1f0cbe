/**
 * The Stripe sandbox's events: delivered to the webhook endpoint signed with Stripe's scheme
 * (verified by the SDK's `constructEvent`; a tampered payload fails), retried after a failure,
 * listed by `GET /v1/events`; the test clock (in process and over HTTP) running renewals, the end
 * of a trial, a failing card → past_due → canceled, and cancel at period end; state and keys kept
 * in the data folder across restarts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { card, price, startReceiver, startSandbox, stripeClient, submitForm } from './stripe-sandbox-support.ts';

const DAY = 86_400;
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let stripe: Stripe;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  sandbox = await startSandbox();
  stripe = stripeClient(sandbox.url, sandbox.secretKey);
});
afterAll(() => sandbox?.stop());
afterEach(() => receiver?.stop());

async function listen(failFirst = 0) {
  receiver = await startReceiver(failFirst);
  sandbox.setWebhookUrl(receiver.url);
}

/** A customer with a subscription to `lookupKey` paid with `number` (through the hosted checkout). */
async function subscribe(email: string, lookupKey: string, number = '4242424242424242', trialDays?: number) {
  const customer = await stripe.customers.create({ email });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price: price(lookupKey), quantity: 1 }],
    success_url: 'http://localhost:5173/account?checkout=success',
    ...(trialDays ? { subscription_data: { trial_period_days: trialDays } } : {}),
  });
  const answer = await submitForm(session.url!, card(number));
  expect(answer.status).toBe(303);
  return (await stripe.subscriptions.list({ customer: customer.id })).data[0];
}

const types = (subId: string) =>
  sandbox
    .events()
    .filter(
      (e) =>
        (e.data.object as { id: string; subscription?: string }).id === subId ||
        JSON.stringify(e.data.object).includes(subId),
    )
    .map((e) => `${e.type}:${(e.data.object as { status?: string }).status ?? ''}`)
    .reverse();

describe('webhook deliveries', () => {
  test('signed events verified by stripe.webhooks.constructEvent; a tampered payload or another secret fails', async () => {
    await listen();
    await subscribe('hook@example.com', 'pro_monthly_usd');
    await sandbox.deliveriesSettled();
    expect(receiver.types()).toEqual([
      'customer.created',
      'payment_method.attached',
      'customer.subscription.created',
      'invoice.paid',
      'invoice.payment_succeeded',
      'checkout.session.completed',
    ]);
    for (const { body, signature } of receiver.received) {
      expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      const event = stripe.webhooks.constructEvent(body, signature, sandbox.webhookSecret);
      expect([event.id.startsWith('evt_'), event.livemode, event.api_version]).toEqual([
        true,
        false,
        '2026-10-28.endive',
      ]);
    }
    const { body, signature } = receiver.received.at(-1)!;
    const completed = stripe.webhooks.constructEvent(body, signature, sandbox.webhookSecret);
    expect((completed.data.object as Stripe.Checkout.Session).status).toBe('complete');
    const tampered = body.replace('"complete"', '"open"');
    expect(() => stripe.webhooks.constructEvent(tampered, signature, sandbox.webhookSecret)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(() => stripe.webhooks.constructEvent(body, signature, 'whsec_another')).toThrow(/No signatures found/);
  });

  test('a failed delivery is retried until the endpoint answers 2xx', async () => {
    await listen(2);
    const customer = await stripe.customers.create({ email: 'retry@example.com' });
    await sandbox.deliveriesSettled();
    const delivery = sandbox.deliveries().at(-1)!;
    expect([delivery.type, delivery.attempts, delivery.delivered, delivery.lastStatus]).toEqual([
      'customer.created',
      3,
      true,
      200,
    ]);
    expect(JSON.parse(receiver.received[0].body).data.object.id).toBe(customer.id);
  });

  test('GET /v1/events lists them newest first, by type', async () => {
    const events = await stripe.events.list({ type: 'checkout.session.completed', limit: 1 });
    expect(events.data[0].type).toBe('checkout.session.completed');
    expect((await stripe.events.retrieve(events.data[0].id)).id).toBe(events.data[0].id);
  });
});

describe('test clock', () => {
  test('renewal: a new period and a paid invoice; cancel at period end ends it at the period end', async () => {
    const sub = await subscribe('renew@example.com', 'pro_monthly_usd');
    const end = sub.items.data[0].current_period_end;
    sandbox.advanceClock(end - sandbox.now() + 60);
    const renewed = await stripe.subscriptions.retrieve(sub.id);
    expect([renewed.status, renewed.items.data[0].current_period_start]).toEqual(['active', end]);
    await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    sandbox.advanceClock(renewed.items.data[0].current_period_end - sandbox.now() + 60);
    const ended = await stripe.subscriptions.retrieve(sub.id);
    expect([ended.status, ended.ended_at]).toEqual(['canceled', renewed.items.data[0].current_period_end]);
    expect(types(sub.id).at(-1)).toBe('customer.subscription.deleted:canceled');
  });

  test('a trial ends into active; a card whose charges fail goes past_due, then canceled after the retries', async () => {
    const trial = await subscribe('trial@example.com', 'startup_monthly_usd', '4242424242424242', 7);
    expect(trial.status).toBe('trialing');
    const failing = await subscribe('failing@example.com', 'startup_monthly_usd', '4000000000000341', 7);
    sandbox.advanceClock(7 * DAY + 60);
    expect((await stripe.subscriptions.retrieve(trial.id)).status).toBe('active');
    expect((await stripe.subscriptions.retrieve(failing.id)).status).toBe('past_due');
    expect(types(failing.id)).toContain('invoice.payment_failed:open');
    sandbox.advanceClock(8 * DAY);
    expect((await stripe.subscriptions.retrieve(failing.id)).status).toBe('canceled');
    expect(types(failing.id).at(-1)).toBe('customer.subscription.deleted:canceled');
  });

  test('over HTTP: POST /_sandbox/clock/advance with the secret key; a new card pays a past-due invoice', async () => {
    const sub = await subscribe('http@example.com', 'pro_monthly_usd', '4000000000000341', 3);
    // The sandbox's clock also runs in real time: its answer lies between the two readings.
    const before = sandbox.now();
    const advance = await fetch(`${sandbox.url}/_sandbox/clock/advance`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sandbox.secretKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ seconds: 3 * DAY + 60 }),
    });
    expect(advance.status).toBe(200);
    const { now } = (await advance.json()) as { now: number };
    expect(now).toBeGreaterThanOrEqual(before + 3 * DAY + 60);
    expect(now).toBeLessThanOrEqual(sandbox.now());
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('past_due');
    const portal = await stripe.billingPortal.sessions.create({ customer: sub.customer as string });
    await submitForm(portal.url, { action: 'card', ...card('4242424242424242') });
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('active');
    const refused = await fetch(`${sandbox.url}/_sandbox/clock/advance`, { method: 'POST', body: '{"seconds":1}' });
    expect(refused.status).toBe(401);
  });
});

test('keys, customers and the clock are kept in the data folder across restarts', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'stripe-sandbox-'));
  try {
    const first = await startSandbox({ dataDir });
    const customer = await stripeClient(first.url, first.secretKey).customers.create({ email: 'kept@example.com' });
    first.advanceClock(DAY);
    await first.stop();
    const second = await startSandbox({ dataDir });
    expect([second.secretKey, second.webhookSecret]).toEqual([first.secretKey, first.webhookSecret]);
    expect(second.now()).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + DAY - 1);
    const again = await stripeClient(second.url, second.secretKey).customers.retrieve(customer.id);
    expect((again as Stripe.Customer).email).toBe('kept@example.com');
    await second.stop();
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
