/**
 * The SQL the auth service runs on `auth.users` and `auth.identities`, as GoTrue's models do.
 *
 * What must stay true:
 * - every statement runs inside the caller's transaction (`tx`), as the database owner,
 *   so triggers the app's migrations put on `auth.users` fire exactly as on hosted Supabase;
 * - e-mail addresses are stored lower-cased and looked up case-insensitively;
 * - a user signing up by e-mail gets one `email` identity whose `provider_id` is the user id
 *   and whose data (sub, email, email_verified, phone_verified) is merged into user metadata;
 * - `raw_app_meta_data.providers` lists the user's identity providers.
 */
import { randomUUID } from 'node:crypto';
import type { SqlClient } from '../db/database.ts';

export type Json = Record<string, unknown>;

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  confirmation_sent_at: Date | null;
  confirmed_at: Date | null;
  recovery_sent_at: Date | null;
  email_change: string | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Json | null;
  raw_user_meta_data: Json | null;
  created_at: Date | null;
  updated_at: Date | null;
  banned_until: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Json;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
  email: string | null;
}

const USER_COLUMNS = `id::text, aud, role, email, encrypted_password, email_confirmed_at, invited_at, phone,
  phone_confirmed_at, confirmation_sent_at, confirmed_at, recovery_sent_at, email_change, last_sign_in_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at, banned_until, deleted_at, is_anonymous`;

/** The audience every user gets (GoTrue's JWT_AUD default). */
export const AUDIENCE = 'authenticated';
const NIL_INSTANCE = '00000000-0000-0000-0000-000000000000';

export const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

export const isConfirmed = (user: UserRow) => user.email_confirmed_at !== null;
export const isBanned = (user: UserRow) => user.banned_until !== null && new Date(user.banned_until) > new Date();

export async function findUserById(tx: SqlClient, id: string): Promise<UserRow | undefined> {
  if (!isUuid(id)) return undefined;
  const { rows } = await tx.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [id]);
  return rows[0];
}

