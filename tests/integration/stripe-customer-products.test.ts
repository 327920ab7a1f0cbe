/**
 * create-stripe-customer and stripe-products through the whole local stack (supabase-js
 * `functions.invoke`, the relay, the functions in Deno, the Stripe sandbox), read back with the
 * official `stripe` SDK and from the database. create-stripe-customer writes the team as the
 * webhook does, never over a later read of Stripe (issue 32, item 10).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PLANS, SEED_IDS } from '../../supabase/local/sandboxes/stripe/index.ts';
import type { TestStack } from './support/stack.ts';
import { call, profileState, sandboxStripe, setUpUser, startBillingStack, teamRow } from './support/billing.ts';
import { sql, type Persona } from './support/personas.ts';

const UNSUPPORTED_CURRENCY = 'Unsupported currency: use usd or eur';

let stack: TestStack;
beforeAll(async () => {
  stack = await startBillingStack();
});
afterAll(() => stack?.stop());

describe('create-stripe-customer', () => {
  let owner: Persona;
  beforeAll(async () => {
    owner = await setUpUser(stack);
  });

  test('creates the team customer in the requested currency, subscribes the free plan, writes the team', async () => {
    const first = await call(owner.client, 'create-stripe-customer', {
      teamId: owner.teamId,
      userId: owner.id,
      currency: 'EUR',
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      success: true,
      status: 'active',
      planName: 'free',
      currency: 'eur',
      created: true,
    });

    const stripe = sandboxStripe(stack);
    const customer = (await stripe.customers.retrieve(
      first.body.customerId as string,
    )) as import('stripe').Stripe.Customer;
    expect(customer.metadata.team_id).toBe(owner.teamId);
    expect(customer.email).toBe(owner.email);
    expect(customer.currency).toBe('eur');
    const subs = await stripe.subscriptions.list({ customer: customer.id, status: 'all' });
    expect(subs.data.map((s) => [s.id, s.status, s.items.data[0].price.id])).toEqual([
      [first.body.subscriptionId, 'active', SEED_IDS.price('free_monthly_eur')],
    ]);

    const team = await teamRow(stack, owner.teamId);
    const free = PLANS.find((p) => p.key === 'free')!;
    expect(team).toMatchObject({
      stripe_customer_id: customer.id,
      stripe_subscription_id: subs.data[0].id,
      subscription_status: 'active',
      plan_name: 'free',
      billing_cycle: 'monthly',
      api_quota: free.apiQuota,
      notion_pages_quota: free.notionPagesQuota,
    });
    expect(new Date(team.subscription_end_date as string).getTime()).toBe(
      subs.data[0].items.data[0].current_period_end * 1000,
    );
    // The billing step finishes the setup in the same call (issue 30: no more poll to wait for).
    expect(first.body.state).toBe('setup_complete');
    expect(await profileState(stack, owner.id)).toBe('setup_complete');
  });

  test('is idempotent: a second call (another currency asked) reuses the customer and its subscription', async () => {
    const again = await call(owner.client, 'create-stripe-customer', { currency: 'usd' });
    const team = await teamRow(stack, owner.teamId);
    expect(again).toMatchObject({
      status: 200,
      body: {
        success: true,
        customerId: team.stripe_customer_id,
        subscriptionId: team.stripe_subscription_id,
        currency: 'eur',
        created: false,
      },
    });
    const stripe = sandboxStripe(stack);
    const found = await stripe.customers.search({ query: `metadata['team_id']:'${owner.teamId}'` });
    expect(found.data).toHaveLength(1);
    expect((await stripe.subscriptions.list({ customer: found.data[0].id, status: 'all' })).data).toHaveLength(1);
    expect(await profileState(stack, owner.id)).toBe('setup_complete');
  });

  test('a customer left by an earlier call (team not written) is found again, not duplicated', async () => {
    const user = await setUpUser(stack);
    const stripe = sandboxStripe(stack);
    const orphan = await stripe.customers.create({ metadata: { team_id: user.teamId } });
    const result = await call(user.client, 'create-stripe-customer', { currency: 'usd' });
    expect(result.body).toMatchObject({ success: true, customerId: orphan.id, currency: 'usd' });
    expect((await stripe.customers.search({ query: `metadata['team_id']:'${user.teamId}'` })).data).toHaveLength(1);
  });

  test('records when it read Stripe (teams.stripe_synced_at), as the webhook does', async () => {
    const user = await setUpUser(stack);
    const before = Date.now();
    expect((await call(user.client, 'create-stripe-customer', { currency: 'usd' })).status).toBe(200);
    const written = await teamRow(stack, user.teamId);
    expect(written.plan_name).toBe('free');
    expect(written.stripe_synced_at).not.toBeNull();
    const syncedAt = new Date(written.stripe_synced_at as string).getTime();
    expect(syncedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(syncedAt).toBeLessThanOrEqual(Date.now());
  });

  test('never writes over a read of Stripe that started later (the webhook’s freshness guard)', async () => {
    const user = await setUpUser(stack);
    expect((await call(user.client, 'create-stripe-customer', { currency: 'usd' })).status).toBe(200);
    const customerId = (await teamRow(stack, user.teamId)).stripe_customer_id;
    // A later read (the webhook after a checkout) wrote the paid plan while this call was reading.
    await sql(
      stack,
      `update public.teams set plan_name = 'pro', api_quota = 100, notion_pages_quota = 1000,
              stripe_synced_at = now() + interval '1 minute' where id = $1`,
      [user.teamId],
    );
    const later = await teamRow(stack, user.teamId);
    const again = await call(user.client, 'create-stripe-customer', { currency: 'usd' });
    expect(again.body).toMatchObject({ success: true, customerId });
    expect(await teamRow(stack, user.teamId)).toEqual(later);
  });

  test('invalid input is refused with a clear 400 and writes nothing', async () => {
    const user = await setUpUser(stack);
    expect(await call(user.client, 'create-stripe-customer', { currency: 'gbp' })).toEqual({
      status: 400,
      body: { success: false, error: UNSUPPORTED_CURRENCY },
    });
    expect(await call(user.client, 'create-stripe-customer', {})).toEqual({
      status: 400,
      body: { success: false, error: UNSUPPORTED_CURRENCY },
    });
    expect((await teamRow(stack, user.teamId)).stripe_customer_id).toBeNull();
    expect(await profileState(stack, user.id)).toBe('team_activated');
  });

  test("another user's team cannot be reached: naming it is 'Team not found', and nothing changes there", async () => {
    const victim = await setUpUser(stack);
    const intruder = await setUpUser(stack);
    expect(await call(intruder.client, 'create-stripe-customer', { teamId: victim.teamId, currency: 'usd' })).toEqual({
      status: 404,
      body: { success: false, error: 'Team not found' },
    });
    expect(await call(intruder.client, 'create-stripe-customer', { userId: victim.id, currency: 'usd' })).toEqual({
      status: 404,
      body: { success: false, error: 'Team not found' },
    });
    expect((await teamRow(stack, victim.teamId)).stripe_customer_id).toBeNull();
    expect((await teamRow(stack, intruder.teamId)).stripe_customer_id).toBeNull();
  });

  test('without a session: 401', async () => {
    expect(await call(stack.client(), 'create-stripe-customer', { currency: 'usd' })).toEqual({
      status: 401,
      body: { success: false, error: 'Authentication required' },
    });
  });

  test('with billing disabled (billing_config.stripe_enabled false): 409, no customer', async () => {
    const user = await setUpUser(stack);
    await stack.db.exec('update public.billing_config set stripe_enabled = false');
    try {
      expect(await call(user.client, 'create-stripe-customer', { currency: 'usd' })).toEqual({
        status: 409,
        body: { success: false, error: 'Billing is not enabled' },
      });
    } finally {
      await stack.db.exec('update public.billing_config set stripe_enabled = true');
    }
    const found = await sandboxStripe(stack).customers.search({ query: `metadata['team_id']:'${user.teamId}'` });
    expect(found.data).toHaveLength(0);
  });
});

describe('stripe-products', () => {
  test('the active products, each with its prices in the asked currency, as the SDK lists them', async () => {
    const user = await setUpUser(stack);
    const result = await call(user.client, 'stripe-products', { currency: 'eur' });
    expect(result.status).toBe(200);
    const products = result.body.products as Array<
      Record<string, unknown> & { prices: Array<Record<string, unknown>> }
    >;
    const stripe = sandboxStripe(stack);
    const eurPrices = await stripe.prices.list({ active: true, currency: 'eur', limit: 100 });
    expect(products.flatMap((p) => p.prices.map((price) => price.id)).sort()).toEqual(
      eurPrices.data.map((p) => p.id).sort(),
    );
    expect(result.body._meta).toEqual({ currency: 'eur', count: PLANS.length, priceCount: eurPrices.data.length });
    const startup = products.find((p) => p.id === SEED_IDS.product('startup'))!;
    expect(startup).toMatchObject({
      name: 'Startup',
      metadata: { most_popular: 'true', rank: '3', plan_name: 'startup', api_quota: '500' },
      marketing_features: expect.arrayContaining([{ name: 'Priority support' }]),
    });
    expect(startup.prices.find((p) => p.lookup_key === 'startup_yearly_eur')).toMatchObject({
      currency: 'eur',
      unit_amount: Math.floor(1999 * 12 * 0.8),
      recurring: { interval: 'year', interval_count: 1 },
      isDefault: false,
      product: startup.id,
    });
  });

  test('without a currency: every price; the answer is cacheable (ETag, 304 on If-None-Match)', async () => {
    const user = await setUpUser(stack);
    const url = `${stack.apiUrl}/functions/v1/stripe-products`;
    const headers = { authorization: `Bearer ${user.accessToken}`, apikey: stack.anonKey };
    const first = await fetch(url, { headers });
    expect(first.status).toBe(200);
    const body = (await first.json()) as { products: Array<{ prices: unknown[] }> };
    expect(body.products.flatMap((p) => p.prices)).toHaveLength(PLANS.length * 4);
    expect(first.headers.get('cache-control')).toBe('private, max-age=300');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const second = await fetch(url, { headers: { ...headers, 'if-none-match': etag } });
    expect(second.status).toBe(304);
  });

  test('a bad currency: 400; no session: 401', async () => {
    const user = await setUpUser(stack);
    expect(await call(user.client, 'stripe-products', { currency: 'chf' })).toEqual({
      status: 400,
      body: { error: UNSUPPORTED_CURRENCY },
    });
    expect(await call(stack.client(), 'stripe-products')).toEqual({
      status: 401,
      body: { error: 'Authentication required' },
    });
  });
});
