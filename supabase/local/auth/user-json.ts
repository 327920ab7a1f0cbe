/**
 * The user object exactly as GoTrue serialises `models.User` (and its identities): field
 * order, `""` for a missing e-mail or phone, optional timestamps left out when null.
 * auth-js hands this object to the app as `User`, so its shape is part of the contract.
 */
import { randomUUID } from 'node:crypto';
import type { SqlClient } from '../db/database.ts';
import { AUDIENCE, findUserById, identitiesOf, type IdentityRow, type Json, type UserRow } from './users.ts';

const iso = (value: Date | string | null): string | undefined =>
  value === null ? undefined : new Date(value).toISOString();

/** Adds `key` only when the timestamp is set (Go's `omitempty` on a *time.Time). */
function optional(target: Json, key: string, value: Date | string | null): void {
  const text = iso(value);
  if (text !== undefined) target[key] = text;
}

export function identityJson(identity: IdentityRow): Json {
  const out: Json = {
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: identity.identity_data,
    provider: identity.provider,
  };
  optional(out, 'last_sign_in_at', identity.last_sign_in_at);
  out.created_at = iso(identity.created_at);
  out.updated_at = iso(identity.updated_at);
  if (identity.email) out.email = identity.email;
  return out;
}

export function userJson(user: UserRow, identities: IdentityRow[]): Json {
  const out: Json = { id: user.id, aud: user.aud ?? '', role: user.role ?? '', email: user.email ?? '' };
  optional(out, 'email_confirmed_at', user.email_confirmed_at);
  optional(out, 'invited_at', user.invited_at);
  out.phone = user.phone ?? '';
  optional(out, 'phone_confirmed_at', user.phone_confirmed_at);
  optional(out, 'confirmation_sent_at', user.confirmation_sent_at);
  optional(out, 'confirmed_at', user.confirmed_at);
  optional(out, 'recovery_sent_at', user.recovery_sent_at);
  if (user.email_change) out.new_email = user.email_change;
  optional(out, 'last_sign_in_at', user.last_sign_in_at);
  out.app_metadata = user.raw_app_meta_data ?? {};
  out.user_metadata = user.raw_user_meta_data ?? {};
  out.identities = identities.map(identityJson);
  out.created_at = iso(user.created_at);
  out.updated_at = iso(user.updated_at);
  optional(out, 'banned_until', user.banned_until);
  optional(out, 'deleted_at', user.deleted_at);
  out.is_anonymous = user.is_anonymous;
  return out;
}

/** The user with its identities, as the API shows it; undefined when there is no such user. */
export async function loadUserJson(tx: SqlClient, id: string): Promise<Json | undefined> {
  const user = await findUserById(tx, id);
  return user && userJson(user, await identitiesOf(tx, id));
}

/**
 * GoTrue's sanitizeUser: what /signup answers for an address that is already registered and
 * confirmed (with confirmations on), so the response does not reveal that it exists — a fresh
 * id, no identities, only the metadata that was just sent.
 */
export function obfuscatedUserJson(user: UserRow, data: Json): Json {
  const now = new Date();
  return userJson(
    {
      ...user,
      id: randomUUID(),
      aud: AUDIENCE,
      role: '',
      phone: null,
      email_change: null,
      created_at: now,
      updated_at: now,
      confirmation_sent_at: now,
      last_sign_in_at: null,
      confirmed_at: null,
      email_confirmed_at: null,
      phone_confirmed_at: null,
      raw_user_meta_data: data,
      raw_app_meta_data: { provider: 'email', providers: ['email'] },
    },
    [],
  );
}
