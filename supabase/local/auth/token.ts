/**
 * POST /token — the password and refresh_token grants (GoTrue's Token endpoint).
 *
 * What must stay true:
 * - a wrong e-mail and a wrong password give the same 400 `invalid_credentials`, so the
 *   answer does not reveal who is registered; the password is checked before "Email not
 *   confirmed" is revealed;
 * - password checks (bcrypt) run outside transactions;
 * - refresh-token reuse revokes the session's tokens *and commits* before answering 400
 *   `refresh_token_already_used` (see sessions.ts for the rotation rules).
 */
import { json, type GatewayRequest, type GatewayResponse } from '../gateway/http.ts';
import { passwordMatches, passwordWeakness } from './credentials.ts';
import type { AuthEnv } from './env.ts';
import { badRequest, OAuthError, unprocessable, unsupportedLocally, validationFailed } from './errors.ts';
import { readParams, stringParam } from './params.ts';
import { refreshSession, startSession } from './sessions.ts';
import { findUserByEmail, findUserById, isBanned, isConfirmed } from './users.ts';

const invalidCredentials = () => badRequest('invalid_credentials', 'Invalid login credentials');

async function passwordGrant(env: AuthEnv, req: GatewayRequest): Promise<GatewayResponse> {
  const { db } = env.stack;
  const params = readParams(req);
  const email = stringParam(params, 'email') ?? '';
  const phone = stringParam(params, 'phone') ?? '';
  const password = stringParam(params, 'password') ?? '';
  if (email && phone) throw validationFailed('Only an email address or phone number should be provided on login.');
  if (!email && phone) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
  if (!email) throw invalidCredentials();

  const user = await db.transaction((tx) => findUserByEmail(tx, email));
  if (!user) throw invalidCredentials();
  if (isBanned(user)) throw badRequest('user_banned', 'User is banned');
  if (!(await passwordMatches(password, user.encrypted_password))) throw invalidCredentials();
  if (!isConfirmed(user)) throw badRequest('email_not_confirmed', 'Email not confirmed');

  const session = await db.transaction(async (tx) => {
    const current = await findUserById(tx, user.id);
    if (!current || current.encrypted_password !== user.encrypted_password) throw invalidCredentials();
    return startSession(tx, env, current, 'password');
  });
  const weakness = passwordWeakness(password);
  return json(200, weakness ? { ...session, weak_password: weakness } : session);
}

async function refreshTokenGrant(env: AuthEnv, req: GatewayRequest): Promise<GatewayResponse> {
  const refreshToken = stringParam(readParams(req), 'refresh_token') ?? '';
  if (!refreshToken) throw new OAuthError('invalid_request', 'refresh_token required');
  const result = await env.stack.db.transaction((tx) => refreshSession(tx, env, refreshToken));
  if (result === 'reused') throw badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
  return json(200, result);
}

export async function token(env: AuthEnv, req: GatewayRequest): Promise<GatewayResponse> {
  const grantType = req.url.searchParams.get('grant_type') ?? '';
  if (grantType === 'password') return passwordGrant(env, req);
  if (grantType === 'refresh_token') return refreshTokenGrant(env, req);
  if (['pkce', 'id_token', 'web3'].includes(grantType)) throw unsupportedLocally(`grant_type=${grantType}`);
  throw new OAuthError('unsupported_grant_type', '');
}
