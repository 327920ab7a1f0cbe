/**
 * The account screen's billing in Chromium against the stack and its Stripe and geo-IP
 * sandboxes (spec 2 §2, §4, §8, §9): a user on the free plan (a Stripe customer, as the setup
 * leaves them) in France sees the plans in EUR, yearly by default, by rank with the
 * most-popular badge; a declined card on the hosted checkout leaves the free plan and says
 * why; the test card pays, and back on /account the plan, cycle and quotas are those the
 * signed webhook wrote; the portal's cancel at period end reads 'Canceling'; and the header's
 * back button after the provider's pages leads to MissingContext; and once the sandbox's clock
 * passes the period's end, the subscription ends and Root shows the subscription blocker
 * (which routes it guards: tests/unit/billing-gate-checkout.test.ts).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, type TestBrowser } from './support/browser.ts';
import { grantDebugMode } from './support/debugGrant.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { waitForPath } from './support/access.ts';
import { newSignedInUser, profileOf } from './support/settings.ts';
import { NARROWEST_PANEL_PX, pageWidth, seriousViolations } from './support/a11y.ts';

let app: TestApp;
let browser: TestBrowser;
let page: Page;
let teamId: string;

beforeAll(async () => {
  app = await startTestApp({ sandboxes: true });
  // Billing on, as in production: the setup stops at team_activated and the customer is made next.
  await app.stack.db.exec('update public.billing_config set stripe_enabled = true');
  app.stack.sandboxes!.geoIp.setCountry('FR');
  browser = await launchBrowser({ serviceWorkers: 'block' }); // it routes the app's requests
  page = await browser.context.newPage();
  const user = await newSignedInUser(page, app, 'billing');
  await grantDebugMode(app, user.id); // debug mode (the currency toggle) is a per-user grant (issue 20)
  teamId = (await profileOf(app, user.id)).active_team_id!;
  // The setup overlay's billing step: the customer on the free plan, in EUR (geo-IP says FR).
  // (a polling loop, not expect.poll: this is a beforeAll hook)
  for (const started = Date.now(); !(await teamRow()).stripe_customer_id;) {
    if (Date.now() - started > 45_000) throw new Error('the setup overlay made no Stripe customer');
    await new Promise((done) => setTimeout(done, 200));
  }
  expect(await teamRow()).toMatchObject({ plan_name: 'free', subscription_status: 'active' });
  await page
    .getByRole('heading', { name: 'Setting up your account...' })
    .waitFor({ state: 'detached', timeout: 30_000 });
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const teamRow = async () => {
  const { data } = await app.stack
    .serviceClient()
    .from('teams')
    .select('plan_name, billing_cycle, subscription_status, api_quota, notion_pages_quota, stripe_customer_id')
    .eq('id', teamId)
    .single()
    .throwOnError();
  return data as Record<string, unknown>;
};

const text = (testId: string) => page.getByTestId(testId).first().textContent();
const planNames = () => page.getByTestId('plan-option').locator('h3').allTextContents();
const priceOf = (plan: string) =>
  page
    .getByTestId('plan-option')
    .filter({ has: page.getByRole('heading', { name: plan }) })
    .getByTestId('plan-price');

async function comparePlans() {
  await page.goto(`${app.appUrl}/account`);
  await page.getByRole('button', { name: 'Compare plans' }).click();
  await page.getByTestId('plan-option').first().waitFor({ timeout: 20_000 });
}

async function pay(card: string) {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiration').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Subscribe' }).click();
}

test('geo-IP says FR: the plans in EUR, yearly by default, by rank, with the most-popular badge', async () => {
  await comparePlans();
  await expect.poll(() => text('plan-name')).toBe('free');
  await expect.poll(() => text('subscription-status')).toBe('Active');
  await expect.poll(() => text('customer-id')).toMatch(/^cus_….{4}$/);
  await expect.poll(planNames).toEqual(['Free', 'Pro', 'Startup', 'Enterprise']);
  const yearly = page.getByRole('radio', { name: 'Yearly -20%' });
  expect(await yearly.getAttribute('aria-checked')).toBe('true');
  // Startup: 19.99 a month, yearly 191.90 → 15.99 a month, shown without decimals.
  await expect.poll(() => priceOf('Startup').textContent()).toBe('€16 / month, billed yearly');
  const startup = page.getByTestId('plan-option').filter({ has: page.getByRole('heading', { name: 'Startup' }) });
  expect(await startup.getByText('Most popular').count()).toBe(1);
  expect(await page.getByText('Current plan').count()).toBe(1);
  // The toggle by keyboard: arrows move between the cycles, Space picks one.
  await yearly.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Space');
  await expect.poll(() => page.getByRole('radio', { name: 'Monthly' }).getAttribute('aria-checked')).toBe('true');
  await expect.poll(() => priceOf('Startup').textContent()).toBe('€20 / month');
  await page.getByRole('radio', { name: 'Yearly -20%' }).click();
  await expect.poll(() => priceOf('Pro').textContent()).toBe('€8 / month, billed yearly');

  // Debug mode's USD/EUR toggle shows the other currency's prices.
  await page.getByRole('button', { name: 'Debug mode' }).click();
  await page.getByRole('radio', { name: 'USD' }).click();
  await expect.poll(() => priceOf('Startup').textContent()).toBe('$16 / month, billed yearly');
  await page.getByRole('radio', { name: 'EUR' }).click();
  await expect.poll(() => priceOf('Startup').textContent()).toBe('€16 / month, billed yearly');

  await page.setViewportSize({ width: NARROWEST_PANEL_PX, height: 800 });
  expect(await pageWidth(page)).toBeLessThanOrEqual(NARROWEST_PANEL_PX);
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Debug mode' }).click();
});

/** Answers a billing function's POST in the browser as the function would fail (its preflight goes through). */
async function failFunction(name: string, status: number, body: unknown) {
  await page.route(`**/functions/v1/${name}`, (route) =>
    route.request().method() === 'OPTIONS'
      ? route.continue()
      : route.fulfill({
          status,
          contentType: 'application/json',
          headers: { 'access-control-allow-origin': app.appUrl },
          body: JSON.stringify(body),
        }),
  );
}

