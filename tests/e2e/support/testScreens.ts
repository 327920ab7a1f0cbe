/**
 * The test screens (issue 20) as their browser tests reach them: open a screen by path and wait
 * for its heading, the profile URL field, a fact of a result card by its term, and a stubbed
 * answer of an edge function (its CORS preflight still goes through).
 */
import type { Page } from 'playwright-core';
import type { TestApp } from './app.ts';

/** The edge function the two LinkedIn test screens call. */
export const PROFILE_FUNCTION = '**/functions/v1/get-profile-data-by-url**';

/** The screens of the tab `page()` shows, on `app()` (getters: the tests start both in beforeAll). */
export function testScreens(page: () => Page, app: () => TestApp) {
  return {
    async open(path: string, heading: string) {
      await page().goto(`${app().appUrl}${path}`);
      await page().getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 15_000 });
    },
    urlField: () => page().getByRole('textbox', { name: 'LinkedIn profile URL' }),
    fact: (card: string, name: string) =>
      page()
        .getByRole('region', { name: card })
        .locator('div', { has: page().locator('dt', { hasText: name }) })
        .locator('dd'),
    /** The edge function at `pattern` answers 200 with `body`. */
    answerFunction: (pattern: string, body: unknown) =>
      page().route(pattern, (route) =>
        route.request().method() === 'OPTIONS'
          ? route.continue()
          : route.fulfill({
              status: 200,
              contentType: 'application/json',
              headers: { 'access-control-allow-origin': app().appUrl },
              body: JSON.stringify(body),
            }),
      ),
  };
}
