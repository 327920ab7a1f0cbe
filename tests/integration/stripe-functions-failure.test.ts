/**
 * The billing functions when Stripe fails: the functions hold a secret key the Stripe sandbox
 * refuses (its 401 "Invalid API Key provided"), as a rotated or mistyped key would. Each answers
 * its spec 2 §8 text (502), leaks nothing of Stripe's error, and writes nothing; and
 * delete-user-complete, which must end a user's billing first, keeps the account (issue 32). And
 * what their shared wrapper (serveBilling) answers before any of that: the preflight and a wrong
 * method.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestStack } from './support/stack.ts';
import {
  APP_ORIGIN,
  call,
  profileState,
  sandboxStripe,
  setUpUser,
  startBillingStack,
  teamRow,
} from './support/billing.ts';
import { makeAdmin, sql, type Persona } from './support/personas.ts';

const BILLING_NOT_ENDED =
  "The user's Stripe billing could not be canceled, so the account was not deleted. Try again later.";

let stack: TestStack;
beforeAll(async () => {
  stack = await startBillingStack({ functionEnv: { STRIPE_SECRET_KEY: 'sk_test_not_the_sandbox_key' } });
});
afterAll(() => stack?.stop());

describe('a Stripe failure', () => {
  test('create-stripe-customer: the spec-style text, nothing written to the team, the profile or Stripe', async () => {
    const user = await setUpUser(stack);
    const before = await teamRow(stack, user.teamId);
    expect(await call(user.client, 'create-stripe-customer', { currency: 'usd' })).toEqual({
      status: 502,
      body: { success: false, error: 'Failed to create Stripe customer' },
    });
    expect(await teamRow(stack, user.teamId)).toEqual(before);
    expect(await profileState(stack, user.id)).toBe('team_activated');
    const found = await sandboxStripe(stack).customers.search({ query: `metadata['team_id']:'${user.teamId}'` });
    expect(found.data).toHaveLength(0);
  });

  test('stripe-products: "Failed to fetch Stripe products"', async () => {
    const user = await setUpUser(stack);
    expect(await call(user.client, 'stripe-products')).toEqual({
      status: 502,
      body: { error: 'Failed to fetch Stripe products' },
    });
  });

  describe('for a team with a customer', () => {
    let user: Persona;
    let client: Persona['client'];
    let teamId: string;
    let customerId: string;
    beforeAll(async () => {
      user = await setUpUser(stack);
      ({ client, teamId } = user);
      const customer = await sandboxStripe(stack).customers.create({ metadata: { team_id: teamId } });
      customerId = customer.id;
      await sql(stack, 'update public.teams set stripe_customer_id = $1 where id = $2', [customer.id, teamId]);
    });

    test('stripe-checkout: "Failed to create checkout session", no session made', async () => {
      const before = (await sandboxStripe(stack).events.list({ limit: 100 })).data.length;
      expect(await call(client, 'stripe-checkout', { planName: 'pro' })).toEqual({
        status: 502,
        body: { error: 'Failed to create checkout session' },
      });
      expect((await sandboxStripe(stack).events.list({ limit: 100 })).data.length).toBe(before);
      expect((await teamRow(stack, teamId)).stripe_subscription_id).toBeNull();
    });

    test('stripe-customer-portal: "Failed to create customer portal session"', async () => {
      expect(await call(client, 'stripe-customer-portal')).toEqual({
        status: 502,
        body: { error: 'Failed to create customer portal session' },
      });
    });

    test('delete-user-complete: billing not ended, so the account stays, and the admin is told why', async () => {
      const admin = await setUpUser(stack);
      await makeAdmin(stack, admin);
      expect(await call(admin.client, 'delete-user-complete', { target_email: user.email })).toEqual({
        status: 502,
        body: { success: false, message: BILLING_NOT_ENDED },
      });
      expect(await sql(stack, 'select id from auth.users where id = $1', [user.id])).toHaveLength(1);
      expect((await teamRow(stack, teamId)).stripe_customer_id).toBe(customerId);
      expect(await sandboxStripe(stack).customers.retrieve(customerId)).not.toHaveProperty('deleted');

      // A user whose teams never had a Stripe customer is deleted without asking Stripe.
      const unbilled = await setUpUser(stack);
      expect(await call(admin.client, 'delete-user-complete', { target_email: unbilled.email })).toEqual({
        status: 200,
        body: { success: true, message: 'User deleted successfully' },
      });
    });

    test('stripe-subscription-status: "Error getting subscription status: …", no subscription', async () => {
      expect(await call(client, 'stripe-subscription-status')).toEqual({
        status: 502,
        body: {
          error: 'Error getting subscription status: Bad Gateway',
          subscription: null,
          hasActiveSubscription: false,
          quotaInfo: null,
        },
      });
    });
  });
});

describe('the wrapper every billing function shares', () => {
  // [function, the methods it takes, what its failures carry beside `error`]
  const FUNCTIONS: [string, string[], Record<string, unknown>][] = [
    ['create-stripe-customer', ['POST'], { success: false }],
    ['stripe-products', ['GET', 'POST'], {}],
    ['stripe-checkout', ['POST'], {}],
    ['stripe-customer-portal', ['POST'], {}],
    ['stripe-subscription-status', ['POST'], { subscription: null, hasActiveSubscription: false, quotaInfo: null }],
  ];

  test.each(FUNCTIONS)(
    '%s: the app origin’s preflight is answered; another method gets 405',
    async (name, methods, empty) => {
      const user = await setUpUser(stack);
      const url = `${stack.apiUrl}/functions/v1/${name}`;
      const preflight = await fetch(url, {
        method: 'OPTIONS',
        headers: { origin: APP_ORIGIN, 'access-control-request-method': methods[0] },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
      for (const method of ['PUT', 'DELETE', ...(methods.includes('GET') ? [] : ['GET'])]) {
        const response = await fetch(url, {
          method,
          headers: { origin: APP_ORIGIN, authorization: `Bearer ${user.accessToken}`, apikey: stack.anonKey },
        });
        expect({ status: response.status, body: await response.json() }).toEqual({
          status: 405,
          body: { ...empty, error: 'Method not allowed' },
        });
        expect(response.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
      }
    },
  );
});
