/**
 * A newcomer's whole path in Chromium (issue 3 "Must show"): register → confirm through the
 * inbox link (its URL session dropped and revoked) → sign in → edit names (kept after a reload) → upload an avatar (stored as a
 * 200×200 image) → change password → sign out → sign in with the new password.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, type TestBrowser } from './support/browser.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import {
  expectSessionRevoked,
  inboxLink,
  pathOf,
  signInWithForm,
  submitLogin,
  uniqueEmail,
  waitForPath,
} from './support/access.ts';
import { decodePng, encodePng } from './support/png.ts';

let app: TestApp;
let browser: TestBrowser;

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const email = uniqueEmail('newcomer');
const firstPassword = 'first-pass-1';
const newPassword = 'second-pass-2';

// The notice's 8 s (then the query dropped) is a timer rule: tests/unit/access-timers.test.ts and
// tests/unit/access-rules.test.ts (withoutQueryParam). Here the notice shows once.
test('register, see the thank-you, then the verification notice', async () => {
  const page = await browser.context.newPage();
  await page.goto(`${app.appUrl}/register`);
  await expect.poll(() => page.locator('header').count()).toBe(0);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(firstPassword);
  await page.getByLabel('Confirm password').fill(firstPassword);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByText('Thank you for registering! Please check your email to confirm your account.').waitFor();
  const thanked = Date.now();

  await waitForPath(page, '/login?registered=success');
  expect(Date.now() - thanked).toBeGreaterThanOrEqual(2_500);
  const notice = page.getByTestId('registered-notice');
  await expect.poll(() => notice.textContent()).toContain('A verification email has been sent');
  await page.close();
});

test('the confirmation link confirms the address, says so, but does not sign in (no session marker)', async () => {
  const page = await browser.context.newPage();
  const link = await inboxLink(app, email);
  // The auth server's redirect puts a live session in the fragment, as hosted GoTrue does.
  const redirect = page.waitForResponse((response) => response.url().includes('/auth/v1/verify'));
  await page.goto(link);
  const location = new URL((await redirect).headers().location);
  const urlSession = new URLSearchParams(location.hash.slice(1));
  expect(location.pathname).toBe('/auth/callback');
  // /auth/callback hands over to the sign-in form, which says the address is confirmed.
  await waitForPath(page, '/login?confirmed=true');
  await expect
    .poll(() => page.getByTestId('confirmed-notice').textContent())
    .toBe('Your e-mail address is confirmed. You can sign in now.');
  await expect.poll(() => page.locator('h1').textContent()).toBe('Sign in');
  expect(page.url()).not.toContain('access_token');
  const stored = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('sb-')));
  expect(stored).toEqual([]);
  // The app dropped that session and revoked it: it is of no use to anyone who saw the address.
  await expectSessionRevoked(app, {
    access_token: urlSession.get('access_token')!,
    refresh_token: urlSession.get('refresh_token')!,
  });

  // Signing in on that same page works: the refusal does not outlive the link.
  await submitLogin(page, email, firstPassword);
  // The entry guard sends a user without an active setting to the settings list.
  await waitForPath(page, '/notion-settings');
  await page.getByText('Create your first setting!').waitFor();
  await page.close();
});

test('signed in: /login goes to /; names and company each saved on blur, kept after a reload', async () => {
  const page = await browser.context.newPage();
  await page.goto(`${app.appUrl}/login`);
  await waitForPath(page, '/'); // a signed-in visit to /login goes to /

  await page.goto(`${app.appUrl}/profile`);
  await expect.poll(() => page.getByRole('button', { name: '← Back' }).count()).toBe(1);
  await expect.poll(() => page.getByTestId('avatar-initial').textContent()).toBe(email[0].toUpperCase());
  await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(email);
  await expect.poll(() => page.getByLabel('Email').getAttribute('readonly')).not.toBeNull();
  for (const [label, value] of [
    ['First name', 'Ada'],
    ['Last name', 'Lovelace'],
    ['Company', 'Analytical Engines'],
  ]) {
    await page.getByLabel(label).fill(value);
    await page.getByLabel(label).blur();
    const status = page.locator('.field', { has: page.getByLabel(label) }).locator('[data-status]');
    await expect.poll(() => status.getAttribute('data-status')).toBe('success');
    await expect.poll(() => status.getAttribute('data-status')).toBe('idle');
  }
  await expect.poll(() => page.getByTestId('avatar-initial').textContent()).toBe('A');
  await page.reload();
  await expect.poll(() => page.getByLabel('First name').inputValue()).toBe('Ada');
  await expect.poll(() => page.getByLabel('Last name').inputValue()).toBe('Lovelace');
  await expect.poll(() => page.getByLabel('Company').inputValue()).toBe('Analytical Engines');
  await expect.poll(() => page.getByTestId('avatar-initial').textContent()).toBe('A');
  await page.close();
});

test('upload an avatar: stored as public/<user id>.png, the centred square at 200×200; then delete it', async () => {
  const page = await browser.context.newPage();
  await page.goto(`${app.appUrl}/profile`);
  await page.getByLabel('Avatar file').setInputFiles({
    name: 'portrait.png',
    mimeType: 'image/png',
    // Three bands, red | green | blue: the centred square of a 360×120 picture is the green one.
    buffer: encodePng(360, 120, (x) => (x < 120 ? [255, 0, 0] : x < 240 ? [0, 255, 0] : [0, 0, 255])),
  });
  // 'Avatar updated!' shows; its 3 s are a timer rule (tests/unit/access-timers.test.ts).
  await page.getByText('Avatar updated!').waitFor();
  const src = (await page.getByRole('img', { name: 'Avatar' }).getAttribute('src')) ?? '';
  const { data } = await app.stack.serviceClient().auth.admin.listUsers();
  const userId = data.users.find((u) => u.email === email)!.id;
  expect(src).toMatch(new RegExp(`/storage/v1/object/public/avatars/public/${userId}\\.png\\?t=\\d+$`));

  const stored = await fetch(src);
  expect(stored.status).toBe(200);
  expect(stored.headers.get('content-type')).toBe('image/png');
  const avatar = decodePng(Buffer.from(await stored.arrayBuffer()));
  expect([avatar.width, avatar.height]).toEqual([200, 200]);
  for (const [x, y] of [
    [2, 2],
    [100, 100],
    [197, 2],
    [2, 197],
    [197, 197],
  ]) {
    const [r, g, b] = avatar.rgb(x, y);
    expect({ x, y, green: r < 40 && g > 215 && b < 40 }).toEqual({ x, y, green: true });
  }

  await page.reload();
  await expect.poll(() => page.getByRole('img', { name: 'Avatar' }).getAttribute('src')).toContain(`${userId}.png?t=`);
  await page.getByRole('button', { name: 'Delete avatar' }).click();
  await page.getByTestId('avatar-initial').waitFor();
  expect((await fetch(src.split('?')[0])).status).toBe(400);
  await page.close();
});

test('change the password, sign out, sign in with the new one', async () => {
  const page = await browser.context.newPage();
  await page.goto(`${app.appUrl}/profile`);
  const button = page.getByRole('button', { name: 'Change password' });
  await page.getByLabel('Current password').fill(firstPassword);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await expect.poll(() => button.isDisabled()).toBe(true);
  await page
    .getByText('Please check that your new password is at least 6 characters and matches the confirmation.')
    .waitFor();
  await page.getByLabel('Confirm new password').fill(newPassword);
  await expect.poll(() => button.isDisabled()).toBe(false);
  await button.click();
  // The function's first call starts its Deno worker (and may fetch its npm imports).
  const result = page.locator('.change-password .notice');
  await result.waitFor({ timeout: 50_000 });
  await expect.poll(() => result.textContent()).toBe('Password updated successfully');

  await page.getByRole('button', { name: 'User menu' }).click();
  const menu = page.getByRole('menu');
  await expect.poll(() => menu.textContent()).toContain(email);
  for (const item of ['Notion Settings', 'Account', 'Profile', 'Log out']) {
    await expect.poll(() => menu.getByRole('menuitem', { name: item }).count()).toBe(1);
  }
  const reloaded = page.waitForEvent('load'); // sign-out goes to /login, then reloads
  await menu.getByRole('menuitem', { name: 'Log out' }).click();
  await reloaded;
  expect(pathOf(page)).toBe('/login');
  const stored = await page.evaluate(() =>
    Object.keys(localStorage).filter((k) => k.startsWith('sb-') || k === 'supabase_session_exists'),
  );
  expect(stored).toEqual([]);

  await signInWithForm(page, app, email, firstPassword);
  await page.getByRole('alert').getByText('Invalid login credentials').waitFor();
  await signInWithForm(page, app, email, newPassword);
  await waitForPath(page, '/');
  expect(pathOf(page)).toBe('/');
  await page.close();
});
