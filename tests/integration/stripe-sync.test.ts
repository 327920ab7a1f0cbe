/**
 * sync-stripe-subscription and sync-stripe-cron in Deno through the local stack, against the
 * Stripe sandbox with its webhook off (so only the syncs write): a member's refresh writes the
 * team from Stripe and answers its billing columns; non-members, strangers' customer ids and
 * teams without a customer are refused. The cron, run by an admin or the service role, writes
 * ONE stripe_sync_logs row with a result per team that has a customer; anyone else is refused.
 */
import { resolve } from 'node:path';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sandboxStripe } from './support/billing.ts';
import { billingUser, iso, price, teamBilling, type BillingUser } from './support/stripeWebhook.ts';
import { makeAdmin, setUpUser, sql, type Persona } from './support/personas.ts';
import { startTestStack, type TestStack } from './support/stack.ts';

process.env.DENO_DIR ??= resolve('.local/deno');

let stack: TestStack;
let stripe: Stripe;
let alice: BillingUser;
let bob: BillingUser;
let admin: Persona;
let aliceSub: Stripe.Subscription;

beforeAll(async () => {
  stack = await startTestStack({ sandboxes: true });
  stack.sandboxes!.stripe.setWebhookUrl(undefined);
  stripe = sandboxStripe(stack);
  alice = await billingUser(stack, stripe, 'sync-alice@example.com');
  bob = await billingUser(stack, stripe, 'sync-bob@example.com');
  admin = await setUpUser(stack, 'sync-admin@example.com');
  await makeAdmin(stack, admin);
  aliceSub = await stripe.subscriptions.create({
    customer: alice.customerId,
    items: [{ price: price('startup_yearly_usd') }],
    trial_period_days: 7,
  });
}, 120_000);
afterAll(() => stack?.stop());

