/**
 * Nobody gets signed in who shouldn't (issue 13 "Must show"), in Chromium against the local
 * stack. The attacker is a real account signed in through the API; its tokens are put in a
 * link the way GoTrue's implicit grant would (`#access_token=…&refresh_token=…[&type=recovery]`)
 * and opened by a victim who is signed out or signed in. Whatever the link says, the browser
 * stays signed out or as it was, and the link's session is revoked at the auth server (a session
 * that reached an address never stays usable). The real reset mail still works end to end; /update-password
 * refuses an ordinary session; the auth server refuses a new password without the current one.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { latestLink } from '../integration/support/auth.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { launchBrowser, type TestBrowser } from './support/browser.ts';
import {
  confirmedUser,
  expectSessionRevoked,
  inboxLink,
  pathOf,
  signInWithForm,
  waitForPath,
} from './support/access.ts';

const NO_RECOVERY_LINK = 'Open this page from the link in your password reset email.';
const NOT_A_RECOVERY_SESSION = 'This page only works from a password reset email.';

let app: TestApp;
let browser: TestBrowser;
let attacker: { email: string; password: string; id: string };
let victim: { email: string; password: string; id: string };

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
  attacker = await confirmedUser(app, 'attacker', 'attacker-pass-1');
  victim = await confirmedUser(app, 'victim', 'victim-pass-1');
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

interface CraftedLink {
  url: string;
  tokens: { access_token: string; refresh_token: string };
}

/** A fresh sign-in of the attacker through the API: the tokens a crafted link would carry. */
async function attackerLink(path: string, type?: string): Promise<CraftedLink> {
  const { data, error } = await app.stack.client().auth.signInWithPassword(attacker);
  if (error) throw error;
  const s = data.session!;
  const fragment = new URLSearchParams({
    access_token: s.access_token,
    expires_at: String(s.expires_at),
    expires_in: String(s.expires_in),
    refresh_token: s.refresh_token,
    token_type: 'bearer',
    ...(type ? { type } : {}),
  });
  return { url: `${app.appUrl}${path}#${fragment}`, tokens: s };
}

/** The user id of the session the app stored in this browser, or null. */
async function storedUserId(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('sb-') && k.endsWith('-auth-token'));
    return key ? ((JSON.parse(localStorage.getItem(key)!) as { user?: { id?: string } }).user?.id ?? null) : null;
  });
}

/** The tokens of the session the app stored in this browser, or null. */
async function storedTokens(page: Page): Promise<{ access_token: string; refresh_token: string } | null> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('sb-') && k.endsWith('-auth-token'));
    return key ? (JSON.parse(localStorage.getItem(key)!) as { access_token: string; refresh_token: string }) : null;
  });
}

/** A page of this browser with nothing stored for the app (the browser is shared by the tests). */
async function signedOutPage(): Promise<Page> {
  const page = await browser.context.newPage();
  await page.goto(`${app.appUrl}/login`);
  await page.evaluate(() => localStorage.clear());
  return page;
}

/** /update-password has made up its mind: a form or a refusal is shown. */
async function updatePasswordSettled(page: Page) {
  await page.locator('main form, main [role="alert"]').first().waitFor();
}

/** The victim signs in through the form; links are then opened in a new tab, as from a mail. */
async function victimSignedIn(): Promise<Page> {
  const page = await signedOutPage();
  await signInWithForm(page, app, victim.email, victim.password);
  await waitForPath(page, '/');
  expect(await storedUserId(page)).toBe(victim.id);
  await page.close();
  return browser.context.newPage();
}

/** The user menu shows the victim's address, not the attacker's. */
async function menuShowsVictim(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  const menu = page.getByRole('menu');
  await expect.poll(() => menu.textContent()).toContain(victim.email);
  expect(await menu.textContent()).not.toContain(attacker.email);
}

