/**
 * The Stripe sandbox through the official `stripe` SDK: the catalogue (products and prices,
 * expansion, lookup keys, paging; a product and a price created), customers (create, retrieve, update, list by email, search),
 * payment methods, and Stripe's errors as the SDK's classes.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { price, rejection, SEED_IDS, startSandbox, stripeClient } from './stripe-sandbox-support.ts';

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let stripe: Stripe;

beforeAll(async () => {
  sandbox = await startSandbox();
  stripe = stripeClient(sandbox.url, sandbox.secretKey);
});
afterAll(() => sandbox?.stop());

describe('products and prices', () => {
  test('the seeded plans: metadata (rank, most_popular, quotas), marketing features, default price expanded', async () => {
    const products = await stripe.products.list({ active: true, limit: 100, expand: ['data.default_price'] });
    expect(products.object).toBe('list');
    expect(products.url).toBe('/v1/products');
    expect(products.data.map((p) => p.name)).toEqual(['Free', 'Pro', 'Startup', 'Enterprise']);
    const startup = products.data.find((p) => p.name === 'Startup')!;
    expect(startup.id).toMatch(/^prod_[A-Za-z0-9]{14}$/);
    expect(startup.livemode).toBe(false);
    expect(startup.metadata).toMatchObject({
      most_popular: 'true',
      rank: '3',
      api_quota: '500',
      notion_pages_quota: '5000',
    });
    expect(startup.marketing_features[0]).toEqual({ name: '500 LinkedIn imports per month' });
    const defaultPrice = startup.default_price as Stripe.Price;
    expect([defaultPrice.object, defaultPrice.unit_amount, defaultPrice.currency]).toEqual(['price', 1999, 'usd']);
    expect(products.data.filter((p) => p.metadata.most_popular === 'true')).toHaveLength(1);
  });

  test('prices by lookup key, currency and interval, with data.product expanded', async () => {
    const list = await stripe.prices.list({
      lookup_keys: ['pro_monthly_eur', 'pro_yearly_eur', 'pro_yearly_usd'],
      currency: 'eur',
      expand: ['data.product'],
    });
    expect(list.data.map((p) => [p.lookup_key, p.unit_amount, p.recurring?.interval])).toEqual([
      ['pro_monthly_eur', 999, 'month'],
      ['pro_yearly_eur', 9590, 'year'],
    ]);
    expect((list.data[0].product as Stripe.Product).name).toBe('Pro');
    const yearly = await stripe.prices.list({ product: SEED_IDS.product('free'), recurring: { interval: 'year' } });
    expect(yearly.data.map((p) => [p.lookup_key, p.unit_amount])).toEqual([
      ['free_yearly_usd', 0],
      ['free_yearly_eur', 0],
    ]);
    expect((await stripe.prices.retrieve(price('startup_yearly_usd'))).unit_amount).toBe(19190);
  });

  test('paging with limit and starting_after; auto-pagination reads every price', async () => {
    const first = await stripe.prices.list({ limit: 5 });
    expect([first.data.length, first.has_more]).toEqual([5, true]);
    const second = await stripe.prices.list({ limit: 5, starting_after: first.data[4].id });
    expect(second.data[0].id).not.toBe(first.data[4].id);
    const all: string[] = [];
    for await (const p of stripe.prices.list({ limit: 3 })) all.push(p.id);
    expect(new Set(all).size).toBe(16);
  });
});

describe('customers and payment methods', () => {
  test('create, retrieve, update, list by email and search by email and metadata', async () => {
    const created = await stripe.customers.create({
      email: 'ada@example.com',
      name: 'Ada',
      metadata: { team_id: 'team-1' },
    });
    expect(created.id).toMatch(/^cus_/);
    expect([created.object, created.livemode, created.email]).toEqual(['customer', false, 'ada@example.com']);
    const updated = await stripe.customers.update(created.id, { metadata: { currency: 'eur' } });
    expect(updated.metadata).toEqual({ team_id: 'team-1', currency: 'eur' });
    expect(((await stripe.customers.retrieve(created.id)) as Stripe.Customer).name).toBe('Ada');
    const byEmail = await stripe.customers.list({ email: 'ada@example.com' });
    expect(byEmail.data.map((c) => c.id)).toEqual([created.id]);
    const search = await stripe.customers.search({ query: "email:'ada@example.com' AND metadata['team_id']:'team-1'" });
    expect([search.object, search.data.map((c) => c.id)]).toEqual(['search_result', [created.id]]);
    expect((await stripe.customers.search({ query: "email:'nobody@example.com'" })).data).toEqual([]);
  });

  test('a test card attached to a customer: brand, last4, expiry; retrieve and list', async () => {
    const customer = await stripe.customers.create({ email: 'pm@example.com' });
    const pm = await stripe.paymentMethods.attach('pm_card_mastercard', { customer: customer.id });
    expect(pm.id).toMatch(/^pm_/);
    const again = await stripe.paymentMethods.retrieve(pm.id);
    expect([again.type, again.card?.brand, again.card?.last4, again.customer]).toEqual([
      'card',
      'mastercard',
      '4444',
      customer.id,
    ]);
    const withDefault = await stripe.customers.update(customer.id, {
      invoice_settings: { default_payment_method: pm.id },
      expand: ['invoice_settings.default_payment_method'],
    });
    expect((withDefault.invoice_settings.default_payment_method as Stripe.PaymentMethod).card?.last4).toBe('4444');
    const listed = await stripe.customers.listPaymentMethods(customer.id);
    expect(listed.data.map((p) => p.id)).toEqual([pm.id]);
  });
});

describe('errors', () => {
  test('a wrong key is a StripeAuthenticationError (401)', async () => {
    const error = await rejection(stripeClient(sandbox.url, 'sk_test_wrongwrongwrong').products.list());
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect([error.statusCode, error.message]).toEqual([401, 'Invalid API Key provided: sk_test_***********rong']);
  });

  test('an unknown id is a StripeInvalidRequestError with code resource_missing (404)', async () => {
    const error = await rejection(stripe.customers.retrieve('cus_doesnotexist'));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect([error.statusCode, error.code, error.param, error.message]).toEqual([
      404,
      'resource_missing',
      'id',
      "No such customer: 'cus_doesnotexist'",
    ]);
    const sub = await rejection(stripe.subscriptions.retrieve('sub_nope'));
    expect([sub.statusCode, sub.code]).toEqual([404, 'resource_missing']);
  });

  test('a declined card is a StripeCardError (402, card_declined)', async () => {
    const customer = await stripe.customers.create({ email: 'declined@example.com' });
    const error = await rejection(stripe.paymentMethods.attach('pm_card_chargeDeclined', { customer: customer.id }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect([error.statusCode, error.code, error.decline_code, error.message]).toEqual([
      402,
      'card_declined',
      'generic_decline',
      'Your card was declined.',
    ]);
  });

  test('unknown parameters, bad expansions, unsupported modes and unknown paths are 400/404, not ignored', async () => {
    const unknown = await rejection(stripe.customers.create({ colour: 'blue' } as Stripe.CustomerCreateParams));
    expect([unknown.statusCode, unknown.code, unknown.param]).toEqual([400, 'parameter_unknown', 'colour']);
    const expand = await rejection(stripe.prices.list({ expand: ['product'] }));
    expect(expand.message).toBe(
      "This property cannot be expanded (product). You may want to try expanding 'data.product' instead.",
    );
    const mode = await rejection(
      stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [{ price: price('pro_monthly_usd') }],
        success_url: 'http://x.test/ok',
      }),
    );
    expect([mode.statusCode, mode.param]).toEqual([400, 'mode']);
    const response = await fetch(`${sandbox.url}/v1/coupons`, {
      headers: { authorization: `Bearer ${sandbox.secretKey}` },
    });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(
      /^Unrecognized request URL \(GET: \/v1\/coupons\)/,
    );
  });

  test('an Idempotency-Key replays the first answer; reused with other parameters it is refused', async () => {
    const once = await stripe.customers.create({ email: 'idem@example.com' }, { idempotencyKey: 'idem-1' });
    const twice = await stripe.customers.create({ email: 'idem@example.com' }, { idempotencyKey: 'idem-1' });
    expect(twice.id).toBe(once.id);
    const error = await rejection(
      stripe.customers.create({ email: 'other@example.com' }, { idempotencyKey: 'idem-1' }),
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });
});

describe('what else the account sells', () => {
  test('a product and a recurring price created; a one-time price and a taken lookup key refused', async () => {
    const product = await stripe.products.create({ name: 'Consulting', metadata: { kind: 'service' } });
    expect(product.id).toMatch(/^prod_/);
    expect([product.object, product.active, product.default_price, product.metadata]).toEqual([
      'product',
      true,
      null,
      { kind: 'service' },
    ]);
    const created = await stripe.prices.create({
      product: product.id,
      currency: 'USD',
      unit_amount: 500,
      recurring: { interval: 'month' },
      lookup_key: 'consulting_monthly_usd',
    });
    expect([created.currency, created.unit_amount, created.recurring?.interval, created.type]).toEqual([
      'usd',
      500,
      'month',
      'recurring',
    ]);
    const listed = await stripe.prices.list({ lookup_keys: ['consulting_monthly_usd'], expand: ['data.product'] });
    expect(listed.data.map((p) => [p.id, (p.product as Stripe.Product).name])).toEqual([[created.id, 'Consulting']]);
    expect((await stripe.products.list({ active: true, limit: 100 })).data.map((p) => p.name)).toContain('Consulting');

    const oneTime = await rejection(stripe.prices.create({ product: product.id, currency: 'usd', unit_amount: 500 }));
    expect([oneTime.statusCode, oneTime.param]).toEqual([400, 'recurring']);
    const taken = await rejection(
      stripe.prices.create({
        product: product.id,
        currency: 'usd',
        unit_amount: 900,
        recurring: { interval: 'year' },
        lookup_key: 'consulting_monthly_usd',
      }),
    );
    expect([taken.statusCode, taken.param, taken.message]).toEqual([
      400,
      'lookup_key',
      `A price (\`${created.id}\`) already uses that lookup key.`,
    ]);
    const noProduct = await rejection(
      stripe.prices.create({ product: 'prod_nope', currency: 'usd', unit_amount: 1, recurring: { interval: 'month' } }),
    );
    expect([noProduct.statusCode, noProduct.code]).toEqual([404, 'resource_missing']);
  });
});