test('§8: a status failure says so, a failed geo-IP lookup shows USD, no plans and a plans failure (Retry) say so', async () => {
  const status = 'stripe-subscription-status';
  const products = 'stripe-products';
  await failFunction(status, 502, {
    error: 'Error getting subscription status: Bad Gateway',
    subscription: null,
    hasActiveSubscription: false,
    quotaInfo: null,
  });
  await failFunction(products, 200, { products: [], _meta: { currency: 'usd', count: 0, priceCount: 0 } });
  app.stack.sandboxes!.geoIp.setFailure(503);
  try {
    await page.goto(`${app.appUrl}/account`);
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toBe('Error getting subscription status: Bad Gateway');
    await expect.poll(() => text('subscription-status')).toBe('Active'); // the team's own status meanwhile
    await page.getByRole('button', { name: 'Compare plans' }).click();
    await expect
      .poll(() => page.locator('.empty-state').textContent())
      .toBe('No subscription plans are currently available. Please try again later.');

    await page.unroute(`**/functions/v1/${products}`);
    await failFunction(products, 502, { error: 'Failed to fetch Stripe products' });
    await page.reload();
    await page.getByRole('button', { name: 'Compare plans' }).click();
    const plans = page.getByRole('region', { name: 'Plans' });
    await expect.poll(() => plans.getByRole('alert').textContent()).toBe('Failed to fetch Stripe products');
    await page.unroute(`**/functions/v1/${products}`);
    await plans.getByRole('button', { name: 'Retry' }).click();
    // No customer currency (the status failed) and no country: USD.
    await expect.poll(() => priceOf('Startup').textContent()).toBe('$16 / month, billed yearly');
  } finally {
    await page.unrouteAll({ behavior: 'wait' });
    app.stack.sandboxes!.geoIp.setFailure(undefined);
  }
});

