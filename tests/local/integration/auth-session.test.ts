/**
 * Signing in and staying signed in, with the real supabase-js: the password grant and its
 * errors, GoTrue's JWT claims, refresh-token rotation and reuse detection, sign-out scopes,
 * expired/forged/ended JWTs on /user, the user's own metadata updates, and bcrypt hashes
 * that pgcrypto's crypt() can read (and vice versa, for seeded users).
 */
import { AuthSessionMissingError, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signJwt } from '../../../supabase/local/jwt.ts';
import { jwtClaims, uniqueEmail } from '../../integration/support/auth.ts';
import { startTestStack, type TestStack } from '../../integration/support/stack.ts';
import { createTestUser, userToken } from '../../integration/support/users.ts';

const PASSWORD = 'secret123';
let stack: TestStack;
let strict: TestStack; // refresh_token_reuse_interval = 0: any reuse of an old token is detected

beforeAll(async () => {
  [stack, strict] = await Promise.all([
    startTestStack(),
    startTestStack({ config: { refreshTokenReuseIntervalSeconds: 0 } }),
  ]);
});
afterAll(async () => {
  await stack?.stop();
  await strict?.stop();
});

async function confirmedUser(on: TestStack, prefix: string, metadata: object = {}) {
  const email = uniqueEmail(prefix);
  const { data, error } = await on.serviceClient().auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
    user_metadata: metadata,
  });
  if (error) throw error;
  return { email, id: data.user.id };
}

async function signedIn(on: TestStack, email: string): Promise<SupabaseClient> {
  const client = on.client();
  const { error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (error) throw error;
  return client;
}

const refresh = (on: TestStack, refreshToken: string) =>
  on.client().auth.refreshSession({ refresh_token: refreshToken });

describe('password sign-in', () => {
  test('answers a session whose JWT carries GoTrue’s claims', async () => {
    const { email, id } = await confirmedUser(stack, 'claims', { first_name: 'Ada' });
    const { data, error } = await stack.client().auth.signInWithPassword({ email, password: PASSWORD });
    expect(error).toBeNull();
    const session = data.session!;
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(data.user!.id).toBe(id);
    expect(data.user!.last_sign_in_at).toEqual(expect.any(String));

    const claims = jwtClaims(session.access_token);
    expect(claims).toMatchObject({
      iss: `${stack.apiUrl}/auth/v1`,
      sub: id,
      aud: 'authenticated',
      role: 'authenticated',
      email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { first_name: 'Ada', email_verified: true },
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: expect.any(Number) }],
      session_id: expect.any(String),
      is_anonymous: false,
    });
    expect((claims.exp as number) - (claims.iat as number)).toBe(3600);
    expect(session.expires_at).toBe(claims.exp);
  });

  test('a wrong password and an unknown address get the same 400 invalid_credentials', async () => {
    const { email } = await confirmedUser(stack, 'wrongpw');
    const wrong = await stack.client().auth.signInWithPassword({ email, password: 'not-it' });
    const unknown = await stack.client().auth.signInWithPassword({ email: uniqueEmail('ghost'), password: PASSWORD });
    for (const { data, error } of [wrong, unknown]) {
      expect(data.session).toBeNull();
      expect(error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
    }
  });

  test('passwords are bcrypt hashes pgcrypto can check, and seeded crypt() hashes sign in', async () => {
    const { email } = await confirmedUser(stack, 'hash');
    const { rows } = await stack.db.transaction((tx) =>
      tx.query<{ prefix: string; ok: boolean }>(
        `select left(encrypted_password, 7) as prefix,
                encrypted_password = extensions.crypt($2, encrypted_password) as ok
           from auth.users where email = $1`,
        [email, PASSWORD],
      ),
    );
    expect(rows[0]).toEqual({ prefix: '$2a$10$', ok: true });

    const seeded = uniqueEmail('seeded');
    await stack.db.exec(`insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at)
      values (gen_random_uuid(), 'authenticated', 'authenticated', '${seeded}',
              extensions.crypt('12345', extensions.gen_salt('bf')), now())`);
    const { data, error } = await stack.client().auth.signInWithPassword({ email: seeded, password: '12345' });
    expect(error).toBeNull();
    // GoTrue tells the app when a sign-in used a password below today's rules.
    expect(data.weakPassword).toEqual({ message: 'Password should be at least 6 characters.', reasons: ['length'] });
  });
});

