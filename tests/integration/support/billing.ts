/**
 * Helpers for the billing-function suites: a stack with the sandboxes and billing enabled, users
 * set up as the app does (setup_new_user, through personas.ts), the official `stripe` SDK on the
 * stack's Stripe sandbox (the webhook and sync suites' helpers use it too), calls to the
 * functions as supabase-js makes them, the hosted checkout page submitted as a browser would,
 * and a team put on the free plan or a paid one as the app's setup and checkout do.
 */
import { randomBytes } from 'node:crypto';
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import Stripe from 'stripe';
import { expect } from 'vitest';
import { API_VERSION } from '../../../supabase/local/sandboxes/stripe/index.ts';
import { setUpUser as setUpPersona, sql, type Persona } from './personas.ts';
import { startTestStack, type TestStack, type TestStackOptions } from './stack.ts';

export const APP_ORIGIN = 'http://localhost:5173';

export async function startBillingStack(options: TestStackOptions = {}): Promise<TestStack> {
  const stack = await startTestStack({ sandboxes: true, ...options });
  await stack.db.exec('update public.billing_config set stripe_enabled = true');
  return stack;
}

/** The official SDK on the stack's Stripe sandbox. */
export function sandboxStripe(stack: TestStack): Stripe {
  const { url, secretKey } = stack.sandboxes!.stripe;
  const { hostname, port } = new URL(url);
  return new Stripe(secretKey, {
    host: hostname,
    port: Number(port),
    protocol: 'http',
    apiVersion: API_VERSION as Stripe.LatestApiVersion,
    maxNetworkRetries: 0,
  });
}

/** A user with a random address whose setup ran (their personal team, active). */
export const setUpUser = (stack: TestStack, prefix = 'billing'): Promise<Persona> =>
  setUpPersona(stack, `${prefix}-${randomBytes(4).toString('hex')}@example.com`);

export interface Outcome {
  status: number;
  body: Record<string, unknown>;
}

/** A function's status and JSON body, called as the app calls it (`functions.invoke`). */
export async function call(client: SupabaseClient, name: string, body?: unknown): Promise<Outcome> {
  const result = await client.functions.invoke(name, { body: body as Record<string, unknown> | undefined });
  if (result.error instanceof FunctionsHttpError) {
    const response = result.error.context as Response;
    return { status: response.status, body: await response.json() };
  }
  expect(result.error).toBeNull();
  return { status: 200, body: result.data };
}

export async function teamRow(stack: TestStack, teamId: string): Promise<Record<string, unknown>> {
  return (await sql(stack, 'select * from public.teams where id = $1', [teamId]))[0];
}

export async function profileState(stack: TestStack, userId: string): Promise<string> {
  const rows = await sql<{ profile_state: string }>(
    stack,
    'select profile_state from public.profiles where auth_id = $1',
    [userId],
  );
  return rows[0].profile_state;
}

/** Pays on the hosted checkout page with a test card, as a browser posts its form. */
export async function payCheckout(url: string, cardNumber = '4242 4242 4242 4242') {
  const response = await fetch(url, {
    method: 'POST',
    body: new URLSearchParams({ cardNumber, cardExpiry: '12 / 34', cardCvc: '123' }),
    redirect: 'manual',
  });
  await response.text();
  return { status: response.status, location: response.headers.get('location') };
}

/**
 * Runs create-stripe-customer as `user` (their team on the free plan, as the setup leaves it),
 * waits for the webhook's deliveries, and answers the team's Stripe customer id.
 */
export async function onFreePlan(stack: TestStack, user: Persona, currency = 'usd'): Promise<string> {
  expect((await call(user.client, 'create-stripe-customer', { currency })).status).toBe(200);
  await stack.sandboxes!.stripe.deliveriesSettled();
  return (await teamRow(stack, user.teamId)).stripe_customer_id as string;
}

/** Buys a paid plan as `user`: stripe-checkout's session, paid on the hosted page with 4242. */
export async function buyPlan(user: Persona, body: Record<string, unknown>): Promise<void> {
  const checkout = await call(user.client, 'stripe-checkout', body);
  expect(checkout.status).toBe(200);
  expect((await payCheckout(checkout.body.url as string)).status).toBe(303);
}