export async function findUserByEmail(tx: SqlClient, email: string): Promise<UserRow | undefined> {
  const { rows } = await tx.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users
      where lower(email) = lower($1) and aud = $2 and is_sso_user = false`,
    [email, AUDIENCE],
  );
  return rows[0];
}

export async function identitiesOf(tx: SqlClient, userId: string): Promise<IdentityRow[]> {
  const { rows } = await tx.query<IdentityRow>(
    `select id::text, provider_id, user_id::text, identity_data, provider, last_sign_in_at, created_at,
            updated_at, email
       from auth.identities where user_id = $1 order by created_at, id`,
    [userId],
  );
  return rows;
}

export interface NewUser {
  id?: string;
  email: string;
  passwordHash: string | null;
  role?: string;
  userMetadata: Json;
  appMetadata?: Json;
  bannedUntil?: Date | null;
}

/** Inserts the user and its `email` identity (GoTrue's signupNewUser + createNewIdentity). */
export async function insertEmailUser(tx: SqlClient, user: NewUser): Promise<UserRow> {
  const id = user.id ?? randomUUID();
  const identityData: Json = { sub: id, email: user.email, email_verified: false, phone_verified: false };
  for (const [key, value] of Object.entries(user.userMetadata)) {
    if (!(key in identityData)) identityData[key] = value;
  }
  const appMetadata = { ...(user.appMetadata ?? {}), provider: 'email', providers: ['email'] };
  const userMetadata = { ...user.userMetadata, ...identityData };
  await tx.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data,
                             raw_user_meta_data, banned_until, created_at, updated_at, is_anonymous)
     values ($1, $2, $3, $4, lower($5), $6, $7::jsonb, $8::jsonb, $9, now(), now(), false)`,
    [
      NIL_INSTANCE,
      id,
      AUDIENCE,
      user.role ?? AUDIENCE,
      user.email,
      user.passwordHash ?? '',
      JSON.stringify(appMetadata),
      JSON.stringify(userMetadata),
      user.bannedUntil ?? null,
    ],
  );
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3::jsonb, 'email', now(), now(), now())`,
    [id, id, JSON.stringify(identityData)],
  );
  return (await findUserById(tx, id))!;
}

/** Columns the service may set directly; `'now()'` sets a timestamp column to now(). */
type Patchable =
  | 'email'
  | 'role'
  | 'encrypted_password'
  | 'email_confirmed_at'
  | 'confirmation_sent_at'
  | 'recovery_sent_at'
  | 'last_sign_in_at'
  | 'banned_until'
  | 'deleted_at'
  | 'phone';

export async function patchUser(
  tx: SqlClient,
  id: string,
  patch: Partial<Record<Patchable, string | Date | null>>,
): Promise<void> {
  const sets: string[] = ['updated_at = now()'];
  const params: unknown[] = [id];
  for (const [column, value] of Object.entries(patch)) {
    if (value === 'now()') sets.push(`${column} = now()`);
    else {
      params.push(value);
      sets.push(`${column} = $${params.length}`);
    }
  }
  await tx.query(`update auth.users set ${sets.join(', ')} where id = $1`, params);
}

/** Merges keys into raw_user_meta_data (or raw_app_meta_data); a null value removes the key. */
export async function mergeUserJson(
  tx: SqlClient,
  id: string,
  column: 'raw_user_meta_data' | 'raw_app_meta_data',
  updates: Json,
): Promise<void> {
  const removed = Object.keys(updates).filter((key) => updates[key] === null);
  const kept = Object.fromEntries(Object.entries(updates).filter(([, value]) => value !== null));
  await tx.query(
    `update auth.users set ${column} = (coalesce(${column}, '{}'::jsonb) - $2::text[]) || $3::jsonb,
                           updated_at = now()
      where id = $1`,
    [id, removed, JSON.stringify(kept)],
  );
}

/** GoTrue's User.Confirm: confirmed now, email_verified everywhere, pending links void. */
export async function confirmEmail(tx: SqlClient, user: UserRow): Promise<void> {
  await patchUser(tx, user.id, { email_confirmed_at: 'now()' });
  await mergeUserJson(tx, user.id, 'raw_user_meta_data', { email_verified: true });
  await tx.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
      where user_id = $1 and provider = 'email' and lower(identity_data ->> 'email') = lower($2)`,
    [user.id, user.email ?? ''],
  );
  await tx.query('delete from auth.one_time_tokens where user_id = $1', [user.id]);
}

/** GoTrue's UpdateAppMetaDataProviders: `providers` from the identities, `provider` the first. */
export async function syncProviders(tx: SqlClient, userId: string): Promise<void> {
  const { rows } = await tx.query<{ provider: string }>(
    `select provider from auth.identities where user_id = $1 group by provider order by min(created_at)`,
    [userId],
  );
  const providers = rows.map((r) => r.provider);
  const updates: Json = { providers };
  if (providers.length > 0) updates.provider = providers[0];
  await mergeUserJson(tx, userId, 'raw_app_meta_data', updates);
}

/** Admin e-mail change: the user's address and its e-mail identity follow. */
export async function changeEmail(tx: SqlClient, user: UserRow, email: string): Promise<void> {
  await patchUser(tx, user.id, { email });
  await tx.query(
    `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text),
                                updated_at = now()
      where user_id = $1 and provider = 'email'`,
    [user.id, email],
  );
}

export async function listUsers(
  tx: SqlClient,
  page: number,
  perPage: number,
  filter: string | undefined,
): Promise<{ users: UserRow[]; total: number }> {
  const where = `aud = $1 ${filter ? `and (email ilike $2 or raw_user_meta_data ->> 'full_name' ilike $2)` : ''}`;
  const params: unknown[] = filter ? [AUDIENCE, `%${filter}%`] : [AUDIENCE];
  const count = await tx.query<{ total: string }>(
    `select count(*)::text as total from auth.users where ${where}`,
    params,
  );
  const { rows } = await tx.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where ${where}
      order by created_at desc, id limit ${perPage} offset ${(page - 1) * perPage}`,
    params,
  );
  return { users: rows, total: Number(count.rows[0].total) };
}
