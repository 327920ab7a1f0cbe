/**
 * /admin/users — the service-role user management behind `supabase.auth.admin.*`
 * (GoTrue's adminUserCreate, adminUsers, adminUserGet, adminUserUpdate, adminUserDelete).
 *
 * What must stay true:
 * - only a JWT with the service_role role gets in (caller.ts); anyone else is 403 `not_admin`;
 * - the list is newest first, paginated by `page`/`per_page` (default 50), with GoTrue's
 *   `X-Total-Count` and `Link` headers, which auth-js reads for `nextPage`/`lastPage`/`total`;
 * - deleting a user deletes its identities, sessions, refresh tokens and pending links
 *   (foreign keys cascade); a soft delete (`should_soft_delete`) keeps the row but
 *   obfuscates the address, clears password and metadata, and ends every session;
 * - admin updates change the e-mail address directly (no mail), as GoTrue's admin API does;
 *   a new password ends all of the user's sessions.
 */
import { createHash } from 'node:crypto';
import { json, type GatewayRequest, type GatewayResponse } from '../gateway/http.ts';
import { requireAdmin } from './caller.ts';
import { checkPasswordStrength, hashPassword, validateEmail } from './credentials.ts';
import type { AuthEnv } from './env.ts';
import {
  AuthApiError,
  emailExists,
  notFound,
  unprocessable,
  unsupportedLocally,
  userNotFound,
  validationFailed,
} from './errors.ts';
import { parseBanDuration, updateUserAsAdmin } from './admin-update.ts';
import { booleanParam, objectParam, readParams, stringParam } from './params.ts';
import { loadUserJson, userJson } from './user-json.ts';
import {
  AUDIENCE,
  confirmEmail,
  findUserByEmail,
  findUserById,
  identitiesOf,
  insertEmailUser,
  isUuid,
  listUsers,
  type UserRow,
} from './users.ts';
import type { SqlClient } from '../db/database.ts';

const DEFAULT_PER_PAGE = 50;

async function createUser(env: AuthEnv, req: GatewayRequest): Promise<GatewayResponse> {
  const params = readParams(req);
  const email = stringParam(params, 'email') ?? '';
  const phone = stringParam(params, 'phone') ?? '';
  const password = stringParam(params, 'password');
  const id = stringParam(params, 'id');
  const banDuration = stringParam(params, 'ban_duration');
  if (stringParam(params, 'password_hash')) throw unsupportedLocally('Creating a user from a password_hash');
  if (!email && !phone) throw validationFailed('Cannot create a user without either an email or phone');
  if (phone) throw unsupportedLocally('Phone users');
  const address = validateEmail(email);
  if (id !== undefined && !isUuid(id)) throw validationFailed('ID must conform to the uuid v4 format');
  if (password !== undefined) checkPasswordStrength(password);
  const bannedUntil = banDuration ? parseBanDuration(banDuration) : null;
  const passwordHash = password ? await hashPassword(password) : null;

  const user = await env.stack.db.transaction(async (tx) => {
    if (await findUserByEmail(tx, address)) throw emailExists();
    if (id && (await findUserById(tx, id))) throw unprocessable('user_already_exists', 'User already exists');
    const created = await insertEmailUser(tx, {
      id,
      email: address,
      passwordHash,
      role: stringParam(params, 'role') || undefined,
      userMetadata: objectParam(params, 'user_metadata') ?? {},
      appMetadata: objectParam(params, 'app_metadata') ?? {},
      bannedUntil,
    });
    if (booleanParam(params, 'email_confirm')) await confirmEmail(tx, created);
    return userJsonById(tx, created.id);
  });
  return json(200, user);
}

function pageParam(req: GatewayRequest, name: string, fallback: number): number {
  const text = req.url.searchParams.get(name) ?? '';
  if (text === '') return fallback;
  if (!/^\d+$/.test(text) || Number(text) < 1) {
    throw validationFailed(`Bad Pagination Parameters: ${name} must be a positive integer`);
  }
  return Number(text);
}

