/**
 * The admin log screens (issue 19, spec 2 §2, §3, §4, §7, §8, §9) in Chromium at the narrowest
 * panel, by keyboard: a non-admin opening either route lands on /account; an admin opens both
 * screens from the dashboard and meets their empty states; Sync Now (sync-stripe-cron as the
 * signed-in admin, the Stripe sandbox's webhook off) reconciles a subscription canceled in
 * Stripe behind the app's back, the history reloads 1.5 s after the answer with the new run
 * (French dates), and its details filter the teams All / Success / Error; a run the function
 * fails reads 'Sync failed: API error: 500'; the quota reset log shows the runs of
 * reset_monthly_quotas with the spec's labels. axe finds nothing serious in either theme.
 */
import type { Page } from 'playwright-core';
import type Stripe from 'stripe';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { frenchDateTime } from '../../src/domain/admin/logFormats.ts';
import { formatDateEnd } from '../../src/domain/notion/dates.ts';
import { sandboxStripe } from '../integration/support/billing.ts';
import { setUpUser, sql } from '../integration/support/personas.ts';
import { billingUser, price, teamBilling, type BillingUser } from '../integration/support/stripeWebhook.ts';
import { expectAccessibleInBothThemes, NARROWEST_PANEL_PX } from './support/a11y.ts';
import { waitForPath } from './support/access.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { launchBrowser, type TestBrowser } from './support/browser.ts';
import { newSignedInUser, signOut } from './support/settings.ts';

let app: TestApp;
let browser: TestBrowser;
let page: Page;
let stripe: Stripe;
let alice: BillingUser;
let aliceSub: Stripe.Subscription;
let lostTeamId: string;

