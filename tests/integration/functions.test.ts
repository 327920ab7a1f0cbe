/**
 * The change-password edge function through the whole local stack, as the profile screen
 * calls it: `supabase.functions.invoke('change-password', …)` from a signed-in supabase-js
 * client, the gateway's relay (verify_jwt, CORS preflight), the function in Deno, and the auth
 * service it calls back (getUser, the password check, the caller's own password update with
 * `current_password`). The function checks the current password itself, so it is also run
 * against an auth server that does not require it (a hosted project's default).
 */
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signJwt } from '../../supabase/local/jwt.ts';
import { denoChildrenRunning } from './support/functions-harness.ts';
import { startTestStack, type TestStack } from './support/stack.ts';

// Share Deno's npm cache with `npm start` (.local/deno) instead of each stack's temp folder.
process.env.DENO_DIR ??= resolve('.local/deno');

const APP_ORIGIN = 'http://localhost:5173';
const OLD_PASSWORD = 'old-password-1';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack?.stop());

const functionUrl = () => `${stack.apiUrl}/functions/v1/change-password`;

/** A confirmed e-mail user created with the admin API, signed in with supabase-js. */
async function signedInUser(on = stack): Promise<{ email: string; client: SupabaseClient; accessToken: string }> {
  const email = `change-${randomBytes(4).toString('hex')}@example.com`;
  const created = await on
    .serviceClient()
    .auth.admin.createUser({ email, password: OLD_PASSWORD, email_confirm: true });
  expect(created.error).toBeNull();
  const client = on.client();
  const { data, error } = await client.auth.signInWithPassword({ email, password: OLD_PASSWORD });
  expect(error).toBeNull();
  return { email, client, accessToken: data.session!.access_token };
}

async function canSignIn(email: string, password: string, on = stack): Promise<boolean> {
  const { error } = await on.client().auth.signInWithPassword({ email, password });
  return error === null;
}

/** The function's JSON body from an invoke() result, success or FunctionsHttpError. */
async function outcome(result: { data: unknown; error: unknown }): Promise<{ status: number; body: unknown }> {
  if (result.error instanceof FunctionsHttpError) {
    const response = result.error.context as Response;
    return { status: response.status, body: await response.json() };
  }
  expect(result.error).toBeNull();
  return { status: 200, body: result.data };
}

describe('change-password', () => {
  test('a wrong current password is refused and the old password keeps working', async () => {
    const { email, client } = await signedInUser();
    const result = await client.functions.invoke('change-password', {
      body: { current_password: 'not-my-password', new_password: 'new-password-1' },
    });
    expect(await outcome(result)).toEqual({
      status: 400,
      body: { success: false, message: 'Current password is incorrect' },
    });
    expect(await canSignIn(email, OLD_PASSWORD)).toBe(true);
    expect(await canSignIn(email, 'new-password-1')).toBe(false);
  });

  test('the right current password changes it: then only the new password signs in', async () => {
    const { email, client } = await signedInUser();
    const otherDevice = stack.client();
    expect((await otherDevice.auth.signInWithPassword({ email, password: OLD_PASSWORD })).error).toBeNull();
    const result = await client.functions.invoke('change-password', {
      body: { current_password: OLD_PASSWORD, new_password: 'new-password-2' },
    });
    expect(await outcome(result)).toEqual({
      status: 200,
      body: { success: true, message: 'Password updated successfully' },
    });
    expect(await canSignIn(email, 'new-password-2')).toBe(true);
    expect(await canSignIn(email, OLD_PASSWORD)).toBe(false);
    // The session that changed it stays signed in; the user's other sessions are ended.
    expect((await client.auth.getUser()).error).toBeNull();
    expect((await client.auth.refreshSession()).error).toBeNull();
    expect((await otherDevice.auth.refreshSession()).error?.message).toMatch(/Invalid Refresh Token/);
    // It was answered by a Deno child of this process running the function's own file.
    expect(await denoChildrenRunning(resolve('supabase/functions/change-password/index.ts'))).toHaveLength(1);
  });

  test('accounts of another provider are refused: the form is for e-mail accounts only', async () => {
    const { email, client } = await signedInUser();
    await stack.db.transaction((tx) =>
      tx.query(
        `update auth.users set raw_app_meta_data = '{"provider":"google","providers":["google"]}' where email = $1`,
        [email],
      ),
    );
    const result = await client.functions.invoke('change-password', {
      body: { current_password: OLD_PASSWORD, new_password: 'new-password-6' },
    });
    expect(await outcome(result)).toEqual({
      status: 403,
      body: { success: false, message: 'Password change is only available for accounts that sign in with e-mail' },
    });
  });

  test('a new password under 6 characters is refused with the spec message', async () => {
    const { email, client } = await signedInUser();
    const result = await client.functions.invoke('change-password', {
      body: { current_password: OLD_PASSWORD, new_password: '12345' },
    });
    expect(await outcome(result)).toEqual({
      status: 400,
      body: { success: false, message: 'Password must contain at least 6 characters' },
    });
    expect(await canSignIn(email, OLD_PASSWORD)).toBe(true);
  });

  test('a body that is not the expected JSON object is a 400 naming what is wrong', async () => {
    const { client } = await signedInUser();
    for (const [body, message] of [
      [{ new_password: 'long-enough' }, 'Current password is required'],
      ['not json', 'The request body must be a JSON object with current_password and new_password'],
    ] as const) {
      const result = await client.functions.invoke('change-password', { body });
      expect(await outcome(result)).toEqual({ status: 400, body: { success: false, message } });
    }
  });

  test('the anon key passes verify_jwt but is not a user: the function refuses it', async () => {
    const result = await stack.client().functions.invoke('change-password', {
      body: { current_password: OLD_PASSWORD, new_password: 'new-password-3' },
    });
    expect(await outcome(result)).toEqual({
      status: 401,
      body: { success: false, message: 'Your session has expired. Please log in again.' },
    });
  });
});

