/**
 * The four test screens (issue 20, spec 2 §2, §7, §8, §9) in Chromium at the narrowest panel,
 * against the sandboxes: /linkedin-api-test (the spec's texts, never the browser's own for a
 * URL without https://, 'Fetching...', Enter submits,
 * the simplified card, the raw JSON toggle), /linkedin-api-security-test (config diagnostics,
 * success and error previews, the 1-API-call note, the api_usage table of the last 10 calls
 * with refresh, and 'Could not fetch API usage data. Please try again.' when the read fails),
 * /number-format-test (the setting database's number properties in their formats, the JSON,
 * run again, the failure text and Retry; without a setting that reaches Notion, 'Missing
 * setting information or Notion API key' is a unit test: tests/unit/test-screens-rules.test.ts)
 * and /stripe-test (the products with their badge, features and prices, the raw toggle, the
 * sample plans 9.99 / 19.99 / 49.99, the simulated states). axe finds nothing serious in either theme, nothing scrolls sideways.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { expectAccessibleInBothThemes, NARROWEST_PANEL_PX } from './support/a11y.ts';
import type { TestApp } from './support/app.ts';
import { openAppPage } from './support/appPage.ts';
import { capturingUser } from './support/capture.ts';
import { grantDebugMode } from './support/debugGrant.ts';
import { PROFILE_FUNCTION, testScreens } from './support/testScreens.ts';

let app: TestApp;
let page: Page;
let close: () => Promise<void>;
let userId: string;

beforeAll(async () => {
  ({ app, page, close } = await openAppPage({ sandboxes: true }, { serviceWorkers: 'block' })); // it routes the app's requests
  await page.setViewportSize({ width: NARROWEST_PANEL_PX, height: 720 });
  userId = (await capturingUser(page, app, 'test-screens')).id;
  await grantDebugMode(app, userId); // the test screens are for users granted debug mode (issue 20)
}, 120_000);

afterAll(() => close?.());

const { open, urlField, fact, answerFunction } = testScreens(
  () => page,
  () => app,
);

test('/linkedin-api-test: the spec texts, Enter submits, the simplified card and the raw JSON', async () => {
  await open('/linkedin-api-test', 'LinkedIn API test');
  expect(await urlField().inputValue()).toBe('https://www.linkedin.com/in/ada-lovelace/');

  await urlField().fill('');
  await page.getByRole('button', { name: 'Fetch Profile' }).click();
  await expect.poll(() => page.getByRole('alert').textContent()).toBe('Please enter a LinkedIn profile URL');
  // the app judges the URL, not the browser: one without https:// is sent, and no profile gets the spec's text
  await urlField().fill('linkedin.com/company/analytical-engines');
  await urlField().press('Enter');
  await expect
    .poll(() => page.getByRole('alert').textContent())
    .toBe("This doesn't appear to be a LinkedIn profile URL.");

  // The function answers slowly: the button says so while it waits.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(PROFILE_FUNCTION, async (route) => {
    await held;
    await route.continue();
  });
  await urlField().fill('https://www.linkedin.com/in/ada-lovelace/');
  await urlField().press('Enter');
  await page.getByRole('button', { name: 'Fetching...' }).waitFor();
  release();
  await fact('Profile', 'Full name').filter({ hasText: 'Ada Lovelace' }).waitFor();
  await page.unroute(PROFILE_FUNCTION);
  expect(await fact('Profile', 'Headline').textContent()).toBe('Head of Analytics at Analytical Engines Ltd');
  expect(await fact('Profile', 'Location').textContent()).toBe('London, United Kingdom');
  expect(await fact('Profile', 'Company').textContent()).toBe('Analytical Engines Ltd');
  expect(await fact('Profile', 'Education').textContent()).toBe('University of London');
  expect(await fact('Profile', 'Summary').textContent()).toContain('Poetical scientist.');
  expect(await page.getByRole('button', { name: 'Fetch Profile' }).isVisible()).toBe(true);

  const toggle = page.getByRole('button', { name: 'Show raw JSON' });
  expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  await toggle.focus();
  await toggle.press('Enter');
  const hide = page.getByRole('button', { name: 'Hide raw JSON' });
  expect(await hide.getAttribute('aria-expanded')).toBe('true');
  const raw = JSON.parse((await page.locator('pre.test-json').textContent()) ?? '') as { firstName: string };
  expect(raw.firstName).toBe('Ada');
  await expectAccessibleInBothThemes(page, '/linkedin-api-test with a result');

  await urlField().fill('https://www.linkedin.com/in/nobody-known-here/');
  await urlField().press('Enter');
  await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/^Error: /);

  // The function answers 200 with no profile in it (JSON null): the screen's own text.
  await answerFunction(PROFILE_FUNCTION, null);
  await urlField().fill('https://www.linkedin.com/in/ada-lovelace/');
  await urlField().press('Enter');
  await expect.poll(() => page.getByRole('alert').textContent()).toBe('Failed to retrieve profile data');
  expect(await page.getByRole('region', { name: 'Profile' }).count()).toBe(0);
  await page.unroute(PROFILE_FUNCTION);
});

const usageRows = () => page.getByTestId('api-usage-row');
const usageCells = (index: number) => usageRows().nth(index).locator('td').allTextContents();

test('/linkedin-api-security-test: diagnostics, previews, the 1-call note and the last 10 api_usage rows', async () => {
  await open('/linkedin-api-security-test', 'LinkedIn API security test');
  expect(await fact('Configuration diagnostics', 'Edge function').textContent()).toBe('get-profile-data-by-url');
  expect(await fact('Configuration diagnostics', 'Session').textContent()).toBe('present, sent as bearer');
  expect(await fact('Configuration diagnostics', 'Backend URL').textContent()).toBe(`set (${app.stack.apiUrl})`);
  // The two calls of the first test: Ada (success), then an unknown profile (failed); the empty field made none.
  await expect.poll(() => usageRows().count()).toBe(2);
  expect((await usageCells(0))[2]).toBe('Failed');
  expect((await usageCells(1))[2]).toBe('Success');
  expect(await page.getByText('This test used 1 API call.').count()).toBe(0);

  await page.getByRole('button', { name: 'Test Edge Function' }).click();
  await fact('Preview', 'First name').filter({ hasText: 'Ada' }).waitFor();
  expect(await fact('Preview', 'Last name').textContent()).toBe('Lovelace');
  expect(await fact('Preview', 'Headline').textContent()).toBe('Head of Analytics at Analytical Engines Ltd');
  expect(await fact('Preview', 'Location').textContent()).toBe('London, United Kingdom');
  expect(await fact('Preview', 'Current company').textContent()).toBe('Analytical Engines Ltd');
  await page.getByText('This test used 1 API call.').waitFor();
  await expect.poll(() => usageRows().count()).toBe(3);
  const [date, endpoint, status] = await usageCells(0);
  expect(date).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4} \d{2}:\d{2}$/);
  expect(endpoint).toBe('get-profile-data-by-url');
  expect(status).toBe('Success');

  await urlField().fill('https://www.linkedin.com/in/nobody-known-here/');
  await urlField().press('Enter');
  await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/^Error: /);
  await fact('Request', 'URL').filter({ hasText: 'nobody-known-here' }).waitFor();
  await expect.poll(() => usageCells(0).then((cells) => cells[2])).toBe('Failed');
  // the provider answered (no such profile): that was a call
  expect(await page.getByText('This test used 1 API call.').count()).toBe(1);
  await expectAccessibleInBothThemes(page, '/linkedin-api-security-test after a failed call');

  // a URL that is no profile (typed without https://: the app judges it, not the browser) is refused before
  // the provider: no call, no note, no row
  await urlField().fill('linkedin.com/company/analytical-engines');
  await urlField().press('Enter');
  await fact('Request', 'URL').filter({ hasText: 'company/analytical-engines' }).waitFor();
  await expect.poll(() => page.getByText('This test used 1 API call.').count()).toBe(0);
  await expect
    .poll(() => page.getByRole('alert').textContent())
    .toBe("This doesn't appear to be a LinkedIn profile URL.");
  expect(await usageRows().count()).toBe(4);

  // Twelve more rows: the table shows the latest 10, after Refresh.
  const service = app.stack.serviceClient();
  const later = Date.now() + 60_000;
  const rows = Array.from({ length: 12 }, (_, i) => ({
    auth_user_id: userId,
    endpoint: `seeded-${i}`,
    successful: i % 2 === 0,
    created_at: new Date(later + i * 1000).toISOString(),
  }));
  const inserted = await service.from('api_usage').insert(rows);
  expect(inserted.error).toBeNull();
  const refresh = page.getByRole('button', { name: 'Refresh' });
  await refresh.focus();
  await refresh.press('Enter');
  await expect.poll(() => usageCells(0).then((cells) => cells[1])).toBe('seeded-11');
  expect(await usageRows().count()).toBe(10);
  expect((await usageRows().nth(9).locator('td').allTextContents())[1]).toBe('seeded-2');

  // The read fails: the spec's text, then Refresh brings the table back.
  await page.route('**/rest/v1/api_usage**', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' }),
  );
  await refresh.click();
  await expect
    .poll(() => page.getByRole('alert').filter({ hasText: 'API usage' }).textContent())
    .toBe('Could not fetch API usage data. Please try again.');
  expect(await usageRows().count()).toBe(0);
  await page.unroute('**/rest/v1/api_usage**');
  await refresh.click();
  await expect.poll(() => usageRows().count()).toBe(10);
});

