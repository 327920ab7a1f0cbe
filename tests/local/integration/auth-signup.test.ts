/**
 * Sign-up with e-mail confirmation (config.toml's `enable_confirmations = true`), driven by the
 * real supabase-js: the confirmation mail, its verify link and GoTrue's redirect with the
 * session in the URL fragment, redirect_to validation, and GoTrue's answers to bad sign-ups.
 */
import { AuthWeakPasswordError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { GatewayRequest } from '../../../supabase/local/gateway/http.ts';
import { asRole, identifyCaller, loadAssumableRoles } from '../../../supabase/local/gateway/request-role.ts';
import { jwtClaims, latestLink, mailsTo, openLink, uniqueEmail } from '../../integration/support/auth.ts';
import { startTestStack, type TestStack } from '../../integration/support/stack.ts';

const SITE_URL = 'http://localhost:5173';
let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack?.stop());

async function signUp(email: string, options: { emailRedirectTo?: string; data?: object } = {}) {
  return stack.client().auth.signUp({ email, password: 'secret123', options });
}

describe('sign-up with confirmation', () => {
  test('answers the unconfirmed user without a session and mails a verify link', async () => {
    const email = uniqueEmail('alice');
    const { data, error } = await signUp(email, { data: { username: 'alice' } });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    const user = data.user!;
    expect(user).toMatchObject({
      aud: 'authenticated',
      role: 'authenticated',
      email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { username: 'alice', email, email_verified: false, phone_verified: false, sub: user.id },
      is_anonymous: false,
    });
    expect(user.email_confirmed_at).toBeUndefined();
    expect(user.confirmation_sent_at).toEqual(expect.any(String));
    expect(user.identities).toHaveLength(1);
    expect(user.identities![0]).toMatchObject({ id: user.id, user_id: user.id, provider: 'email', email });

    const [mail] = await mailsTo(stack, email);
    expect(mail.subject).toBe('Confirm Your Signup');
    expect(mail.links).toHaveLength(1);
    const link = new URL(mail.links[0]);
    expect(`${link.origin}${link.pathname}`).toBe(`${stack.apiUrl}/auth/v1/verify`);
    expect([...link.searchParams.keys()]).toEqual(['token', 'type', 'redirect_to']);
    expect(link.searchParams.get('type')).toBe('signup');
    expect(link.searchParams.get('redirect_to')).toBe(SITE_URL);
    expect(mail.text).toContain(mail.links[0]);
  });

  test('an unconfirmed user cannot sign in yet', async () => {
    const email = uniqueEmail('eager');
    await signUp(email);
    const { data, error } = await stack.client().auth.signInWithPassword({ email, password: 'secret123' });
    expect(data.session).toBeNull();
    expect(error).toMatchObject({ status: 400, code: 'email_not_confirmed', message: 'Email not confirmed' });
  });

  test('the verify link confirms, signs in and redirects with the session in the fragment', async () => {
    const email = uniqueEmail('bob');
    const { data: signedUp } = await signUp(email);
    const followed = await openLink(await latestLink(stack, email));

    expect(followed.status).toBe(303);
    expect(followed.target).toBe(SITE_URL);
    expect([...followed.params.keys()]).toEqual([
      'access_token',
      'expires_at',
      'expires_in',
      'refresh_token',
      'token_type',
      'type',
    ]);
    expect(followed.params.get('token_type')).toBe('bearer');
    expect(followed.params.get('type')).toBe('signup');
    expect(followed.params.get('expires_in')).toBe('3600');

    const accessToken = followed.params.get('access_token')!;
    const claims = jwtClaims(accessToken);
    expect(claims).toMatchObject({ sub: signedUp.user!.id, email, role: 'authenticated', aud: 'authenticated' });
    expect(claims.amr).toEqual([{ method: 'otp', timestamp: expect.any(Number) }]);
    expect(Number(followed.params.get('expires_at'))).toBe(claims.exp);

    const { data, error } = await stack.client().auth.getUser(accessToken);
    expect(error).toBeNull();
    expect(data.user!.id).toBe(signedUp.user!.id);
    expect(data.user!.email_confirmed_at).toEqual(expect.any(String));
    expect(data.user!.user_metadata.email_verified).toBe(true);
    expect(data.user!.identities![0].identity_data!.email_verified).toBe(true);

    const signedIn = await stack.client().auth.signInWithPassword({ email, password: 'secret123' });
    expect(signedIn.error).toBeNull();
  });

  test('the database accepts the session JWT as that user (auth.uid(), auth.role(), auth.email())', async () => {
    const email = uniqueEmail('dbuser');
    const { data: signedUp } = await signUp(email);
    const accessToken = (await openLink(await latestLink(stack, email))).params.get('access_token')!;

    const req = { headers: { authorization: `Bearer ${accessToken}` } } as unknown as GatewayRequest;
    const caller = identifyCaller(req, stack.jwtSecret, await loadAssumableRoles(stack.db));
    if (!caller.ok) throw new Error(caller.message);
    const info = { method: 'GET', path: '/', headers: {} };
    const { rows } = await asRole(stack.db, caller, info, (tx) =>
      tx.query<{ uid: string; role: string; email: string }>(
        'select auth.uid()::text as uid, auth.role() as role, auth.email() as email',
      ),
    );
    expect(rows[0]).toEqual({ uid: signedUp.user!.id, role: 'authenticated', email });
  });

  test('a link works once; a used link redirects with GoTrue’s otp_expired error', async () => {
    const email = uniqueEmail('twice');
    await signUp(email);
    const link = await latestLink(stack, email);
    expect((await openLink(link)).params.get('access_token')).toBeTruthy();
    const again = await openLink(link);
    expect(again.status).toBe(303);
    expect(again.location).toBe(
      `${SITE_URL}#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired`,
    );
  });

  test('an expired confirmation link (older than 24 h) is refused', async () => {
    const email = uniqueEmail('late');
    const { data } = await signUp(email);
    const link = await latestLink(stack, email);
    await stack.db.exec(
      `update auth.one_time_tokens set created_at = now() - interval '24 hours 1 minute' where user_id = '${data.user!.id}'`,
    );
    expect((await openLink(link)).params.get('error_code')).toBe('otp_expired');
    const stillOpen = await stack.client().auth.signInWithPassword({ email, password: 'secret123' });
    expect(stillOpen.error?.code).toBe('email_not_confirmed');
  });

  test('a forged token is refused the same way', async () => {
    const forged = await openLink(`${stack.apiUrl}/auth/v1/verify?token=${'0'.repeat(56)}&type=signup`);
    expect(forged.params.get('error_code')).toBe('otp_expired');
    expect(forged.target).toBe(SITE_URL);
  });
});

