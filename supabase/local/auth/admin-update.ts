/**
 * PUT /admin/users/{id} — GoTrue's adminUserUpdate: the service role sets a user's password,
 * e-mail (directly, no mail), confirmation, metadata, role or ban.
 *
 * What must stay true:
 * - metadata updates merge (a null value removes the key), as for the user's own update;
 * - a new password ends all the user's sessions and voids pending e-mail links;
 * - `email_confirm: true` confirms the (possibly new) address;
 * - `ban_duration` takes Go durations ("24h", "90m", "1h30m") or "none" to lift a ban.
 */
import { json, type GatewayRequest, type GatewayResponse } from '../gateway/http.ts';
import { checkPasswordStrength, hashPassword, validateEmail } from './credentials.ts';
import type { AuthEnv } from './env.ts';
import { emailExists, unsupportedLocally, userNotFound, validationFailed } from './errors.ts';
import { booleanParam, objectParam, readParams, stringParam } from './params.ts';
import { endSessions } from './sessions.ts';
import { loadUserJson } from './user-json.ts';
import {
  changeEmail,
  confirmEmail,
  findUserByEmail,
  findUserById,
  isConfirmed,
  mergeUserJson,
  patchUser,
} from './users.ts';

const DURATION_UNITS_MS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  μs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

/** Go's time.ParseDuration, as GoTrue applies it to `ban_duration`; "none" lifts the ban. */
export function parseBanDuration(text: string): Date | null {
  if (text === 'none') return null;
  const invalid = () =>
    validationFailed(`invalid format for ban duration: time: invalid duration ${JSON.stringify(text)}`);
  const match = /^([-+]?)((?:(?:\d+\.?\d*|\.\d+)(?:ns|us|µs|μs|ms|s|m|h))+|0)$/.exec(text);
  if (!match) throw invalid();
  let ms = 0;
  for (const [, amount, unit] of match[2].matchAll(/(\d+\.?\d*|\.\d+)(ns|us|µs|μs|ms|s|m|h)/g)) {
    ms += Number(amount) * DURATION_UNITS_MS[unit];
  }
  return new Date(Date.now() + (match[1] === '-' ? -ms : ms));
}

export async function updateUserAsAdmin(env: AuthEnv, req: GatewayRequest, id: string): Promise<GatewayResponse> {
  const params = readParams(req);
  const email = stringParam(params, 'email');
  const phone = stringParam(params, 'phone');
  const password = stringParam(params, 'password');
  const role = stringParam(params, 'role');
  const banDuration = stringParam(params, 'ban_duration');
  const userMetadata = objectParam(params, 'user_metadata');
  const appMetadata = objectParam(params, 'app_metadata');
  const emailConfirm = booleanParam(params, 'email_confirm');
  const address = email ? validateEmail(email) : undefined;
  if (password !== undefined) checkPasswordStrength(password);
  if (stringParam(params, 'password_hash')) throw unsupportedLocally('Setting a password_hash');
  const bannedUntil = banDuration ? parseBanDuration(banDuration) : undefined;
  const passwordHash = password ? await hashPassword(password) : undefined;

  const user = await env.stack.db.transaction(async (tx) => {
    let user = await findUserById(tx, id);
    if (!user) throw userNotFound();
    if (phone && phone !== (user.phone ?? '')) throw unsupportedLocally('Phone numbers');
    if (bannedUntil !== undefined) await patchUser(tx, id, { banned_until: bannedUntil });
    if (role) await patchUser(tx, id, { role });
    if (appMetadata) await mergeUserJson(tx, id, 'raw_app_meta_data', appMetadata);
    if (userMetadata) await mergeUserJson(tx, id, 'raw_user_meta_data', userMetadata);
    if (address && address !== user.email) {
      const holder = await findUserByEmail(tx, address);
      if (holder && holder.id !== id) throw emailExists();
      await changeEmail(tx, user, address);
      user = (await findUserById(tx, id))!;
    }
    if (passwordHash) {
      await patchUser(tx, id, { encrypted_password: passwordHash, confirmation_sent_at: null, recovery_sent_at: null });
      await tx.query('delete from auth.one_time_tokens where user_id = $1', [id]);
      await endSessions(tx, id, null, 'global');
    }
    if (emailConfirm && !isConfirmed(user)) await confirmEmail(tx, user);
    return (await loadUserJson(tx, id))!;
  });
  return json(200, user);
}