describe('refresh tokens', () => {
  test('rotate: each refresh revokes the token and issues its child', async () => {
    const { email, id } = await confirmedUser(stack, 'rotate');
    const { data } = await stack.client().auth.signInWithPassword({ email, password: PASSWORD });
    const first = data.session!;
    const { data: refreshed, error } = await refresh(stack, first.refresh_token);
    expect(error).toBeNull();
    expect(refreshed.session!.refresh_token).not.toBe(first.refresh_token);
    expect(refreshed.user!.id).toBe(id);
    expect(jwtClaims(refreshed.session!.access_token).session_id).toBe(jwtClaims(first.access_token).session_id);

    const { rows } = await stack.db.transaction((tx) =>
      tx.query<{ token: string; revoked: boolean; parent: string | null }>(
        'select token, revoked, parent from auth.refresh_tokens where user_id = $1 order by id',
        [id],
      ),
    );
    expect(rows).toEqual([
      { token: first.refresh_token, revoked: true, parent: null },
      { token: refreshed.session!.refresh_token, revoked: false, parent: first.refresh_token },
    ]);
  });

  test('re-presenting the parent of the active token returns that same active token', async () => {
    const { email } = await confirmedUser(stack, 'retry');
    const { data } = await stack.client().auth.signInWithPassword({ email, password: PASSWORD });
    const child = (await refresh(stack, data.session!.refresh_token)).data.session!;
    const retried = await refresh(stack, data.session!.refresh_token);
    expect(retried.error).toBeNull();
    expect(retried.data.session!.refresh_token).toBe(child.refresh_token);
  });

  test('an older revoked token is tolerated within refresh_token_reuse_interval', async () => {
    const { email } = await confirmedUser(stack, 'window');
    const { data } = await stack.client().auth.signInWithPassword({ email, password: PASSWORD });
    const t1 = (await refresh(stack, data.session!.refresh_token)).data.session!.refresh_token;
    const t2 = (await refresh(stack, t1)).data.session!.refresh_token;
    const late = await refresh(stack, data.session!.refresh_token);
    expect(late.error).toBeNull();
    expect(late.data.session!.refresh_token).not.toBe(t2);
  });

  test('after the interval, reuse is detected: 400 refresh_token_already_used and the session’s tokens die', async () => {
    const { email } = await confirmedUser(strict, 'reuse');
    const { data } = await strict.client().auth.signInWithPassword({ email, password: PASSWORD });
    const t0 = data.session!.refresh_token;
    const t1 = (await refresh(strict, t0)).data.session!.refresh_token;
    const t2 = (await refresh(strict, t1)).data.session!.refresh_token;

    const stolen = await refresh(strict, t0);
    expect(stolen.data.session).toBeNull();
    expect(stolen.error).toMatchObject({
      status: 400,
      code: 'refresh_token_already_used',
      message: 'Invalid Refresh Token: Already Used',
    });
    const legit = await refresh(strict, t2);
    expect(legit.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
  });

  test('an unknown refresh token is 400 refresh_token_not_found', async () => {
    const { error } = await refresh(stack, 'no-such-token');
    expect(error).toMatchObject({
      status: 400,
      code: 'refresh_token_not_found',
      message: 'Invalid Refresh Token: Refresh Token Not Found',
    });
  });
});

describe('sign-out', () => {
  test('global sign-out kills the refresh token and every access token of the user', async () => {
    const { email } = await confirmedUser(stack, 'bye');
    const client = await signedIn(stack, email);
    const other = await signedIn(stack, email);
    const { data } = await client.auth.getSession();
    const session = data.session!;
    const otherSession = (await other.auth.getSession()).data.session!;

    expect((await client.auth.signOut()).error).toBeNull();
    expect((await client.auth.getSession()).data.session).toBeNull();

    expect((await refresh(stack, session.refresh_token)).error?.code).toBe('refresh_token_not_found');
    expect((await refresh(stack, otherSession.refresh_token)).error?.code).toBe('refresh_token_not_found');
    const me = await stack.client().auth.getUser(session.access_token);
    expect(me.error).toBeInstanceOf(AuthSessionMissingError);

    const raw = await fetch(`${stack.apiUrl}/auth/v1/user`, {
      headers: {
        apikey: stack.anonKey,
        authorization: `Bearer ${otherSession.access_token}`,
        'x-supabase-api-version': '2024-01-01',
      },
    });
    expect(raw.status).toBe(403);
    expect(await raw.json()).toEqual({
      code: 'session_not_found',
      message: 'Session from session_id claim in JWT does not exist',
    });
  });

  test('scope "others" ends the other sessions only; scope "local" ends this one only', async () => {
    const { email } = await confirmedUser(stack, 'scopes');
    const [a, b, c] = [await signedIn(stack, email), await signedIn(stack, email), await signedIn(stack, email)];
    const tokenOf = async (client: SupabaseClient) => (await client.auth.getSession()).data.session!;
    const [sa, sb, sc] = [await tokenOf(a), await tokenOf(b), await tokenOf(c)];

    await a.auth.signOut({ scope: 'others' });
    expect((await stack.client().auth.getUser(sa.access_token)).error).toBeNull();
    expect((await stack.client().auth.getUser(sb.access_token)).error).toBeInstanceOf(AuthSessionMissingError);
    expect((await stack.client().auth.getUser(sc.access_token)).error).toBeInstanceOf(AuthSessionMissingError);

    const d = await signedIn(stack, email);
    const sd = await tokenOf(d);
    await a.auth.signOut({ scope: 'local' });
    expect((await stack.client().auth.getUser(sa.access_token)).error).toBeInstanceOf(AuthSessionMissingError);
    expect((await stack.client().auth.getUser(sd.access_token)).error).toBeNull();
  });
});

describe('JWTs the auth API refuses on /user', () => {
  async function claimsOfFreshSession() {
    const { email } = await confirmedUser(stack, 'jwt');
    const { data } = await stack.client().auth.signInWithPassword({ email, password: PASSWORD });
    return jwtClaims(data.session!.access_token);
  }

  test('an expired JWT is 403 bad_jwt with GoTrue’s message', async () => {
    const claims = await claimsOfFreshSession();
    const now = Math.floor(Date.now() / 1000);
    const expired = signJwt({ ...claims, iat: now - 3700, exp: now - 100 }, stack.jwtSecret);
    const { data, error } = await stack.client().auth.getUser(expired);
    expect(data.user).toBeNull();
    expect(error).toMatchObject({
      name: 'AuthApiError',
      status: 403,
      code: 'bad_jwt',
      message: 'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired',
    });
  });

  test('a JWT signed with another secret is 403 bad_jwt', async () => {
    const claims = await claimsOfFreshSession();
    const forged = signJwt(claims, 'not-the-project-secret-but-just-as-long-as-it');
    const { error } = await stack.client().auth.getUser(forged);
    expect(error).toMatchObject({
      status: 403,
      code: 'bad_jwt',
      message: 'invalid JWT: unable to parse or verify signature, token signature is invalid: signature is invalid',
    });
  });

  test('the anon key is not a user', async () => {
    const { error } = await stack.client().auth.getUser(stack.anonKey);
    expect(error).toMatchObject({ status: 403, code: 'bad_jwt', message: 'invalid claim: missing sub claim' });
  });

  test('test users from support/users.ts hold a real session, so /user accepts their JWT', async () => {
    const user = await createTestUser(stack, uniqueEmail('fixture'));
    const { data, error } = await user.client.auth.getUser(user.accessToken);
    expect(error).toBeNull();
    expect(data.user!.id).toBe(user.id);
  });

  test('a valid JWT naming a session that never existed is session_not_found', async () => {
    const { id, email } = await confirmedUser(stack, 'nosession');
    const { error } = await stack.client().auth.getUser(userToken(stack, id, email));
    expect(error).toBeInstanceOf(AuthSessionMissingError);
  });
});

describe('the user’s own updates', () => {
  test('data merges into user_metadata; null removes a key; the session keeps working', async () => {
    const { email } = await confirmedUser(stack, 'meta', { first_name: 'Ada', company: 'Acme' });
    const client = await signedIn(stack, email);
    const set = await client.auth.updateUser({ data: { last_name: 'Lovelace', company: null } });
    expect(set.error).toBeNull();
    expect(set.data.user!.user_metadata).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace' });
    expect(set.data.user!.user_metadata).not.toHaveProperty('company');
    const { data } = await client.auth.getUser();
    expect(data.user!.user_metadata.last_name).toBe('Lovelace');
  });

  test('app_metadata is admin-only', async () => {
    const { email } = await confirmedUser(stack, 'appmeta');
    const client = await signedIn(stack, email);
    const { error } = await client.auth.updateUser({ app_metadata: { plan: 'pro' } } as never);
    expect(error).toMatchObject({
      status: 403,
      code: 'not_admin',
      message: 'Updating app_metadata requires admin privileges',
    });
  });

  test('changing the e-mail address is refused plainly (not emulated locally)', async () => {
    const { email } = await confirmedUser(stack, 'move');
    const client = await signedIn(stack, email);
    const { error } = await client.auth.updateUser({ email: uniqueEmail('moved') });
    expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(error!.message).toContain('not supported by the local Supabase stack');
    expect((await client.auth.getUser()).data.user!.email).toBe(email);
  });

  test('a password change needs a new password and ends the other sessions', async () => {
    const { email } = await confirmedUser(stack, 'newpw');
    const client = await signedIn(stack, email);
    const other = await signedIn(stack, email);
    const otherSession = (await other.auth.getSession()).data.session!;

    // config.toml's require_current_password: an ordinary session sends the current one.
    const same = await client.auth.updateUser({ password: PASSWORD, current_password: PASSWORD });
    expect(same.error).toMatchObject({
      status: 422,
      code: 'same_password',
      message: 'New password should be different from the old password.',
    });
    const weak = await client.auth.updateUser({ password: 'abc' });
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password' });

    expect((await client.auth.updateUser({ password: 'brand-new-1', current_password: PASSWORD })).error).toBeNull();
    expect((await client.auth.getUser()).error).toBeNull();
    expect((await refresh(stack, otherSession.refresh_token)).error?.code).toBe('refresh_token_not_found');
    const relogin = await stack.client().auth.signInWithPassword({ email, password: 'brand-new-1' });
    expect(relogin.error).toBeNull();
  });
});
