/**
 * Page steps shared by the access and profile browser tests: the app under test with its
 * stack, a confirmed user, sign-in through the form, the local inbox, and whether a session
 * that came in a URL was revoked.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { latestLink, uniqueEmail } from '../../integration/support/auth.ts';
import type { TestApp } from './app.ts';

export { uniqueEmail };

export async function confirmedUser(app: TestApp, prefix: string, password = 'first-pass-1') {
  const email = uniqueEmail(prefix);
  const { data, error } = await app.stack
    .serviceClient()
    .auth.admin.createUser({ email, password, email_confirm: true });
  if (error) throw error;
  return { email, password, id: data.user.id };
}

/** The single link of the newest mail to `email`, once it has arrived. */
export async function inboxLink(app: TestApp, email: string): Promise<string> {
  for (let waited = 0; waited < 10_000; waited += 200) {
    const link = await latestLink(app.stack, email).catch(() => '');
    if (link) return link;
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`no mail to ${email}`);
}

export const pathOf = (page: Page) => new URL(page.url()).pathname + new URL(page.url()).search;

export async function waitForPath(page: Page, path: string, timeout = 20_000) {
  await page.waitForURL((url) => url.pathname + url.search === path, { timeout, waitUntil: 'commit' });
}

export async function signInWithForm(page: Page, app: TestApp, email: string, password: string) {
  await page.goto(`${app.appUrl}/login`);
  await submitLogin(page, email, password);
}

/** Fills and submits the login form already on the page. */
export async function submitLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The text of the first alert on the page (an error message), once one shows. */
export async function alertText(page: Page): Promise<string> {
  const alert = page.getByRole('alert').first();
  await alert.waitFor({ timeout: 10_000 });
  return (await alert.textContent()) ?? '';
}

/**
 * The auth server has ended the session of these tokens (taken from a URL): its access token
 * is refused by GET /auth/v1/user (polled: the app revokes fire-and-forget), then its refresh
 * token by `grant_type=refresh_token`. The access token is checked first: trying the refresh
 * token while the session still lived would rotate it and end it by the test's own hand.
 */
export async function expectSessionRevoked(app: TestApp, tokens: { access_token: string; refresh_token: string }) {
  const { apiUrl, anonKey } = app.stack;
  const user = () =>
    fetch(`${apiUrl}/auth/v1/user`, { headers: { apikey: anonKey, authorization: `Bearer ${tokens.access_token}` } });
  await expect.poll(async () => (await user()).ok, { timeout: 5_000 }).toBe(false);
  const refreshed = await fetch(`${apiUrl}/auth/v1/token?grant_type=refresh_token`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ refresh_token: tokens.refresh_token }),
  });
  expect(refreshed.status).toBe(400);
}