async function call(name: string, token: string, body: unknown) {
  const response = await fetch(`${stack.apiUrl}/functions/v1/${name}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, apikey: stack.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('sync-stripe-subscription', () => {
  test("a member's refresh writes the team from Stripe and answers its billing columns", async () => {
    const result = await call('sync-stripe-subscription', alice.accessToken, {
      teamId: alice.teamId,
      stripeCustomerId: alice.customerId,
    });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      success: true,
      outcome: 'synced: startup trialing',
      data: {
        id: alice.teamId,
        plan_name: 'startup',
        billing_cycle: 'yearly',
        subscription_status: 'trialing',
        stripe_customer_id: alice.customerId,
        stripe_subscription_id: aliceSub.id,
        api_quota: 500,
        notion_pages_quota: 5000,
      },
    });
    const data = result.body.data as Record<string, string>;
    expect(Date.parse(data.trial_end_date)).toBe(aliceSub.trial_end! * 1000);
    expect((await teamBilling(stack, alice.teamId)).trial_end_date).toBe(iso(aliceSub.trial_end!));

    const again = await call('sync-stripe-subscription', alice.accessToken, { teamId: alice.teamId });
    expect(again.body).toMatchObject({ success: true, outcome: 'unchanged: startup trialing' });
  });

  test('refusals: no session, a team the caller is not in, a customer id not the team’s, a team without customer', async () => {
    expect(await call('sync-stripe-subscription', stack.anonKey, { teamId: alice.teamId })).toEqual({
      status: 401,
      body: { success: false, error: 'Authentication required' },
    });
    expect(await call('sync-stripe-subscription', bob.accessToken, { teamId: alice.teamId })).toEqual({
      status: 404,
      body: { success: false, error: 'Team not found' },
    });
    expect(
      await call('sync-stripe-subscription', alice.accessToken, {
        teamId: alice.teamId,
        stripeCustomerId: bob.customerId,
      }),
    ).toEqual({ status: 400, body: { success: false, error: "stripeCustomerId is not this team's customer" } });
    expect(await call('sync-stripe-subscription', admin.accessToken, { teamId: admin.teamId })).toEqual({
      status: 400,
      body: { success: false, error: 'This team has no Stripe customer yet' },
    });
    expect(await call('sync-stripe-subscription', alice.accessToken, {})).toEqual({
      status: 400,
      body: { success: false, error: 'teamId is required' },
    });
  });
});

describe('sync-stripe-cron', () => {
  interface LogRow {
    id: number;
    successful_teams: number;
    total_teams: number;
    execution_time_ms: number;
    details: {
      status: string;
      success_rate: number;
      run_type: string;
      run_by: string;
      team_results: Array<Record<string, unknown>>;
    };
  }
  const logs = () =>
    sql<LogRow>(
      stack,
      'select id::int as id, successful_teams, total_teams, execution_time_ms, details from public.stripe_sync_logs order by id',
    );

  test('an admin’s manual run syncs every team with a customer and writes one log row', async () => {
    // Stripe moved on without the webhook: bob subscribed, alice switched plan
    await stripe.subscriptions.create({ customer: bob.customerId, items: [{ price: price('free_monthly_usd') }] });
    await stripe.subscriptions.update(aliceSub.id, {
      items: [{ id: aliceSub.items.data[0].id, price: price('pro_monthly_usd') }],
    });
    const before = (await logs()).length;
    const result = await call('sync-stripe-cron', admin.accessToken, { run_type: 'manual' });
    expect(result.body).toMatchObject({ success: true, status: 'success', successful_teams: 2, total_teams: 2 });
    expect(result.status).toBe(200);

    const rows = await logs();
    expect(rows).toHaveLength(before + 1);
    const log = rows.at(-1)!;
    expect(log).toMatchObject({ id: result.body.log_id, successful_teams: 2, total_teams: 2 });
    expect(log.details).toMatchObject({
      status: 'success',
      success_rate: 100,
      run_type: 'manual',
      run_by: 'admin_user',
    });
    const byTeam = Object.fromEntries(log.details.team_results.map((r) => [r.teamId, r]));
    expect(byTeam[alice.teamId]).toMatchObject({
      teamName: expect.any(String),
      customerId: alice.customerId,
      success: true,
      error: null,
      data: { data: { plan_name: 'pro', billing_cycle: 'monthly', subscription_status: 'trialing', api_quota: 100 } },
    });
    expect(byTeam[bob.teamId]).toMatchObject({ success: true, data: { data: { plan_name: 'free' } } });
    expect(await teamBilling(stack, alice.teamId)).toMatchObject({ plan_name: 'pro', billing_cycle: 'monthly' });
    expect(await teamBilling(stack, bob.teamId)).toMatchObject({ plan_name: 'free', subscription_status: 'active' });
  });

  test('the service role runs it as the scheduled cron; a customer Stripe does not know makes it partial', async () => {
    const ghost = await setUpUser(stack, 'sync-ghost@example.com');
    await sql(stack, "update public.teams set stripe_customer_id = 'cus_ghost000000000' where id = $1", [ghost.teamId]);
    const result = await call('sync-stripe-cron', stack.serviceRoleKey, {});
    expect(result.body).toMatchObject({ success: true, status: 'partial', successful_teams: 2, total_teams: 3 });
    const log = (await logs()).at(-1)!;
    expect(log.details).toMatchObject({ status: 'partial', success_rate: 67, run_type: 'scheduled', run_by: 'cron' });
    expect(log.details.team_results.find((r) => r.teamId === ghost.teamId)).toMatchObject({
      success: false,
      error: 'Stripe has no such customer',
      data: { data: null },
    });
  });

  test('anyone else is refused and no log row is written', async () => {
    const before = (await logs()).length;
    expect(await call('sync-stripe-cron', alice.accessToken, { run_type: 'manual' })).toEqual({
      status: 403,
      body: { success: false, error: 'Admins only' },
    });
    expect(await call('sync-stripe-cron', stack.anonKey, {})).toEqual({
      status: 401,
      body: { success: false, error: 'Authentication required' },
    });
    expect((await logs()).length).toBe(before);
  });
});
