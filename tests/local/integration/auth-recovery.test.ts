/**
 * Password recovery as the app does it (reset-password → mail → /update-password), with the
 * real supabase-js: the recovery mail and its link, the session it opens, the new password,
 * and the link's one-time use and 1-hour lifetime.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { latestLink, mailsTo, openLink, uniqueEmail } from '../../integration/support/auth.ts';
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

describe('password recovery', () => {
  test('mail → link → session → new password → sign in with it', async () => {
    const { email, id } = await confirmedUser('forgetful');
    const { data, error } = await requestReset(email);
    expect(error).toBeNull();
    expect(data).toEqual({});

    const [mail] = await mailsTo(stack, email);
    expect(mail.subject).toBe('Reset Your Password');
    const link = new URL(mail.links[0]);
    expect(link.searchParams.get('type')).toBe('recovery');
    expect(link.searchParams.get('redirect_to')).toBe(UPDATE_PASSWORD_URL);

    const followed = await openLink(link.toString());
    expect(followed.status).toBe(303);
    expect(followed.target).toBe(UPDATE_PASSWORD_URL);
    expect(followed.params.get('type')).toBe('recovery');

    // What the app's /update-password screen does with the fragment.
    const client = stack.client();
    const { data: set, error: setError } = await client.auth.setSession({
      access_token: followed.params.get('access_token')!,
      refresh_token: followed.params.get('refresh_token')!,
    });
    expect(setError).toBeNull();
    expect(set.user!.id).toBe(id);
    expect(set.user!.recovery_sent_at).toEqual(expect.any(String));

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

  test('the recovery link works once', async () => {
    const { email } = await confirmedUser('once');
    await requestReset(email);
    const link = await latestLink(stack, email);
    expect((await openLink(link)).params.get('access_token')).toBeTruthy();
    const again = await openLink(link);
    expect(again.target).toBe(UPDATE_PASSWORD_URL);
    expect(again.params.get('error')).toBe('access_denied');
    expect(again.params.get('error_code')).toBe('otp_expired');
    expect(again.params.get('error_description')).toBe('Email link is invalid or has expired');
  });

  test('a recovery link expires after one hour', async () => {
    const { email, id } = await confirmedUser('slow');
    await requestReset(email);
    const link = await latestLink(stack, email);
    await stack.db.exec(
      `update auth.one_time_tokens set created_at = now() - interval '61 minutes' where user_id = '${id}'`,
    );
    expect((await openLink(link)).params.get('error_code')).toBe('otp_expired');
  });

  test('a newer request replaces the previous link', async () => {
    const { email } = await confirmedUser('twice');
    await requestReset(email);
    const first = await latestLink(stack, email);
    await requestReset(email);
    const second = await latestLink(stack, email);
    expect(second).not.toBe(first);
    expect((await openLink(first)).params.get('error_code')).toBe('otp_expired');
    expect((await openLink(second)).params.get('access_token')).toBeTruthy();
  });

  test('recovering an address never confirmed confirms it (as GoTrue does)', async () => {
    const email = uniqueEmail('unconfirmed');
    await stack.client().auth.signUp({ email, password: 'old-password' });
    await requestReset(email);
    const followed = await openLink(await latestLink(stack, email));
    const { data } = await stack.client().auth.getUser(followed.params.get('access_token')!);
    expect(data.user!.email_confirmed_at).toEqual(expect.any(String));
  });

  test('verifyOtp with the link’s token hash signs in too (POST /verify)', async () => {
    const { email, id } = await confirmedUser('otp');
    await requestReset(email);
    const token = new URL(await latestLink(stack, email)).searchParams.get('token')!;
    const { data, error } = await stack.client().auth.verifyOtp({ token_hash: token, type: 'recovery' });
    expect(error).toBeNull();
    expect(data.user!.id).toBe(id);
    expect(data.session!.access_token).toEqual(expect.any(String));
    const reused = await stack.client().auth.verifyOtp({ token_hash: token, type: 'recovery' });
    expect(reused.error).toMatchObject({ status: 403, code: 'otp_expired' });
  });
});