async function listAllUsers(env: AuthEnv, req: GatewayRequest): Promise<GatewayResponse> {
  const page = pageParam(req, 'page', 1);
  const perPage = pageParam(req, 'per_page', DEFAULT_PER_PAGE);
  const filter = req.url.searchParams.get('filter') || undefined;
  const { users, total } = await env.stack.db.transaction(async (tx) => {
    const found = await listUsers(tx, page, perPage, filter);
    const withIdentities = [];
    for (const u of found.users) withIdentities.push(userJson(u, await identitiesOf(tx, u.id)));
    return { users: withIdentities, total: found.total };
  });
  const lastPage = Math.ceil(total / perPage);
  const pageLink = (n: number) => `<${env.authUrl}/admin/users?page=${n}&per_page=${perPage}>`;
  const links = page < lastPage ? [`${pageLink(page + 1)}; rel="next"`] : [];
  links.push(`${pageLink(lastPage)}; rel="last"`);
  return json(200, { users, aud: AUDIENCE }, { 'x-total-count': String(total), link: links.join(', ') });
}

const obfuscate = (id: string, value: string) =>
  createHash('sha256')
    .update(id + value)
    .digest('base64url');

/** GoTrue's SoftDeleteUser: the row stays, nothing can sign in with it any more. */
async function softDelete(tx: SqlClient, user: UserRow): Promise<void> {
  await tx.query(
    `update auth.users set email = $2, phone = null, encrypted_password = '', email_change = '',
            confirmation_token = '', recovery_token = '', raw_user_meta_data = '{}'::jsonb,
            raw_app_meta_data = '{}'::jsonb, deleted_at = now(), updated_at = now()
      where id = $1`,
    [user.id, user.email ? obfuscate(user.id, user.email) : null],
  );
  const identities = await identitiesOf(tx, user.id);
  for (const identity of identities) {
    await tx.query(`update auth.identities set provider_id = $2, identity_data = '{}'::jsonb where id = $1`, [
      identity.id,
      obfuscate(user.id, identity.provider_id),
    ]);
  }
  await tx.query('delete from auth.one_time_tokens where user_id = $1', [user.id]);
  await tx.query('delete from auth.sessions where user_id = $1', [user.id]);
  await tx.query('delete from auth.refresh_tokens where user_id = $1', [user.id]);
}

async function userJsonById(tx: SqlClient, id: string) {
  const user = await loadUserJson(tx, id);
  if (!user) throw userNotFound();
  return user;
}

async function oneUser(env: AuthEnv, req: GatewayRequest, id: string): Promise<GatewayResponse> {
  const { db } = env.stack;
  if (req.method === 'GET') return json(200, await db.transaction((tx) => userJsonById(tx, id)));
  if (req.method === 'PUT') return updateUserAsAdmin(env, req, id);
  if (req.method === 'DELETE') {
    const softly = booleanParam(readParams(req), 'should_soft_delete') ?? false;
    await db.transaction(async (tx) => {
      const user = await findUserById(tx, id);
      if (!user) throw userNotFound();
      if (softly) await softDelete(tx, user);
      else await tx.query('delete from auth.users where id = $1', [id]);
    });
    return json(200, {});
  }
  throw methodNotAllowed();
}

const methodNotAllowed = () => new AuthApiError(405, 'method_not_allowed', 'Method Not Allowed');

/** `subPath` is what follows /admin/users: '' for the collection, '/<id>' for one user. */
export async function adminUsers(env: AuthEnv, req: GatewayRequest, subPath: string): Promise<GatewayResponse> {
  requireAdmin(env, req);
  const id = subPath.replace(/^\//, '');
  if (!id) {
    if (req.method === 'GET') return listAllUsers(env, req);
    if (req.method === 'POST') return createUser(env, req);
    throw methodNotAllowed();
  }
  if (id.includes('/')) throw notFound('not_found', 'Not Found');
  if (!isUuid(id)) throw validationFailed('user_id must be an UUID');
  return oneUser(env, req, id);
}