const formatRow = (name: string) =>
  page.getByTestId('number-format-row').filter({ has: page.getByRole('rowheader', { name }) });

test('/number-format-test: the number properties in their formats, the JSON, run again, the failure and Retry', async () => {
  await open('/number-format-test', 'Number format test');
  await formatRow('Deal size').waitFor({ timeout: 15_000 });
  expect(await formatRow('Deal size').locator('td').allTextContents()).toEqual(['dollar', '$1,234.50']);
  expect(await formatRow('Score').locator('td').allTextContents()).toEqual(['number', '1,234.5']);
  const json = JSON.parse((await page.getByLabel('Database properties as JSON').textContent()) ?? '') as {
    name: string;
  }[];
  expect(json.map((property) => property.name)).toContain('Deal size');
  await expectAccessibleInBothThemes(page, '/number-format-test');

  await page.route('**/api/notion/v1/data_sources/**', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ object: 'error', status: 503, code: 'service_unavailable', message: 'Notion is down.' }),
    }),
  );
  await page.getByRole('button', { name: 'Run again' }).click();
  await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/^Error testing number format: .+/);
  await page.unroute('**/api/notion/v1/data_sources/**');
  await page.getByRole('button', { name: 'Retry' }).click();
  await formatRow('Deal size').waitFor();
});

