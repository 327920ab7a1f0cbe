/**
 * The scheduled jobs on the local stack (supabase/local/jobs; issue 19), against the Stripe
 * sandbox with its webhook off, so only the jobs write: `npm run jobs -- <job>` runs one now
 * against a running stack (found through stack.json) as a manual run; the stack's own scheduler,
 * on a test clock, fires the quota reset at 00:05 UTC and the Stripe sync on Monday 03:00 UTC,
 * and the sync reconciles teams changed in Stripe behind the app's back (a subscription
 * canceled, a plan switched), logging per-team results; the next week's run changes nothing.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { sandboxStripe } from './support/billing.ts';
import { fakeClock } from './support/fakeClock.ts';
import { sql } from './support/personas.ts';
import { startTestStack, type TestStack } from './support/stack.ts';
import { billingUser, price, teamBilling, type BillingUser } from './support/stripeWebhook.ts';

const clock = fakeClock('2026-11-22T12:00:00Z'); // a Sunday
let stack: TestStack;
let stripe: Stripe;
let alice: BillingUser;
let bob: BillingUser;
let aliceSub: Stripe.Subscription;
let bobSub: Stripe.Subscription;
let dataDir: string;

interface SyncLog {
  successful_teams: number;
  total_teams: number;
  details: { status: string; run_type: string; run_by: string; team_results: Array<Record<string, unknown>> };
}
const syncLogs = () =>
  sql<SyncLog>(stack, 'select successful_teams, total_teams, details from public.stripe_sync_logs order by id');
const resetLogs = () =>
  sql<{ run_type: string; status: string }>(stack, 'select run_type, status from public.quota_reset_logs order by id');
const resultOf = (log: SyncLog, teamId: string) => log.details.team_results.find((r) => r.teamId === teamId);

/** `npm run jobs -- <args>` with the stack.json of `dir`: exit code and output. */
function npmJobs(dir: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', 'jobs', '--', ...args],
      { env: { ...process.env, SIDENOTE_DATA_DIR: dir }, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

beforeAll(async () => {
  stack = await startTestStack({ sandboxes: true, scheduledJobs: { clock } });
  stack.sandboxes!.stripe.setWebhookUrl(undefined);
  stripe = sandboxStripe(stack);
  alice = await billingUser(stack, stripe, 'jobs-alice@example.com');
  bob = await billingUser(stack, stripe, 'jobs-bob@example.com');
  const card = await stripe.paymentMethods.attach('pm_card_visa', { customer: alice.customerId });
  aliceSub = await stripe.subscriptions.create({
    customer: alice.customerId,
    items: [{ price: price('pro_monthly_usd') }],
    default_payment_method: card.id,
  });
  bobSub = await stripe.subscriptions.create({
    customer: bob.customerId,
    items: [{ price: price('startup_yearly_usd') }],
    trial_period_days: 7,
  });
  dataDir = await mkdtemp(join(tmpdir(), 'sidenote-jobs-'));
  const info = { apiUrl: stack.apiUrl, anonKey: stack.anonKey, serviceRoleKey: stack.serviceRoleKey };
  await writeFile(join(dataDir, 'stack.json'), JSON.stringify(info), { mode: 0o600 });
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('npm run jobs: one run now', () => {
  test('sync-stripe-cron: a manual run by the service role brings every team in line with Stripe', async () => {
    const run = await npmJobs(dataDir, 'sync-stripe-cron');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      success: true,
      status: 'success',
      successful_teams: 2,
      total_teams: 2,
    });
    expect(`${run.stdout}${run.stderr}`).not.toContain(stack.serviceRoleKey);
    const log = (await syncLogs()).at(-1)!;
    expect(log.details).toMatchObject({ status: 'success', run_type: 'manual', run_by: 'cron' });
    expect(await teamBilling(stack, alice.teamId)).toMatchObject({ plan_name: 'pro', subscription_status: 'active' });
    expect(await teamBilling(stack, bob.teamId)).toMatchObject({
      plan_name: 'startup',
      subscription_status: 'trialing',
    });
  }, 120_000);

  test('reset-monthly-quotas: a manual run writes its log row and prints it', async () => {
    const before = (await resetLogs()).length;
    const run = await npmJobs(dataDir, 'reset-monthly-quotas');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ status: 'success', teams_affected: 0, run_type: 'manual' });
    expect((await resetLogs()).slice(before)).toEqual([{ run_type: 'manual', status: 'success' }]);
  }, 120_000);

  test('an unknown job, or no running stack, is refused with a message and a failing exit code', async () => {
    const unknown = await npmJobs(dataDir, 'reset-everything');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Usage: npm run jobs -- <reset-monthly-quotas|sync-stripe-cron>');
    const empty = await mkdtemp(join(tmpdir(), 'sidenote-jobs-none-'));
    const none = await npmJobs(empty, 'reset-monthly-quotas');
    await rm(empty, { recursive: true, force: true });
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('No running stack:');
  }, 120_000);
});

