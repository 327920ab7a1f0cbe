/**
 * Password recovery as the app does it (reset-password → mail → /update-password), with the
 * real supabase-js: the recovery mail rendered from the project's template
 * (supabase/templates/recovery.html), its link to /update-password carrying only a token hash,
 * `verifyOtp({type: 'recovery', token_hash})` — the server proves the link — the recovery
 * session it opens, the new password, and the link's one-time use and 1-hour lifetime.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { jwtClaims, latestLink, mailsTo, openLink, uniqueEmail } from '../../integration/support/auth.ts';
import { startTestStack, type TestStack } from '../../integration/support/stack.ts';

const UPDATE_PASSWORD_URL = 'http://localhost:5173/update-password';
let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack?.stop());

async function confirmedUser(prefix: string) {
  const email = uniqueEmail(prefix);
  const { data, error } = await stack.serviceClient().auth.admin.createUser({
    email,
    password: 'old-password',
    email_confirm: true,
  });
  if (error) throw error;
  return { email, id: data.user.id };
}

const requestReset = (email: string) =>
  stack.client().auth.resetPasswordForEmail(email, { redirectTo: UPDATE_PASSWORD_URL });

/** The token hash of the newest reset mail to `email`. */
async function tokenHash(email: string): Promise<string> {
  return new URL(await latestLink(stack, email)).searchParams.get('token_hash')!;
}

const redeem = (hash: string) => stack.client().auth.verifyOtp({ type: 'recovery', token_hash: hash });

describe('password recovery', () => {
  test('mail → /update-password?token_hash → verifyOtp → recovery session → new password', async () => {
    const { email, id } = await confirmedUser('forgetful');
    const { data, error } = await requestReset(email);
    expect(error).toBeNull();
    expect(data).toEqual({});

    const [mail] = await mailsTo(stack, email);
    expect(mail.subject).toBe('Reset Your Password');
    expect(mail.text).toContain('Follow this link to reset the password for your user:');
    const link = new URL(mail.links[0]);
    expect(link.origin + link.pathname).toBe(UPDATE_PASSWORD_URL);
    // Only the hash: no session, no type the app could be told to trust.
    expect([...link.searchParams.keys()]).toEqual(['token_hash']);
    expect(link.hash).toBe('');

    const client = stack.client();
    const verified = await client.auth.verifyOtp({
      type: 'recovery',
      token_hash: link.searchParams.get('token_hash')!,
    });
    expect(verified.error).toBeNull();
    expect(verified.data.user!.id).toBe(id);
    // The server says it is a session opened by an e-mail link (GoTrue records amr "otp").
    expect(jwtClaims(verified.data.session!.access_token).amr).toEqual([
      { method: 'otp', timestamp: expect.any(Number) },
    ]);

    // A recovery session sets the password without the current one (GoTrue's exception).
    const updated = await client.auth.updateUser({ password: 'new-password' });
    expect(updated.error).toBeNull();

    const withNew = await stack.client().auth.signInWithPassword({ email, password: 'new-password' });
    expect(withNew.error).toBeNull();
    const withOld = await stack.client().auth.signInWithPassword({ email, password: 'old-password' });
    expect(withOld.error?.code).toBe('invalid_credentials');
  });

  test('an unknown address gets the same {} and no mail', async () => {
    const email = uniqueEmail('nobody');
    const { data, error } = await requestReset(email);
    expect(error).toBeNull();
    expect(data).toEqual({});
    expect(await mailsTo(stack, email)).toEqual([]);
  });

  test('an invalid address is 400 validation_failed', async () => {
    const { error } = await requestReset('not-an-address');
    expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
  });

  test('the token hash works once', async () => {
    const { email } = await confirmedUser('once');
    await requestReset(email);
    const hash = await tokenHash(email);
    expect((await redeem(hash)).error).toBeNull();
    const again = await redeem(hash);
    expect(again.error).toMatchObject({
      status: 403,
      code: 'otp_expired',
      message: 'Email link is invalid or has expired',
    });
    expect(again.data.session).toBeNull();
  });

  test('a made-up token hash opens nothing', async () => {
    const { error, data } = await redeem('0'.repeat(56));
    expect(error).toMatchObject({ status: 403, code: 'otp_expired' });
    expect(data.session).toBeNull();
  });

  test('a recovery token hash is not a sign-up confirmation: the server checks the type', async () => {
    const { email } = await confirmedUser('typed');
    await requestReset(email);
    const hash = await tokenHash(email);
    const asSignup = await stack.client().auth.verifyOtp({ type: 'signup', token_hash: hash });
    expect(asSignup.error).toMatchObject({ status: 403, code: 'otp_expired' });
    expect((await redeem(hash)).error).toBeNull();
  });

  test('a token hash expires after one hour', async () => {
    const { email, id } = await confirmedUser('slow');
    await requestReset(email);
    const hash = await tokenHash(email);
    await stack.db.exec(
      `update auth.one_time_tokens set created_at = now() - interval '61 minutes' where user_id = '${id}'`,
    );
    expect((await redeem(hash)).error).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  test('a newer request replaces the previous link', async () => {
    const { email } = await confirmedUser('twice');
    await requestReset(email);
    const first = await tokenHash(email);
    await requestReset(email);
    const second = await tokenHash(email);
    expect(second).not.toBe(first);
    expect((await redeem(first)).error).toMatchObject({ code: 'otp_expired' });
    expect((await redeem(second)).error).toBeNull();
  });

  test('recovering an address never confirmed confirms it (as GoTrue does)', async () => {
    const email = uniqueEmail('unconfirmed');
    await stack.client().auth.signUp({ email, password: 'old-password' });
    await requestReset(email);
    const { data } = await redeem(await tokenHash(email));
    expect(data.user!.email_confirmed_at).toEqual(expect.any(String));
  });

  test("GoTrue's own verify link (the default template's ConfirmationURL) still redirects with the session", async () => {
    const { email } = await confirmedUser('verify-get');
    await requestReset(email);
    const hash = await tokenHash(email);
    const followed = await openLink(
      `${stack.apiUrl}/auth/v1/verify?token=${hash}&type=recovery&redirect_to=${encodeURIComponent(UPDATE_PASSWORD_URL)}`,
    );
    expect(followed.status).toBe(303);
    expect(followed.target).toBe(UPDATE_PASSWORD_URL);
    expect(followed.params.get('type')).toBe('recovery');
    expect(followed.params.get('access_token')).toBeTruthy();
  });
});
