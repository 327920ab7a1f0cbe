/**
 * /verify — where e-mail links land (GET, from a mail) and where auth-js's `verifyOtp` posts
 * (POST, with `token_hash`). GoTrue's implicit flow.
 *
 * What must stay true:
 * - GET answers 303 to the validated `redirect_to` (else site_url) with the new session in the
 *   URL fragment, keys in GoTrue's (sorted) order:
 *   `#access_token=…&expires_at=…&expires_in=…&refresh_token=…&token_type=bearer&type=signup`;
 * - an unknown, used or expired link redirects with
 *   `#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired`;
 * - `signup` confirms the e-mail; `recovery`/`magiclink` sign in (and confirm an unconfirmed
 *   address, as GoTrue does); every pending link of the user is void afterwards;
 * - we never mail one-time codes, so a POST with `email` + `token` can only be wrong.
 */
import { json, type GatewayRequest, type GatewayResponse } from '../gateway/http.ts';
import type { SqlClient } from '../db/database.ts';
import { validateEmail } from './credentials.ts';
import type { AuthEnv } from './env.ts';
import { AuthApiError, forbidden, unprocessable, validationFailed } from './errors.ts';
import { redeemLinkToken, type LinkTokenKind } from './links.ts';
import { readParams, stringParam } from './params.ts';
import { startSession, type TokenResponse } from './sessions.ts';
import { confirmEmail, findUserById, isBanned, isConfirmed, syncProviders } from './users.ts';

const KINDS_BY_TYPE: Record<string, LinkTokenKind[]> = {
  signup: ['confirmation_token'],
  invite: ['confirmation_token'],
  recovery: ['recovery_token'],
  magiclink: ['recovery_token'],
  email: ['confirmation_token', 'recovery_token'],
  email_change: [], // never issued here: e-mail changes are not supported locally
};

const OAUTH_ERROR_BY_STATUS: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
};

/** Redeems the link and signs the user in; returns the session and the type to report. */
async function redeem(tx: SqlClient, env: AuthEnv, tokenHash: string, type: string) {
  const kinds = KINDS_BY_TYPE[type];
  if (!kinds) throw validationFailed('Invalid email verification type');
  const redeemed = kinds.length > 0 ? await redeemLinkToken(tx, tokenHash, kinds) : undefined;
  if (!redeemed) throw forbidden('otp_expired', 'Email link is invalid or has expired');
  const user = await findUserById(tx, redeemed.userId);
  if (!user) throw forbidden('otp_expired', 'Email link is invalid or has expired');
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');

  if (redeemed.kind === 'confirmation_token' || !isConfirmed(user)) await confirmEmail(tx, user);
  else await tx.query('delete from auth.one_time_tokens where user_id = $1', [user.id]);
  await syncProviders(tx, user.id);

  const reported = type !== 'email' ? type : redeemed.kind === 'confirmation_token' ? 'signup' : 'magiclink';
  const session: TokenResponse = await startSession(tx, env, user, 'otp');
  return { session, type: reported };
}

function redirect(location: string): GatewayResponse {
  const href = location.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return {
    status: 303,
    headers: { location, 'content-type': 'text/html; charset=utf-8' },
    body: `<a href="${href}">See Other</a>.\n`,
  };
}

export async function verifyGet(env: AuthEnv, req: GatewayRequest): Promise<GatewayResponse> {
  const token = req.url.searchParams.get('token') ?? '';
  const type = req.url.searchParams.get('type') ?? '';
  const redirectTo = env.redirects.referrer(req);
  if (!type) throw validationFailed('Verify requires a verification type');
  if (!token) throw validationFailed('Verify requires a token or a token hash');

  try {
    const result = await env.stack.db.transaction((tx) => redeem(tx, env, token, type));
    const fragment = new URLSearchParams({
      access_token: result.session.access_token,
      expires_at: String(result.session.expires_at),
      expires_in: String(result.session.expires_in),
      refresh_token: result.session.refresh_token,
      token_type: result.session.token_type,
      type: result.type,
    });
    return redirect(`${redirectTo}#${fragment}`);
  } catch (error) {
    if (!(error instanceof AuthApiError)) throw error;
    const fragment = new URLSearchParams();
    const oauthError = OAUTH_ERROR_BY_STATUS[error.status];
    if (oauthError) fragment.set('error', oauthError);
    fragment.set('error_code', error.code);
    fragment.set('error_description', error.message);
    return redirect(`${redirectTo.split('#')[0]}#${fragment}`);
  }
}

export async function verifyPost(env: AuthEnv, req: GatewayRequest): Promise<GatewayResponse> {
  const params = readParams(req);
  const type = stringParam(params, 'type') ?? '';
  const token = stringParam(params, 'token') ?? '';
  const tokenHash = stringParam(params, 'token_hash') ?? '';
  const email = stringParam(params, 'email') ?? '';
  const phone = stringParam(params, 'phone') ?? '';
  if (!type) throw validationFailed('Verify requires a verification type');
  if (!token === !tokenHash) throw validationFailed('Verify requires either a token or a token hash');
  if (token) {
    if (!email || phone) {
      throw validationFailed('Only an email address or phone number should be provided on verify');
    }
    try {
      validateEmail(email);
    } catch {
      throw unprocessable('validation_failed', 'Invalid email format');
    }
    throw forbidden('otp_expired', 'Token has expired or is invalid');
  }
  if (email || phone || stringParam(params, 'redirect_to')) {
    throw validationFailed('Only the token_hash and type should be provided');
  }
  const result = await env.stack.db.transaction((tx) => redeem(tx, env, tokenHash, type));
  return json(200, result.session);
}
