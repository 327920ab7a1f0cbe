/**
 * What config.toml switches change in the auth API: e-mail confirmations off (GoTrue's
 * autoconfirm: a session at sign-up, 422 for a taken address), sign-ups disabled, and how
 * /settings and /health report it. Also GoTrue's two error-body versions.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mailsTo, uniqueEmail } from '../../integration/support/auth.ts';
import { startTestStack, type TestStack } from '../../integration/support/stack.ts';

let autoconfirm: TestStack;
let closed: TestStack;

beforeAll(async () => {
  [autoconfirm, closed] = await Promise.all([
    startTestStack({ config: { enableConfirmations: false } }),
    startTestStack({ config: { enableSignup: false } }),
  ]);
});
afterAll(async () => {
  await autoconfirm?.stop();
  await closed?.stop();
});

const getJson = async (stack: TestStack, path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${stack.apiUrl}/auth/v1${path}`, { headers: { apikey: stack.anonKey, ...headers } });
  return { status: response.status, headers: response.headers, body: await response.json() };
};

describe('e-mail confirmations off (autoconfirm)', () => {
  test('sign-up answers a session for a confirmed user and sends no mail', async () => {
    const email = uniqueEmail('auto');
    const { data, error } = await autoconfirm.client().auth.signUp({ email, password: 'secret123' });
    expect(error).toBeNull();
    expect(data.session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(data.session!.refresh_token).toEqual(expect.any(String));
    expect(data.user!.email_confirmed_at).toEqual(expect.any(String));
    expect(data.user!.last_sign_in_at).toEqual(expect.any(String));
    expect(await mailsTo(autoconfirm, email)).toEqual([]);
    const me = await autoconfirm.client().auth.getUser(data.session!.access_token);
    expect(me.data.user!.id).toBe(data.user!.id);
  });

  test('an address already registered is 422 user_already_exists', async () => {
    const email = uniqueEmail('dup');
    await autoconfirm.client().auth.signUp({ email, password: 'secret123' });
    const { data, error } = await autoconfirm
      .client()
      .auth.signUp({ email: email.toUpperCase(), password: 'other123' });
    expect(data.user).toBeNull();
    expect(error).toMatchObject({ status: 422, code: 'user_already_exists', message: 'User already registered' });
  });

  test('/settings reports mailer_autoconfirm', async () => {
    const { body } = await getJson(autoconfirm, '/settings');
    expect(body).toMatchObject({ mailer_autoconfirm: true, disable_signup: false });
  });
});

describe('sign-ups disabled', () => {
  test('sign-up is 422 signup_disabled', async () => {
    const { error } = await closed.client().auth.signUp({ email: uniqueEmail('late'), password: 'secret123' });
    expect(error).toMatchObject({
      status: 422,
      code: 'signup_disabled',
      message: 'Signups not allowed for this instance',
    });
  });

  test('/settings reports it in GoTrue’s shape', async () => {
    const { status, body } = await getJson(closed, '/settings');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      disable_signup: true,
      mailer_autoconfirm: false,
      phone_autoconfirm: false,
      external: { email: true, phone: false, google: false, github: false },
    });
  });
});

test('/health answers GoTrue’s identity', async () => {
  const { status, body } = await getJson(closed, '/health');
  expect(status).toBe(200);
  expect(body).toMatchObject({ name: 'GoTrue' });
});

describe('error body versions', () => {
  const badLogin = (stack: TestStack, headers: Record<string, string>) =>
    fetch(`${stack.apiUrl}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'whatever' }),
    });

  test('API version 2024-01-01 gets {code, message} and the header echoed', async () => {
    const response = await badLogin(autoconfirm, { 'x-supabase-api-version': '2024-01-01' });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await response.json()).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });
  });

  test('older clients get GoTrue’s legacy body', async () => {
    const response = await badLogin(autoconfirm, {});
    expect(response.status).toBe(400);
    expect(response.headers.get('x-supabase-api-version')).toBeNull();
    expect(await response.json()).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });
  });

  test('malformed JSON is 400 bad_json', async () => {
    const response = await fetch(`${autoconfirm.apiUrl}/auth/v1/signup`, {
      method: 'POST',
      headers: {
        apikey: autoconfirm.anonKey,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
      },
      body: '{"email": ',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'bad_json' });
  });

  test('an unknown grant type is an OAuth error', async () => {
    const response = await fetch(`${autoconfirm.apiUrl}/auth/v1/token?grant_type=magic`, {
      method: 'POST',
      headers: { apikey: autoconfirm.anonKey, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'unsupported_grant_type', error_description: '' });
  });
});