describe('a crafted link with another account’s tokens', () => {
  test('signed-out victim, type=recovery, /update-password: still signed out, no form', async () => {
    const page = await signedOutPage();
    const link = await attackerLink('/update-password', 'recovery');
    await page.goto(link.url);
    await updatePasswordSettled(page);
    expect(await storedUserId(page)).toBeNull();
    expect(await page.getByLabel('New password', { exact: true }).count()).toBe(0);
    expect(page.url()).not.toContain('access_token');
    await page.getByText(NO_RECOVERY_LINK).waitFor();
    await page.goto(`${app.appUrl}/`);
    await waitForPath(page, '/login');
    expect(await storedUserId(page)).toBeNull();
    await expectSessionRevoked(app, link.tokens);
    await page.close();
  });

  test('signed-out victim, no type: signed out, on /login', async () => {
    const page = await signedOutPage();
    const link = await attackerLink('/');
    await page.goto(link.url);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(pathOf(page)).toBe('/login');
    expect(page.url()).not.toContain('access_token');
    expect(await storedUserId(page)).toBeNull();
    await expectSessionRevoked(app, link.tokens);
    await page.close();
  });

  test('signed-in victim, no type: still the victim', async () => {
    const page = await victimSignedIn();
    const link = await attackerLink('/notion-settings');
    await page.goto(link.url);
    await menuShowsVictim(page);
    expect(pathOf(page)).toBe('/notion-settings');
    expect(page.url()).not.toContain('access_token');
    expect(await storedUserId(page)).toBe(victim.id);
    await expectSessionRevoked(app, link.tokens);
    await page.close();
  });

  test('signed-in victim, type=recovery: still the victim, and /update-password refuses', async () => {
    const page = await victimSignedIn();
    const link = await attackerLink('/update-password', 'recovery');
    await page.goto(link.url);
    await updatePasswordSettled(page);
    expect(await storedUserId(page)).toBe(victim.id);
    expect(await page.getByLabel('New password', { exact: true }).count()).toBe(0);
    await page.getByText(NOT_A_RECOVERY_SESSION).waitFor();
    await page.goto(`${app.appUrl}/notion-settings`);
    await menuShowsVictim(page);
    expect(await storedUserId(page)).toBe(victim.id);
    await expectSessionRevoked(app, link.tokens);
    await page.close();
  });

  test("the attacker's own real reset link, opened by a signed-in victim: asked to log out first", async () => {
    await app.stack.client().auth.resetPasswordForEmail(attacker.email, {
      redirectTo: `${app.appUrl}/update-password`,
    });
    const page = await victimSignedIn();
    await page.goto(await latestLink(app.stack, attacker.email));
    await page.getByText(`You are signed in as ${victim.email}. Log out to use this password reset link.`).waitFor();
    expect(await storedUserId(page)).toBe(victim.id);
    await page.close();
  });

  test('a recovery session is good for /update-password alone', async () => {
    await app.stack.client().auth.resetPasswordForEmail(attacker.email, {
      redirectTo: `${app.appUrl}/update-password`,
    });
    const page = await signedOutPage();
    await page.goto(await latestLink(app.stack, attacker.email));
    await expect.poll(() => page.getByTestId('recovery-email').textContent()).toBe(attacker.email);
    expect(pathOf(page)).toBe('/update-password'); // the token hash left the address
    await page.goto(`${app.appUrl}/notion-settings`);
    await waitForPath(page, '/login');
    await page.close();
  });

  test.each(['in the app', 'by a reload elsewhere', 'in a new tab'] as const)(
    'a recovery session left without submitting (%s) is signed out and revoked',
    async (leave) => {
      const user = await confirmedUser(app, 'wanderer');
      await app.stack.client().auth.resetPasswordForEmail(user.email, {
        redirectTo: `${app.appUrl}/update-password`,
      });
      const page = await signedOutPage();
      await page.goto(await inboxLink(app, user.email));
      await expect.poll(() => page.getByTestId('recovery-email').textContent()).toBe(user.email);
      const recovery = await storedTokens(page);
      expect(recovery).not.toBeNull();
      let other: Page | undefined;
      if (leave === 'in the app') {
        // A client-side navigation, as the router makes it: the same document, no reload.
        await page.evaluate(() => {
          history.pushState(null, '', '/reset-password');
          dispatchEvent(new PopStateEvent('popstate'));
        });
        await page.getByRole('button', { name: 'Send reset link' }).waitFor();
      } else if (leave === 'by a reload elsewhere') {
        await page.goto(`${app.appUrl}/reset-password`);
      } else {
        // The new tab signs the recovery session out (the auth server's answer, then storage): it
        // stays open until that is done — closed as soon as it showed /login, its sign-out could
        // be cut off before the session left storage.
        other = await browser.context.newPage();
        await other.goto(`${app.appUrl}/`);
        await waitForPath(other, '/login');
      }
      await expect.poll(() => storedTokens(page)).toBeNull();
      await expectSessionRevoked(app, recovery!);
      await other?.close();
      await page.close();
    },
  );
});

test('/update-password with an ordinary session refuses', async () => {
  const page = await victimSignedIn();
  await page.goto(`${app.appUrl}/update-password`);
  await updatePasswordSettled(page);
  expect(await page.getByLabel('New password', { exact: true }).count()).toBe(0);
  await page.getByText(NOT_A_RECOVERY_SESSION).waitFor();
  await page.close();
});

test('PUT /auth/v1/user with a new password and no current one, from an ordinary session, is refused', async () => {
  const { data } = await app.stack.client().auth.signInWithPassword(victim);
  const response = await fetch(`${app.stack.apiUrl}/auth/v1/user`, {
    method: 'PUT',
    headers: {
      apikey: app.stack.anonKey,
      authorization: `Bearer ${data.session!.access_token}`,
      'content-type': 'application/json',
      'x-supabase-api-version': '2024-01-01',
    },
    body: JSON.stringify({ password: 'taken-over-1' }),
  });
  expect(response.status).toBe(400);
  expect(await response.json()).toMatchObject({ code: 'current_password_required' });
  expect((await app.stack.client().auth.signInWithPassword(victim)).error).toBeNull();
});

test('the real reset mail works end to end, and ends every session', async () => {
  const user = await confirmedUser(app, 'resetter', 'before-reset-1');
  const elsewhere = app.stack.client();
  expect((await elsewhere.auth.signInWithPassword(user)).error).toBeNull();

  const page = await signedOutPage();
  await page.goto(`${app.appUrl}/reset-password`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await page.getByText('A password reset email has been sent to your email address.').waitFor();

  await page.goto(await inboxLink(app, user.email));
  await expect.poll(() => page.getByTestId('recovery-email').textContent()).toBe(user.email);
  await page.getByLabel('New password', { exact: true }).fill('after-reset-2');
  await page.getByLabel('Confirm new password').fill('after-reset-2');
  await page.getByRole('button', { name: 'Update password' }).click();
  await page.getByText('Your password has been successfully updated.').waitFor();
  await waitForPath(page, '/login');
  // The recovery session did not linger, and the other device was signed out.
  expect(await storedUserId(page)).toBeNull();
  expect((await elsewhere.auth.refreshSession()).error?.message).toMatch(/Invalid Refresh Token/);

  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill('before-reset-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('alert').getByText('Invalid login credentials').waitFor();
  await signInWithForm(page, app, user.email, 'after-reset-2');
  await waitForPath(page, '/');
  expect(await storedUserId(page)).toBe(user.id);
  await page.close();
});