beforeAll(async () => {
  app = await startTestApp({
    sandboxes: true,
    own: 'the Stripe sync and the quota reset go over every team of the database, and their logs must be this file’s',
  });
  app.stack.sandboxes!.stripe.setWebhookUrl(undefined); // only the sync tells the app what Stripe did
  browser = await launchBrowser();
  page = await browser.context.newPage();
  await page.setViewportSize({ width: NARROWEST_PANEL_PX, height: 720 });
  stripe = sandboxStripe(app.stack);
  alice = await billingUser(app.stack, stripe, 'logs-alice@example.com');
  const card = await stripe.paymentMethods.attach('pm_card_visa', { customer: alice.customerId });
  aliceSub = await stripe.subscriptions.create({
    customer: alice.customerId,
    items: [{ price: price('pro_monthly_usd') }],
    default_payment_method: card.id,
  });
  // A team whose Stripe customer no longer exists: its sync fails.
  lostTeamId = (await setUpUser(app.stack, 'logs-lost@example.com')).teamId;
  await sql(app.stack, "update public.teams set stripe_customer_id = 'cus_gone' where id = $1", [lostTeamId]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const expectAccessible = (state: string) => expectAccessibleInBothThemes(page, state);

/** Gives the control focus (as Tab would) and presses Enter. */
async function activate(role: 'button' | 'link', name: string) {
  const control = page.getByRole(role, { name, exact: true });
  await control.focus();
  await control.press('Enter');
}

const heading = (name: string) => page.getByRole('heading', { level: 1, name }).waitFor();
const viewerZone = () => page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
const cellsOf = (testId: string) =>
  page.getByTestId(testId).evaluateAll((rows) => rows.map((row) => [...row.children].map((c) => c.textContent)));

interface SyncLog {
  id: number;
  run_date: string;
  successful_teams: number;
  total_teams: number;
  details: { status: string; run_type: string; run_by: string; team_results: Record<string, unknown>[] };
}
const syncLogs = () =>
  sql<SyncLog>(
    app.stack,
    `select id, to_json(run_date) #>> '{}' as run_date, successful_teams, total_teams, details
       from public.stripe_sync_logs order by run_date desc, id desc`,
  );

/**
 * Presses Sync Now; answers how long after the function's answer the history was read again, on
 * the page's own clock (Resource Timing: the answer's end, the re-read's start). The test's clock
 * hears of each late on a loaded machine, and Playwright's request timings are not on one clock.
 */
async function syncNow(): Promise<number> {
  await page.evaluate(() => performance.clearResourceTimings()); // a dev-server page fills the buffer
  const answered = page.waitForResponse('**/functions/v1/sync-stripe-cron', { timeout: 60_000 });
  const reread = page.waitForRequest('**/rest/v1/stripe_sync_logs?*', { timeout: 70_000 });
  await activate('button', 'Sync Now');
  await answered;
  await (await reread).response();
  // A resource's entry is added once its body has arrived, which may be after Playwright saw the response.
  const delay = await page.waitForFunction(() => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const answer = entries.find((entry) => entry.name.includes('/functions/v1/sync-stripe-cron'));
    const read = entries.find(
      (entry) => entry.name.includes('/rest/v1/stripe_sync_logs') && answer && entry.startTime > answer.startTime,
    );
    return answer && read ? read.startTime - answer.responseEnd : null;
  });
  return (await delay.jsonValue()) as number;
}

test('a non-admin opening either log lands on /account', async () => {
  await newSignedInUser(page, app, 'logs-member');
  for (const path of ['/admin/stripe-sync-logs', '/admin/daily-quota-reset-log']) {
    await page.goto(`${app.appUrl}${path}`);
    await waitForPath(page, '/account');
    await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor();
  }
  await signOut(page);
}, 60_000);

test('an admin opens both logs from the dashboard by keyboard; before any run they are empty', async () => {
  const chief = await newSignedInUser(page, app, 'logs-chief');
  await sql(app.stack, "update public.profiles set role = 'admin' where auth_id = $1", [chief.id]);
  expect(await sql(app.stack, 'select id from public.stripe_sync_logs')).toEqual([]);
  expect(await sql(app.stack, 'select id from public.quota_reset_logs')).toEqual([]);

  await page.goto(`${app.appUrl}/admin`);
  await heading('Admin Dashboard');
  await activate('link', 'Weekly Stripe Sync Logs');
  await waitForPath(page, '/admin/stripe-sync-logs');
  await heading('Weekly Stripe Sync Logs');
  await expect.poll(() => page.locator('.empty-state').textContent()).toBe('No synchronization logs found.');
  await expectAccessible('empty sync logs');

  await activate('link', 'Admin Dashboard');
  await heading('Admin Dashboard');
  await activate('link', 'Daily Quota Reset Log');
  await waitForPath(page, '/admin/daily-quota-reset-log');
  await heading('Daily Quota Reset Log');
  await expect.poll(() => page.locator('.empty-state').textContent()).toBe('No quota reset logs found.');
  await expectAccessible('empty reset log');
}, 60_000);

test('Sync Now reconciles a subscription canceled behind the app’s back; the details filter the teams', async () => {
  await page.goto(`${app.appUrl}/admin/stripe-sync-logs`);
  await heading('Weekly Stripe Sync Logs');
  await page.locator('.empty-state').waitFor();
  expect(await syncNow()).toBeGreaterThanOrEqual(1500);
  await expect.poll(() => page.getByTestId('sync-row').count()).toBe(1);
  expect(await teamBilling(app.stack, alice.teamId)).toMatchObject({ plan_name: 'pro', subscription_status: 'active' });

  await stripe.subscriptions.cancel(aliceSub.id); // no webhook: the app still believes it active
  expect(await teamBilling(app.stack, alice.teamId)).toMatchObject({ subscription_status: 'active' });
  expect(await syncNow()).toBeGreaterThanOrEqual(1500);
  await expect.poll(() => page.getByTestId('sync-row').count()).toBe(2);
  expect(await teamBilling(app.stack, alice.teamId)).toMatchObject({ subscription_status: 'canceled' });

  const [latest, first] = await syncLogs();
  expect(latest.details).toMatchObject({ status: 'partial', run_type: 'manual', run_by: 'admin_user' });
  expect(latest.details.team_results.find((r) => r.teamId === alice.teamId)).toMatchObject({
    success: true,
    message: 'synced: pro canceled',
  });
  const zone = await viewerZone();
  const date = frenchDateTime(latest.run_date, zone);
  expect(date).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/); // day/month/year, 24-hour
  expect(await cellsOf('sync-row')).toEqual([
    [date, 'Partial', `${latest.successful_teams}/${latest.total_teams}`, 'manual', 'Details'],
    [
      frenchDateTime(first.run_date, zone),
      'Partial',
      `${first.successful_teams}/${first.total_teams}`,
      'manual',
      'Details',
    ],
  ]);
  const card = page.getByTestId('last-sync');
  expect(await card.locator('dd').allTextContents()).toEqual([
    date,
    'Partial',
    `${latest.successful_teams} of ${latest.total_teams} synced`,
    `${Math.round((latest.successful_teams / latest.total_teams) * 100)}%`,
    expect.stringMatching(/^\d+ ms$|^\d+\.\d s$/),
    'manual',
    'admin_user',
  ]);
  await expectAccessible('sync history');

  await activate('button', `Details of run ${latest.id}, ${date}`);
  const dialog = page.getByRole('dialog', { name: 'Sync details' });
  await dialog.waitFor();
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Close');
  const teams = () => dialog.getByTestId('team-result').evaluateAll((items) => items.map((i) => i.textContent));
  const results = latest.details.team_results as { teamName: string; teamId: string; error: string | null }[];
  expect(await teams()).toHaveLength(latest.total_teams);
  expect(results.map((r) => r.teamId)).toEqual(expect.arrayContaining([alice.teamId, lostTeamId]));
  const filter = async (name: string) => {
    const button = dialog.getByRole('button', { name, exact: true });
    await button.focus();
    await button.press('Enter');
    await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
  };
  await filter('Success');
  const shown = await teams();
  expect(shown).toHaveLength(latest.successful_teams);
  expect(shown.every((text) => text?.includes('Success'))).toBe(true);
  expect(shown.find((text) => text?.startsWith(results.find((r) => r.teamId === alice.teamId)!.teamName))).toContain(
    'synced: pro canceled',
  );
  await filter('Error');
  const lost = results.find((r) => r.teamId === lostTeamId)!;
  expect(lost.error).toBeTruthy();
  expect(await teams()).toEqual([`${lost.teamName} Error${lost.error}cus_gone`]);
  await expectAccessible('sync details, errors');
  await filter('All');
  expect(await teams()).toHaveLength(latest.total_teams);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  // the dialog's focus scope gives focus back after it has gone (a frame later)
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
    .toBe(`Details of run ${latest.id}, ${date}`);
}, 180_000);

test('a run the function fails: the alert reads the spec’s message and the failed run is listed', async () => {
  // The function cannot list the teams: it logs the run as an error and answers 500.
  await sql(app.stack, 'revoke select on public.teams from service_role');
  try {
    await syncNow();
  } finally {
    await sql(app.stack, 'grant select on public.teams to service_role');
  }
  await expect.poll(() => page.getByRole('alert').textContent()).toBe('Sync failed: API error: 500');
  await expect.poll(() => page.getByTestId('sync-row').count()).toBe(3);
  const [failed] = await syncLogs();
  expect(failed.details).toMatchObject({ status: 'error', run_by: 'admin_user' });
  expect((await cellsOf('sync-row'))[0]).toEqual([
    frenchDateTime(failed.run_date, await viewerZone()),
    'Error',
    '0/0',
    'manual',
    'Details',
  ]);
  await expectAccessible('failed sync');
}, 120_000);

test('the quota reset log lists the runs of reset_monthly_quotas, newest first, with the spec’s labels', async () => {
  await sql(
    app.stack,
    "update public.teams set next_quota_reset = now() - interval '1 day' where id = any($1::uuid[])",
    [[alice.teamId, lostTeamId]],
  );
  // Statuses reset_monthly_quotas never writes, as an older system's runs would read.
  await sql(
    app.stack,
    `insert into public.quota_reset_logs (reset_date, status, teams_affected, duration_ms, run_type, error)
     values (now() - interval '3 days', 'partial', 1, 1250, 'scheduled', null),
            (now() - interval '2 days', 'error', 0, 40, 'scheduled', 'deadlock detected')`,
  );
  await sql(app.stack, 'select public.reset_monthly_quotas()');
  await sql(app.stack, "select public.reset_monthly_quotas('manual')"); // the month already rolled: nothing to do

  await page.goto(`${app.appUrl}/admin`);
  await heading('Admin Dashboard');
  await activate('link', 'Daily Quota Reset Log');
  await heading('Daily Quota Reset Log');
  await expect.poll(() => page.getByTestId('reset-row').count()).toBe(4);
  const runs = await sql<{ reset_date: string; duration_ms: number }>(
    app.stack,
    `select to_json(reset_date) #>> '{}' as reset_date, duration_ms from public.quota_reset_logs
      order by reset_date desc, id desc`,
  );
  const zone = await viewerZone();
  const ms = (n: number) => (n < 1000 ? `${n} ms` : `${(n / 1000).toFixed(1)} s`);
  expect(await cellsOf('reset-row')).toEqual([
    [formatDateEnd(runs[0].reset_date, zone), 'Success', '0', ms(runs[0].duration_ms), 'manual'],
    [formatDateEnd(runs[1].reset_date, zone), 'Success', '2', ms(runs[1].duration_ms), 'scheduled'],
    [formatDateEnd(runs[2].reset_date, zone), 'Error', '0', '40 ms', 'scheduled'],
    [formatDateEnd(runs[3].reset_date, zone), 'Partial', '1', '1.3 s', 'scheduled'],
  ]);
  expect(formatDateEnd(runs[0].reset_date, zone)).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4} \d{2}:\d{2}$/); // English
  await expectAccessible('reset log');
}, 60_000);
