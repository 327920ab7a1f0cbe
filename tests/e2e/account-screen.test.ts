/**
 * /account in Chromium against the stack: reached from the user menu, it shows the team's plan
 * and subscription status, this month's two quotas (used / total, percent, bar level) and the
 * renewal line. The labels of the other statuses ('Past Due' for a lapsed one, …) are unit tests:
 * tests/unit/account-figures.test.ts and tests/unit/billing-plan-card.test.ts.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { TestApp } from './support/app.ts';
import { openAppPage } from './support/appPage.ts';
import { waitForPath } from './support/access.ts';
import { newSignedInUser, profileOf } from './support/settings.ts';

let app: TestApp;
let page: Page;
let close: () => Promise<void>;
let authId: string;

beforeAll(async () => {
  ({ app, page, close } = await openAppPage());
  authId = (await newSignedInUser(page, app, 'account')).id;
});

afterAll(() => close?.());

const quotaTexts = () => page.getByTestId('quota').allTextContents();

test('the user menu leads to the plan card, two quota bars and the renewal line', async () => {
  const service = app.stack.serviceClient();
  // Two Notion page views this month, counted as the user's own calls would be.
  for (let i = 0; i < 2; i++) {
    await service.rpc('check_and_increment_notion_quota', { user_auth_id: authId }).throwOnError();
  }
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Account' }).click();
  await waitForPath(page, '/account');
  const plan = page.getByRole('region', { name: 'Plan' });
  await expect.poll(() => plan.getByRole('heading').textContent()).toBe('free');
  await expect.poll(() => page.getByTestId('subscription-status').textContent()).toBe('Active');

  const { data: team } = await service
    .from('teams')
    .select('api_quota, notion_pages_quota')
    .eq('id', (await profileOf(app, authId)).active_team_id!)
    .single()
    .throwOnError();
  const notionPercent = Math.round((2 / team!.notion_pages_quota!) * 100);
  await expect
    .poll(quotaTexts)
    .toEqual([
      `0 / ${team!.api_quota} LinkedIn imports (0%)`,
      `2 / ${team!.notion_pages_quota} Notion edits (${notionPercent}%)`,
    ]);
  await expect
    .poll(() => page.getByRole('progressbar', { name: 'Notion edits' }).getAttribute('data-level'))
    .toBe('normal');
  await expect.poll(() => page.getByTestId('quota-renewal').textContent()).toMatch(/^Quotas renew on .+\.$/);
});