const outcome = (name: string) =>
  page
    .getByTestId('simulated-outcome')
    .locator('div', { has: page.locator('dt', { hasText: name }) })
    .locator('dd');

test('/stripe-test: products, badge, features, prices, raw data, sample plans and simulated states', async () => {
  await open('/stripe-test', 'Stripe test');
  const cards = page.getByTestId('product-card');
  await cards.first().waitFor({ timeout: 15_000 });
  expect(await cards.locator('h3').allTextContents()).toEqual(['Free', 'Pro', 'Startup', 'Enterprise']);
  const startup = cards.filter({ has: page.getByRole('heading', { name: 'Startup' }) });
  expect(await startup.getByText('Most popular').count()).toBe(1);
  expect(await cards.getByText('Most popular').count()).toBe(1);
  expect(await startup.getByText('For a small sales team.').count()).toBe(1);
  expect(await startup.getByRole('list', { name: 'Startup features' }).locator('li').allTextContents()).toEqual([
    '500 LinkedIn imports per month',
    '5,000 Notion page views per month',
    'Priority support',
  ]);
  const prices = await startup.getByRole('list', { name: 'Startup prices' }).locator('li').allTextContents();
  expect(prices).toContain('$19.99 / month');
  expect(prices).toContain('$191.90 / year');

  await page.getByRole('button', { name: 'Show raw data' }).click();
  const raw = JSON.parse((await page.locator('pre.test-json').textContent()) ?? '') as { name: string }[];
  expect(raw.map((product) => product.name)).toEqual(['Free', 'Pro', 'Startup', 'Enterprise']);

  expect(await page.getByTestId('sample-plan').allTextContents()).toEqual([
    'Starter$9.99 / month',
    'Pro$19.99 / month',
    'Enterprise$49.99 / month',
  ]);

  const facts = async () => [
    await outcome('Status').textContent(),
    await outcome('Active subscription').textContent(),
    await outcome('Account page offers').textContent(),
  ];
  expect(await page.getByRole('radio', { name: 'active' }).isChecked()).toBe(true);
  expect(await facts()).toEqual(['Active', 'Yes', 'Manage Subscription']);
  await page.getByRole('radio', { name: 'active' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => page.getByRole('radio', { name: 'trial' }).isChecked()).toBe(true);
  expect(await facts()).toEqual(['Trial', 'Yes', 'Manage Subscription']);
  await page.keyboard.press('ArrowDown');
  await expect.poll(facts).toEqual(['Canceled', 'No', 'Compare plans']);
  await page.keyboard.press('ArrowDown');
  await expect.poll(facts).toEqual(['No subscription', 'No', 'Compare plans']);
  await expectAccessibleInBothThemes(page, '/stripe-test');

  // 'Failed to load products: {message}' when the function refuses.
  await page.route('**/functions/v1/stripe-products', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Stripe is down"}' }),
  );
  await page.reload();
  await expect.poll(() => page.getByRole('alert').textContent()).toBe('Failed to load products: Stripe is down');
  await page.unroute('**/functions/v1/stripe-products');
  await page.getByRole('button', { name: 'Retry' }).click();
  await cards.first().waitFor();

  // 'No products found...' when the catalogue is empty.
  await answerFunction('**/functions/v1/stripe-products', {
    products: [],
    _meta: { currency: 'usd', count: 0, priceCount: 0 },
  });
  await page.reload();
  await page.getByText('No products found.', { exact: true }).waitFor();
  expect(await cards.count()).toBe(0);
  await page.unroute('**/functions/v1/stripe-products');
});
