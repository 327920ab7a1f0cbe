/**
 * Touch targets of the signed-out screens (WCAG 2.2 2.5.8, axe-core's `target-size`, the audit
 * Lighthouse's accessibility score counts — issue 30 found "Forgot your password?" too small on
 * /login): every link and button is at least 24 × 24 px or far enough from its neighbours, at the
 * narrowest side panel and on a desktop width.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { NARROWEST_PANEL_PX } from './support/a11y.ts';
import type { TestApp } from './support/app.ts';
import { openAppPage } from './support/appPage.ts';

let app: TestApp;
let page: Page;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, page, close } = await openAppPage());
});
afterAll(() => close?.());

const tooSmall = async () => {
  const { violations } = await new AxeBuilder({ page }).withRules(['target-size']).analyze();
  return violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')));
};

test.each([
  ['/login', 'Sign in'],
  ['/register', 'Create an account'],
  ['/reset-password', 'Reset your password'],
])('%s: no target under 24 px', async (path, heading) => {
  for (const width of [NARROWEST_PANEL_PX, 1280]) {
    await page.setViewportSize({ width, height: 720 });
    await page.goto(`${app.appUrl}${path}`);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    expect(await tooSmall(), `${path} at ${width} px`).toEqual([]);
  }
});