test('a declined card leaves the free plan and says why', async () => {
  await comparePlans();
  await page.getByRole('button', { name: 'Choose Pro' }).click();
  await page.waitForURL(/\/c\/pay\//, { timeout: 20_000 });
  await page.getByRole('heading', { name: 'Subscribe to Pro' }).waitFor();
  await pay('4000 0000 0000 0002');
  await expect.poll(() => page.getByRole('alert').textContent()).toBe('Your card was declined.');
  await page.getByRole('link', { name: '← Back' }).click();
  await waitForPath(page, '/account?checkout=canceled');
  await expect
    .poll(() => page.getByRole('status').first().textContent())
    .toBe('Checkout canceled. You have not been charged and your plan is unchanged.');
  await waitForPath(page, '/account');
  await expect.poll(() => text('plan-name')).toBe('free');
  expect(await teamRow()).toMatchObject({ plan_name: 'free', subscription_status: 'active' });
});

test('Compare plans → yearly Startup → the hosted checkout → 4242… → the plan, cycle and quotas the webhook wrote', async () => {
  await comparePlans();
  await page.getByRole('button', { name: 'Choose Startup' }).click();
  await page.waitForURL(/\/c\/pay\//, { timeout: 20_000 });
  await page.getByRole('heading', { name: 'Subscribe to Startup' }).waitFor();
  await pay('4242 4242 4242 4242');
  await waitForPath(page, '/account?checkout=success', 30_000);
  expect(await page.evaluate(() => localStorage.getItem('redirectedToStripe'))).toBe('true');
  await expect
    .poll(() => page.getByRole('status').first().textContent())
    .toBe('Payment successful. Your plan is being updated; it shows here in a moment.');
  await waitForPath(page, '/account');

  // The team as the signed webhook wrote it (read from the database)…
  const stripe = app.stack.sandboxes!.stripe;
  await expect
    .poll(teamRow, { timeout: 30_000 })
    .toMatchObject({ plan_name: 'startup', billing_cycle: 'yearly', api_quota: 500, notion_pages_quota: 5000 });
  // The function writes the team before it answers the sandbox: the delivery's 200 comes after.
  await expect
    .poll(() => stripe.deliveries().findLast((d) => d.type === 'checkout.session.completed'))
    .toMatchObject({ delivered: true, lastStatus: 200 });
  // …and on screen, without a reload.
  await expect.poll(() => text('plan-name'), { timeout: 30_000 }).toBe('startup');
  await expect.poll(() => text('billing-cycle')).toBe('Yearly');
  await expect.poll(() => text('subscription-status')).toBe('Active');
  await expect.poll(() => text('payment-method')).toBe('Visa ending in 4242');
  await expect.poll(() => text('plan-renewal')).toMatch(/^Renews on .+ \(\d+ days left\)$/);
  await expect
    .poll(() => page.getByTestId('quota').allTextContents())
    .toEqual(['0 / 500 LinkedIn imports (0%)', '0 / 5000 Notion edits (0%)']);
});

test('Manage Subscription → the portal → cancel at period end → back: Canceling; Back leads to MissingContext', async () => {
  await page.getByRole('button', { name: 'Manage Subscription' }).click();
  await page.waitForURL(/\/p\/session\//, { timeout: 20_000 });
  await page.getByRole('button', { name: 'Cancel plan' }).click();
  await page.getByRole('button', { name: 'Renew plan' }).waitFor({ timeout: 20_000 });
  await page.getByRole('link', { name: '← Return to the app' }).click();
  await waitForPath(page, '/account');
  await expect.poll(() => text('subscription-status'), { timeout: 20_000 }).toBe('Canceling');
  await expect.poll(() => text('plan-renewal')).toMatch(/^Ends on .+ \(\d+ days left\)$/);

  await page.getByRole('button', { name: 'Back' }).click();
  await waitForPath(page, '/missing-context');
  expect(await page.evaluate(() => localStorage.getItem('redirectedToStripe'))).toBeNull();
});

test("the sandbox's clock past the period's end: Stripe ends the plan; the app says Subscription Inactive, /account stays open", async () => {
  const stripe = app.stack.sandboxes!.stripe;
  stripe.advanceClock(370 * 86_400); // past the yearly period the cancel ends with
  await expect.poll(teamRow, { timeout: 30_000 }).toMatchObject({ subscription_status: 'canceled' });
  await expect
    .poll(() => stripe.deliveries().findLast((d) => d.type === 'customer.subscription.deleted'))
    .toMatchObject({ delivered: true, lastStatus: 200 });

  await page.goto(`${app.appUrl}/account`);
  await expect.poll(() => text('subscription-status'), { timeout: 20_000 }).toBe('Canceled');
  const blocker = page.getByRole('alert', { name: 'Subscription Inactive' });
  // One gated screen; the routes the gate guards are in tests/unit/billing-gate-checkout.test.ts.
  await page.goto(`${app.appUrl}/`);
  await blocker.waitFor({ timeout: 15_000 });
  await blocker.getByRole('link', { name: 'Go to your account' }).click();
  await waitForPath(page, '/account');
  await expect.poll(() => text('subscription-status'), { timeout: 20_000 }).toBe('Canceled');
  expect(await blocker.count()).toBe(0);
});