describe('change-password on an auth server that does not require the current password', () => {
  // The Supabase CLI does not push config.toml's require_current_password to a hosted project.
  let lenient: TestStack;
  beforeAll(async () => {
    lenient = await startTestStack({ config: { requireCurrentPassword: false } });
  });
  afterAll(() => lenient?.stop());

  test('a wrong current password is still refused and the old password keeps working', async () => {
    const { email, client } = await signedInUser(lenient);
    const result = await client.functions.invoke('change-password', {
      body: { current_password: 'not-my-password', new_password: 'new-password-7' },
    });
    expect(await outcome(result)).toEqual({
      status: 400,
      body: { success: false, message: 'Current password is incorrect' },
    });
    expect(await canSignIn(email, OLD_PASSWORD, lenient)).toBe(true);
    expect(await canSignIn(email, 'new-password-7', lenient)).toBe(false);
  });

  test('the right current password changes it', async () => {
    const { email, client } = await signedInUser(lenient);
    const result = await client.functions.invoke('change-password', {
      body: { current_password: OLD_PASSWORD, new_password: 'new-password-8' },
    });
    expect(await outcome(result)).toEqual({
      status: 200,
      body: { success: true, message: 'Password updated successfully' },
    });
    expect(await canSignIn(email, 'new-password-8', lenient)).toBe(true);
  });
});

describe('the relay in front of change-password', () => {
  const body = JSON.stringify({ current_password: OLD_PASSWORD, new_password: 'new-password-4' });

  test('no JWT: 401 from the gateway, as the Supabase edge runtime answers', async () => {
    const response = await fetch(functionUrl(), { method: 'POST', body, headers: { apikey: stack.anonKey } });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ code: 401, message: 'Missing authorization header' });
  });

  test('an expired JWT of a real user: 401 Invalid JWT', async () => {
    const { accessToken } = await signedInUser();
    const claims = JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString('utf8'));
    const expired = signJwt({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 }, stack.jwtSecret);
    const response = await fetch(functionUrl(), {
      method: 'POST',
      body,
      headers: { authorization: `Bearer ${expired}`, apikey: stack.anonKey, 'content-type': 'application/json' },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ code: 401, message: 'Invalid JWT' });
  });

  test('the CORS preflight is answered by the function for the app origin only', async () => {
    const preflight = (origin: string) =>
      fetch(functionUrl(), {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, x-client-info, apikey, content-type',
        },
      });
    const allowed = await preflight(APP_ORIGIN);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(allowed.headers.get('access-control-allow-methods')).toContain('POST');
    for (const name of ['authorization', 'x-client-info', 'apikey', 'content-type']) {
      expect(allowed.headers.get('access-control-allow-headers')).toContain(name);
    }
    // The dev server is the same app on 127.0.0.1 as on localhost.
    expect((await preflight('http://127.0.0.1:5173')).headers.get('access-control-allow-origin')).toBe(
      'http://127.0.0.1:5173',
    );
    const other = await preflight('https://evil.example');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  test("the function's own answers carry CORS for the app origin", async () => {
    const { accessToken } = await signedInUser();
    const response = await fetch(functionUrl(), {
      method: 'POST',
      body: JSON.stringify({ current_password: 'wrong-password', new_password: 'new-password-5' }),
      headers: { authorization: `Bearer ${accessToken}`, origin: APP_ORIGIN, 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
  });
});
