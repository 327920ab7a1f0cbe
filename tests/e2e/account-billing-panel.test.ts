/**
 * Billing from the side panel: there the app is framed (here by the extension harness), and
 * Stripe's hosted pages refuse to be framed — the sandbox's, like Stripe's, answer
 * X-Frame-Options DENY. So Choose opens the hosted checkout in a tab of its own, the panel
 * stays and says so; paying in that tab brings the panel's plan up to date without a reload
 * (the returning tab announces itself through storage, the panel reads the plan again until
 * the webhook has written it).
 */
import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, type TestBrowser } from './support/browser.ts';
import { openHarness, startCaptureApp, type CaptureApp } from './support/capture.ts';
import { newSignedInUser, profileOf } from './support/settings.ts';

let capture: CaptureApp;
let browser: TestBrowser;
let page: Page;
let panel: FrameLocator;
let teamId: string;

const teamRow = async () => {
  const { data } = await capture.app.stack
    .serviceClient()
    .from('teams')
    .select('plan_name, billing_cycle, stripe_customer_id')
    .eq('id', teamId)
    .single()
    .throwOnError();
  return data as Record<string, unknown>;
};

beforeAll(async () => {
  capture = await startCaptureApp();
  await capture.app.stack.db.exec('update public.billing_config set stripe_enabled = true');
  browser = await launchBrowser();
  page = await browser.context.newPage();
  const user = await newSignedInUser(page, capture.app, 'panel-billing');
  teamId = (await profileOf(capture.app, user.id)).active_team_id!;
  // The setup overlay's billing step makes the customer on the free plan (a loop: a hook).
  for (const started = Date.now(); !(await teamRow()).stripe_customer_id;) {
    if (Date.now() - started > 45_000) throw new Error('the setup overlay made no Stripe customer');
    await new Promise((done) => setTimeout(done, 200));
  }
  panel = await openHarness(page, capture.harness, '?path=/account');
});

afterAll(async () => {
  await browser?.close();
  await capture?.stop();
});

test('Choose opens the hosted checkout in a tab; paying there updates the panel’s plan', async () => {
  await panel.getByRole('button', { name: 'Compare plans' }).click({ timeout: 30_000 });
  await panel.getByTestId('plan-option').first().waitFor({ timeout: 20_000 });
  const opened = browser.context.waitForEvent('page');
  await panel.getByRole('button', { name: 'Choose Startup' }).click();
  const checkout = await opened;
  await checkout.getByRole('heading', { name: 'Subscribe to Startup' }).waitFor({ timeout: 20_000 });

  // The panel stayed on /account, says where the payment page went, and can be used again.
  await panel
    .getByRole('status')
    .filter({
      hasText: 'The payment page opened in a new tab. Come back here when you are done: your plan is read again.',
    })
    .waitFor();
  expect(page.frames().some((frame) => frame.url().includes('/c/pay/'))).toBe(false);
  await expect.poll(() => panel.getByRole('button', { name: 'Choose Startup' }).isEnabled()).toBe(true);
  expect(await panel.getByTestId('plan-name').textContent()).toBe('free');

  await checkout.getByLabel('Card number').fill('4242 4242 4242 4242');
  await checkout.getByLabel('Expiration').fill('12 / 34');
  await checkout.getByLabel('CVC').fill('123');
  await checkout.getByRole('button', { name: 'Subscribe' }).click();
  await checkout.waitForURL((url) => url.pathname === '/account', { timeout: 30_000 });

  await expect.poll(teamRow, { timeout: 30_000 }).toMatchObject({ plan_name: 'startup', billing_cycle: 'yearly' });
  // Without a reload: the checkout's tab announced its return, and the panel read the plan again.
  await expect.poll(() => panel.getByTestId('plan-name').textContent(), { timeout: 30_000 }).toBe('startup');
  await expect.poll(() => panel.getByTestId('billing-cycle').textContent()).toBe('Yearly');
});
