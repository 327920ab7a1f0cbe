/**
 * POST /signup with e-mail and password — GoTrue's Signup.
 *
 * What must stay true:
 * - checks run in GoTrue's order: signups disabled, password present and strong enough,
 *   e-mail format; each with GoTrue's code and message;
 * - with e-mail confirmations on, a new user is unconfirmed, gets a confirmation mail whose
 *   link redirects to the validated `redirect_to` (else site_url), and the answer is the user
 *   without a session; an already confirmed address gets an obfuscated user (`identities: []`,
 *   a made-up id) and no mail, so the answer does not reveal who is registered; an address
 *   registered but unconfirmed gets a fresh confirmation mail and is not modified;
 * - with confirmations off (autoconfirm), the user is confirmed and signed in at once and an
 *   existing address is 422 `user_already_exists`;
 * - the mail goes out only after the transaction committed.
 */
import { isPgError } from '../db/database.ts';
import { json, type GatewayRequest, type GatewayResponse } from '../gateway/http.ts';
import { checkPasswordStrength, hashPassword, validateEmail } from './credentials.ts';
import type { AuthEnv } from './env.ts';
import { badRequest, unprocessable, unsupportedLocally, validationFailed } from './errors.ts';
import { issueLinkToken } from './links.ts';
import { linkMail } from './mails.ts';
import { objectParam, readParams, stringParam } from './params.ts';
import { startSession, type TokenResponse } from './sessions.ts';
import { obfuscatedUserJson, userJson } from './user-json.ts';
import {
  confirmEmail,
  findUserByEmail,
  findUserById,
  identitiesOf,
  insertEmailUser,
  isConfirmed,
  patchUser,
  type Json,
  type UserRow,
} from './users.ts';

type Outcome =
  | { kind: 'registered'; user: UserRow }
  | { kind: 'session'; session: TokenResponse }
  | { kind: 'confirm'; user: Json; token: string };

export async function signup(env: AuthEnv, req: GatewayRequest): Promise<GatewayResponse> {
  const { config, db, mailer } = env.stack;
  if (!config.enableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');

  const params = readParams(req);
  const email = stringParam(params, 'email') ?? '';
  const phone = stringParam(params, 'phone') ?? '';
  const password = stringParam(params, 'password') ?? '';
  const data = objectParam(params, 'data') ?? {};
  if (!password) throw validationFailed('Signup requires a valid password');
  checkPasswordStrength(password);
  if (email && phone) throw validationFailed('Only an email address or phone number should be provided on signup.');
  if (stringParam(params, 'code_challenge')) throw unsupportedLocally('The PKCE flow');
  if (!email && phone) throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
  if (!email) throw validationFailed('Sign up only available with email provider');
  const address = validateEmail(email);

  const autoconfirm = !config.enableConfirmations;
  const redirectTo = env.redirects.referrer(req);
  const passwordHash = await hashPassword(password);

  let outcome: Outcome;
  try {
    outcome = await db.transaction(async (tx): Promise<Outcome> => {
      let user = await findUserByEmail(tx, address);
      if (user && isConfirmed(user)) return { kind: 'registered', user };
      user ??= await insertEmailUser(tx, { email: address, passwordHash, userMetadata: data });
      if (autoconfirm) {
        await confirmEmail(tx, user);
        return { kind: 'session', session: await startSession(tx, env, user, 'password') };
      }
      const token = await issueLinkToken(tx, user.id, 'confirmation_token', address);
      await patchUser(tx, user.id, { confirmation_sent_at: 'now()' });
      const fresh = (await findUserById(tx, user.id))!;
      return {
        kind: 'confirm',
        user: userJson(fresh, await identitiesOf(tx, fresh.id)),
        token,
      };
    });
  } catch (error) {
    // Two sign-ups of one address racing on PostgreSQL: the unique index decides.
    if (isPgError(error) && error.code === '23505') {
      throw unprocessable('user_already_exists', 'User already registered');
    }
    throw error;
  }

  if (outcome.kind === 'registered') {
    if (autoconfirm) throw unprocessable('user_already_exists', 'User already registered');
    return json(200, obfuscatedUserJson(outcome.user, data));
  }
  if (outcome.kind === 'session') return json(200, outcome.session);
  await mailer.send(await linkMail(env, 'confirmation', address, outcome.token, redirectTo));
  return json(200, outcome.user);
}