describe('emailRedirectTo', () => {
  test('an allowed URL is where the link sends the browser', async () => {
    const email = uniqueEmail('callback');
    await signUp(email, { emailRedirectTo: `${SITE_URL}/auth/callback?next=%2Fwelcome` });
    const link = new URL(await latestLink(stack, email));
    expect(link.searchParams.get('redirect_to')).toBe(`${SITE_URL}/auth/callback?next=%2Fwelcome`);
    const followed = await openLink(link.toString());
    expect(followed.target).toBe(`${SITE_URL}/auth/callback?next=%2Fwelcome`);
    expect(followed.params.get('access_token')).toBeTruthy();
  });

  test('a foreign URL falls back to site_url', async () => {
    const email = uniqueEmail('phished');
    await signUp(email, { emailRedirectTo: 'https://evil.example.com/steal' });
    const link = await latestLink(stack, email);
    expect(new URL(link).searchParams.get('redirect_to')).toBe(SITE_URL);
    const followed = await openLink(link);
    expect(followed.target).toBe(SITE_URL);
  });

  test('a foreign redirect_to slipped into the link itself is not followed either', async () => {
    const email = uniqueEmail('tampered');
    await signUp(email);
    const link = new URL(await latestLink(stack, email));
    link.searchParams.set('redirect_to', 'https://evil.example.com/steal');
    const followed = await openLink(link.toString());
    expect(followed.target).toBe(SITE_URL);
    expect(followed.params.get('access_token')).toBeTruthy();
  });
});

describe('GoTrue’s answers to bad sign-ups', () => {
  test('an address already registered and confirmed gets an obfuscated user and no mail', async () => {
    const email = uniqueEmail('taken');
    const { data: first } = await signUp(email);
    await openLink(await latestLink(stack, email));
    const mailsBefore = (await mailsTo(stack, email)).length;

    const { data, error } = await stack.client().auth.signUp({
      email,
      password: 'another-password',
      options: { data: { nickname: 'x' } },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user!.identities).toEqual([]);
    expect(data.user!.id).not.toBe(first.user!.id);
    expect(data.user!.user_metadata).toEqual({ nickname: 'x' });
    expect(data.user!.email_confirmed_at).toBeUndefined();
    expect((await mailsTo(stack, email)).length).toBe(mailsBefore);

    const original = await stack.client().auth.signInWithPassword({ email, password: 'secret123' });
    expect(original.error).toBeNull();
  });

  test('signing up again before confirming re-sends the mail; only the newest link works', async () => {
    const email = uniqueEmail('again');
    const { data: first } = await signUp(email);
    const firstLink = await latestLink(stack, email);
    const { data: second } = await signUp(email);
    expect(second.user!.id).toBe(first.user!.id);
    const secondLink = await latestLink(stack, email);
    expect(secondLink).not.toBe(firstLink);
    expect((await openLink(firstLink)).params.get('error_code')).toBe('otp_expired');
    expect((await openLink(secondLink)).params.get('access_token')).toBeTruthy();
  });

  test('a weak password is 422 weak_password with reasons', async () => {
    const { data, error } = await stack.client().auth.signUp({ email: uniqueEmail('weak'), password: '12345' });
    expect(data.user).toBeNull();
    expect(error).toBeInstanceOf(AuthWeakPasswordError);
    expect(error).toMatchObject({
      status: 422,
      code: 'weak_password',
      message: 'Password should be at least 6 characters.',
      reasons: ['length'],
    });
  });

  test('an invalid e-mail address is 400 validation_failed', async () => {
    const { error } = await stack.client().auth.signUp({ email: 'not-an-email', password: 'secret123' });
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Unable to validate email address: invalid format',
    });
  });

  test('a missing password is 400 validation_failed', async () => {
    const { error } = await stack.client().auth.signUp({ email: uniqueEmail('nopw'), password: '' });
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Signup requires a valid password',
    });
  });
});