describe("the stack's scheduler", () => {
  test('waits for the cron times of private.job_schedules', () => {
    expect(stack.scheduler!.nextRuns()).toEqual({
      'reset-monthly-quotas': Date.parse('2026-11-23T00:05:00Z'),
      'sync-stripe-cron': Date.parse('2026-11-23T03:00:00Z'),
    });
  });

  test('Monday 03:00 UTC: the sync reconciles what changed in Stripe behind the app’s back', async () => {
    await stripe.subscriptions.cancel(aliceSub.id);
    await stripe.subscriptions.update(bobSub.id, {
      items: [{ id: bobSub.items.data[0].id, price: price('pro_monthly_usd') }],
    });
    // no webhook: the app still believes the old state
    expect(await teamBilling(stack, alice.teamId)).toMatchObject({ subscription_status: 'active' });
    expect(await teamBilling(stack, bob.teamId)).toMatchObject({ plan_name: 'startup' });
    const syncsBefore = (await syncLogs()).length;
    const resetsBefore = (await resetLogs()).length;

    clock.advanceTo('2026-11-23T02:59:59Z');
    await vi.waitFor(
      () => expect(stack.scheduler!.nextRuns()['reset-monthly-quotas']).toBe(Date.parse('2026-11-24T00:05:00Z')),
      {
        timeout: 30_000,
      },
    );
    expect((await resetLogs()).slice(resetsBefore)).toEqual([{ run_type: 'scheduled', status: 'success' }]);
    expect(clock.pending()).toContain(Date.parse('2026-11-23T03:00:00Z')); // the sync still waits
    expect((await syncLogs()).length).toBe(syncsBefore);

    clock.advanceTo('2026-11-23T03:00:00Z');
    await vi.waitFor(
      () => expect(stack.scheduler!.nextRuns()['sync-stripe-cron']).toBe(Date.parse('2026-11-30T03:00:00Z')),
      {
        timeout: 90_000,
      },
    );
    const logs = (await syncLogs()).slice(syncsBefore);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ successful_teams: 2, total_teams: 2 });
    expect(logs[0].details).toMatchObject({ status: 'success', run_type: 'scheduled', run_by: 'cron' });
    expect(resultOf(logs[0], alice.teamId)).toMatchObject({
      customerId: alice.customerId,
      success: true,
      message: 'synced: pro canceled',
      error: null,
      data: { data: { plan_name: 'pro', subscription_status: 'canceled' } },
    });
    expect(resultOf(logs[0], bob.teamId)).toMatchObject({
      success: true,
      message: 'synced: pro trialing',
      data: { data: { plan_name: 'pro', billing_cycle: 'monthly', api_quota: 100 } },
    });
    expect(await teamBilling(stack, alice.teamId)).toMatchObject({ plan_name: 'pro', subscription_status: 'canceled' });
    expect(await teamBilling(stack, bob.teamId)).toMatchObject({ plan_name: 'pro', billing_cycle: 'monthly' });
  }, 120_000);

  test('the next Monday’s run finds nothing to change: the teams stay as they are', async () => {
    const teams = [await teamBilling(stack, alice.teamId), await teamBilling(stack, bob.teamId)];
    const syncsBefore = (await syncLogs()).length;
    clock.advanceTo('2026-11-30T03:00:00Z');
    await vi.waitFor(
      () => expect(stack.scheduler!.nextRuns()['sync-stripe-cron']).toBe(Date.parse('2026-12-07T03:00:00Z')),
      {
        timeout: 90_000,
      },
    );
    const [log] = (await syncLogs()).slice(syncsBefore);
    expect(log.details).toMatchObject({ status: 'success', run_type: 'scheduled' });
    expect(resultOf(log, alice.teamId)).toMatchObject({ success: true, message: 'unchanged: pro canceled' });
    expect(resultOf(log, bob.teamId)).toMatchObject({ success: true, message: 'unchanged: pro trialing' });
    expect([await teamBilling(stack, alice.teamId), await teamBilling(stack, bob.teamId)]).toEqual(teams);
  }, 120_000);
});
