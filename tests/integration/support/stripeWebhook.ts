/**
 * The billing suites' helpers: the official `stripe` SDK pointed at the stack's Stripe sandbox
 * (as the functions configure it), a user whose team has a Stripe customer (as
 * create-stripe-customer leaves it), the team's billing row read back, and events delivered to
 * stripe-webhook by hand — signed as Stripe signs them, or not — for the ordering and security
 * cases the sandbox's own deliveries cannot produce.
 */
import type Stripe from 'stripe';
import { SEED_IDS, signatureHeader } from '../../../supabase/local/sandboxes/stripe/index.ts';
import type { EventRecord } from '../../../supabase/local/sandboxes/stripe/model.ts';
import { setUpUser, sql, type Persona } from './personas.ts';
import type { TestStack } from './stack.ts';

/** A price id by its lookup key (`pro_yearly_eur`…). */
export const price = (key: string) => SEED_IDS.price(key);

export interface BillingUser extends Persona {
  customerId: string;
}

/** A user (setup_new_user) whose personal team has a new Stripe customer. */
export async function billingUser(stack: TestStack, stripe: Stripe, email: string): Promise<BillingUser> {
  const user = await setUpUser(stack, email);
  const customer = await stripe.customers.create({ email, metadata: { team_id: user.teamId } });
  await sql(stack, 'update public.teams set stripe_customer_id = $1 where id = $2', [customer.id, user.teamId]);
  return { ...user, customerId: customer.id };
}

export interface TeamBillingRow {
  plan_name: string | null;
  billing_cycle: string;
  subscription_status: string | null;
  subscription_start_date: string | null;
  subscription_end_date: string | null;
  trial_end_date: string | null;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  api_quota: number;
  notion_pages_quota: number;
  updated_at: string;
}

/** The team's billing columns as stored (timestamps as ISO strings). */
export async function teamBilling(stack: TestStack, teamId: string): Promise<TeamBillingRow> {
  const [row] = await sql<TeamBillingRow>(
    stack,
    `select plan_name, billing_cycle, subscription_status, stripe_customer_id, stripe_subscription_id,
            to_char(subscription_start_date at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as subscription_start_date,
            to_char(subscription_end_date at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as subscription_end_date,
            to_char(trial_end_date at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as trial_end_date,
            api_quota, notion_pages_quota, updated_at::text as updated_at
       from public.teams where id = $1`,
    [teamId],
  );
  return row;
}

export const iso = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

/** The sandbox's events of one customer's objects, oldest first. */
export function eventsOf(stack: TestStack, customerId: string, type?: string): EventRecord[] {
  return stack
    .sandboxes!.stripe.events()
    .filter((e) => (e.data.object as { customer?: string }).customer === customerId && (!type || e.type === type))
    .reverse();
}

export interface Signing {
  /** Signature timestamp (unix seconds); default now. */
  timestamp?: number;
  /** Key to sign with; default the endpoint's secret. */
  secret?: string;
  /** Send no Stripe-Signature header. */
  unsigned?: boolean;
}

/** POSTs `event` to stripe-webhook as Stripe would (or forged, per `signing`). */
export async function deliver(stack: TestStack, event: unknown, signing: Signing = {}) {
  const payload = JSON.stringify(event, null, 2);
  const { webhookSecret } = stack.sandboxes!.stripe;
  const timestamp = signing.timestamp ?? Math.floor(Date.now() / 1000);
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  if (!signing.unsigned)
    headers['stripe-signature'] = signatureHeader(payload, signing.secret ?? webhookSecret, timestamp);
  const response = await fetch(`${stack.apiUrl}/functions/v1/stripe-webhook`, {
    method: 'POST',
    headers,
    body: payload,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
