/**
 * `PUT /auth/v1/user` with a new password under config.toml's `require_current_password`
 * (GoTrue's UpdatePasswordRequireCurrentPassword), through the gateway: an ordinary session
 * must send the right `current_password`; a session opened from an e-mail link need not.
 * Statuses, codes and messages are GoTrue's (internal/api/user.go).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signJwt } from '../../../supabase/local/jwt.ts';
import { latestLink, uniqueEmail } from '../../integration/support/auth.ts';
import { startTestStack, type TestStack } from '../../integration/support/stack.ts';

const PASSWORD = 'old-password-1';
const REQUIRED = 'Current password required when setting new password.';
let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack?.stop());

async function signedIn() {
  const email = uniqueEmail('pw');
  const created = await stack.serviceClient().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  if (created.error) throw created.error;
  const { data, error } = await stack.client().auth.signInWithPassword({ email, password: PASSWORD });
  if (error) throw error;
  return { email, id: created.data.user.id, session: data.session! };
}

/** The raw PUT, as any holder of an access token could send it. */
async function putUser(accessToken: string, body: Record<string, unknown>) {
  const response = await fetch(`${stack.apiUrl}/auth/v1/user`, {
    method: 'PUT',
    headers: {
      apikey: stack.anonKey,
      authorization: `Bearer ${accessToken}`,
      'content-type': 'application/json',
      'x-supabase-api-version': '2024-01-01',
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const canSignIn = async (email: string, password: string) =>
  (await stack.client().auth.signInWithPassword({ email, password })).error === null;

describe('require_current_password', () => {
  test('a stolen access token alone cannot set a new password', async () => {
    const { email, session } = await signedIn();
    expect(await putUser(session.access_token, { password: 'taken-over-1' })).toEqual({
      status: 400,
      body: { code: 'current_password_required', message: REQUIRED },
    });
    expect(await putUser(session.access_token, { password: 'taken-over-1', current_password: '' })).toMatchObject({
      status: 400,
      body: { code: 'current_password_required' },
    });
    expect(await putUser(session.access_token, { password: 'taken-over-1', current_password: 'guess' })).toEqual({
      status: 400,
      body: { code: 'current_password_invalid', message: REQUIRED },
    });
    expect(await canSignIn(email, PASSWORD)).toBe(true);
    expect(await canSignIn(email, 'taken-over-1')).toBe(false);
  });

  test('supabase-js sends current_password: with the right one the change is made', async () => {
    const { email, session } = await signedIn();
    const client = stack.client();
    await client.auth.setSession(session);
    const other = stack.client();
    await other.auth.signInWithPassword({ email, password: PASSWORD });
    const { error } = await client.auth.updateUser({ password: 'changed-pass-2', current_password: PASSWORD });
    expect(error).toBeNull();
    expect(await canSignIn(email, 'changed-pass-2')).toBe(true);
    // This session stays; the user's other sessions end (GoTrue's UpdatePassword).
    expect((await client.auth.refreshSession()).error).toBeNull();
    expect((await other.auth.refreshSession()).error?.message).toMatch(/Invalid Refresh Token/);
  });

  test('a JWT without a session is held to the rule too', async () => {
    const { id } = await signedIn();
    const now = Math.floor(Date.now() / 1000);
    const token = signJwt(
      { sub: id, aud: 'authenticated', role: 'authenticated', iat: now, exp: now + 600 },
      stack.jwtSecret,
    );
    expect((await putUser(token, { password: 'no-session-3' })).body.code).toBe('current_password_required');
  });

  test('metadata updates need no password', async () => {
    const { session } = await signedIn();
    expect((await putUser(session.access_token, { data: { first_name: 'Ada' } })).status).toBe(200);
  });

  test('a recovery session (opened from the reset mail) is excepted', async () => {
    const { email } = await signedIn();
    await stack.client().auth.resetPasswordForEmail(email, { redirectTo: 'http://localhost:5173/update-password' });
    const hash = new URL(await latestLink(stack, email)).searchParams.get('token_hash')!;
    const { data, error } = await stack.client().auth.verifyOtp({ type: 'recovery', token_hash: hash });
    expect(error).toBeNull();
    expect((await putUser(data.session!.access_token, { password: 'recovered-4' })).status).toBe(200);
    expect(await canSignIn(email, 'recovered-4')).toBe(true);
  });
});
