/**
 * The links GoTrue mails (sign-up confirmation, password recovery) and the one-time tokens
 * behind them, kept in `auth.one_time_tokens`.
 *
 * What must stay true:
 * - a token is 224 random bits, shown only in the mail; the database keeps its SHA-256;
 * - one live token per user and kind: a new mail replaces the previous link;
 * - a token works once (redeeming deletes it) and only within its lifetime:
 *   confirmation links 24 h (GoTrue's MAILER_OTP_EXP default), recovery links 1 h (the
 *   Supabase CLI's `otp_expiry` default — a password-reset capability should not live long);
 * - GoTrue's verify link (`{{ .ConfirmationURL }}`) is
 *   `${authUrl}/verify?token=…&type=signup|recovery&redirect_to=…`; the clear token is also the
 *   `token_hash` that `POST /verify` redeems (`{{ .TokenHash }}`, which the project's recovery
 *   template puts in its /update-password link).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { SqlClient } from '../db/database.ts';

export type LinkTokenKind = 'confirmation_token' | 'recovery_token';

export const LINK_LIFETIME_SECONDS: Record<LinkTokenKind, number> = {
  confirmation_token: 24 * 3600,
  recovery_token: 3600,
};

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** Creates (or replaces) the user's token of this kind and returns the clear token. */
export async function issueLinkToken(
  tx: SqlClient,
  userId: string,
  kind: LinkTokenKind,
  email: string,
): Promise<string> {
  const token = randomBytes(28).toString('hex');
  await tx.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to, created_at)
     values ($1, $2, $3, $4, now())
     on conflict (user_id, token_type)
     do update set token_hash = excluded.token_hash, relates_to = excluded.relates_to, created_at = now()`,
    [userId, kind, digest(token), email],
  );
  return token;
}

/** Consumes a token of one of `kinds`; undefined when unknown, used or expired. */
export async function redeemLinkToken(
  tx: SqlClient,
  token: string,
  kinds: LinkTokenKind[],
): Promise<{ userId: string; kind: LinkTokenKind } | undefined> {
  const { rows } = await tx.query<{ user_id: string; token_type: LinkTokenKind; age_seconds: number }>(
    `delete from auth.one_time_tokens where token_hash = $1 and token_type = any($2::text[])
     returning user_id::text, token_type, extract(epoch from now() - created_at)::float8 as age_seconds`,
    [digest(token), kinds],
  );
  const row = rows[0];
  if (!row || Number(row.age_seconds) > LINK_LIFETIME_SECONDS[row.token_type]) return undefined;
  return { userId: row.user_id, kind: row.token_type };
}

export function verifyLink(authUrl: string, token: string, type: 'signup' | 'recovery', redirectTo: string): string {
  return `${authUrl}/verify?token=${token}&type=${type}&redirect_to=${encodeURIComponent(redirectTo)}`;
}
