/**
 * The signed-in user's own endpoints — GET/PUT /user and POST /logout — and POST /recover,
 * which mails a password-reset link. GoTrue's UserGet, UserUpdate, Logout and Recover.
 *
 * What must stay true:
 * - /user and /logout first authenticate the bearer JWT (caller.ts), like GoTrue's middleware;
 * - a password change needs a different, strong-enough password, voids pending e-mail links
 *   and ends the user's other sessions (all of them when the JWT has no session);
 * - with `[auth.email] require_current_password` (GoTrue's UpdatePasswordRequireCurrentPassword)
 *   a user who has a password must send the right `current_password` with a new one — 400
 *   `current_password_required` / `current_password_invalid` — unless the session was opened
 *   from an e-mail link (its amr says otp, magiclink or recovery: GoTrue's Session.IsRecovery),
 *   so a stolen access token alone cannot take the account over;
 * - `data` merges into user_metadata (null removes a key); app_metadata is admin-only;
 * - changing the e-mail address or phone needs GoTrue's e-mail/SMS change flow, which the
 *   local stack does not emulate: it is refused plainly instead of being faked;
 * - /recover answers `{}` whether or not the address is registered.
 */
import { json, type GatewayRequest, type GatewayResponse } from '../gateway/http.ts';
import { checkPasswordStrength, hashPassword, passwordMatches, validateEmail } from './credentials.ts';
import { requireUser } from './caller.ts';
import type { AuthEnv } from './env.ts';
import { badRequest, emailExists, forbidden, unprocessable, unsupportedLocally, validationFailed } from './errors.ts';
import { issueLinkToken } from './links.ts';
import { linkMail } from './mails.ts';
import { objectParam, readParams, stringParam } from './params.ts';
import { endSessions, isRecoverySession, type LogoutScope } from './sessions.ts';
import { userJson } from './user-json.ts';
import { AUDIENCE, findUserByEmail, findUserById, identitiesOf, mergeUserJson, patchUser } from './users.ts';

export async function getUser(env: AuthEnv, req: GatewayRequest): Promise<GatewayResponse> {
  return env.stack.db.transaction(async (tx) => {
    const { claims, user } = await requireUser(env, req, tx);
    const aud = Array.isArray(claims.aud) ? claims.aud[0] : claims.aud;
    if (aud !== AUDIENCE) throw validationFailed("Token audience doesn't match request audience");
    return json(200, userJson(user, await identitiesOf(tx, user.id)));
  });
}

export async function updateUser(env: AuthEnv, req: GatewayRequest): Promise<GatewayResponse> {
  const { db } = env.stack;
  const caller = await db.transaction(async (tx) => {
    const found = await requireUser(env, req, tx);
    return { ...found, recovery: await isRecoverySession(tx, found.sessionId) };
  });
  const params = readParams(req);
  const email = stringParam(params, 'email');
  const phone = stringParam(params, 'phone');
  const password = stringParam(params, 'password');
  const currentPassword = stringParam(params, 'current_password');
  const data = objectParam(params, 'data');
  const address = email ? validateEmail(email) : undefined;
  if (password !== undefined) checkPasswordStrength(password);
  if (objectParam(params, 'app_metadata')) {
    throw forbidden('not_admin', 'Updating app_metadata requires admin privileges');
  }
  if (address && address !== caller.user.email) {
    const holder = await db.transaction((tx) => findUserByEmail(tx, address));
    if (holder && holder.id !== caller.user.id) throw emailExists();
    throw unsupportedLocally('Changing the e-mail address (GoTrue’s e-mail change flow)');
  }
  if (phone && phone !== (caller.user.phone ?? '')) throw unsupportedLocally('Changing the phone number');

  let passwordHash: string | undefined;
  if (password !== undefined) {
    const hash = caller.user.encrypted_password;
    if (hash && env.stack.config.requireCurrentPassword && !caller.recovery) {
      const message = 'Current password required when setting new password.';
      if (!currentPassword) throw badRequest('current_password_required', message);
      if (!(await passwordMatches(currentPassword, hash))) throw badRequest('current_password_invalid', message);
    }
    if (await passwordMatches(password, hash)) {
      throw unprocessable('same_password', 'New password should be different from the old password.');
    }
    passwordHash = await hashPassword(password);
  }

  const user = await db.transaction(async (tx) => {
    const { user: current, sessionId } = await requireUser(env, req, tx);
    if (passwordHash) {
      await patchUser(tx, current.id, {
        encrypted_password: passwordHash,
        confirmation_sent_at: null,
        recovery_sent_at: null,
      });
      await tx.query('delete from auth.one_time_tokens where user_id = $1', [current.id]);
      await endSessions(tx, current.id, sessionId, 'others');
    }
    if (data) await mergeUserJson(tx, current.id, 'raw_user_meta_data', data);
    const fresh = (await findUserById(tx, current.id))!;
    return userJson(fresh, await identitiesOf(tx, fresh.id));
  });
  return json(200, user);
}

const LOGOUT_SCOPES = new Set<string>(['global', 'local', 'others']);

export async function logout(env: AuthEnv, req: GatewayRequest): Promise<GatewayResponse> {
  const scopeParam = req.url.searchParams.get('scope') ?? '';
  await env.stack.db.transaction(async (tx) => {
    const { user, sessionId } = await requireUser(env, req, tx);
    const scope = scopeParam || 'global';
    if (!LOGOUT_SCOPES.has(scope)) throw validationFailed(`Unsupported logout scope ${JSON.stringify(scopeParam)}`);
    await endSessions(tx, user.id, sessionId, scope as LogoutScope);
  });
  return { status: 204 };
}

export async function recover(env: AuthEnv, req: GatewayRequest): Promise<GatewayResponse> {
  const params = readParams(req);
  const email = stringParam(params, 'email') ?? '';
  if (stringParam(params, 'code_challenge')) throw unsupportedLocally('The PKCE flow');
  if (!email) throw validationFailed('Password recovery requires an email');
  const address = validateEmail(email);
  const redirectTo = env.redirects.referrer(req);

  const issued = await env.stack.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, address);
    if (!user) return undefined;
    const token = await issueLinkToken(tx, user.id, 'recovery_token', address);
    await patchUser(tx, user.id, { recovery_sent_at: 'now()' });
    return { to: user.email ?? address, token };
  });
  if (issued) await env.stack.mailer.send(await linkMail(env, 'recovery', issued.to, issued.token, redirectTo));
  return json(200, {});
}
