/**
 * Sessions, access tokens and refresh-token rotation, as GoTrue does them.
 *
 * What must stay true:
 * - a sign-in creates one `auth.sessions` row, records how it was authenticated
 *   (`auth.mfa_amr_claims`, the `amr` claim) and issues one refresh token for it;
 * - access tokens are HS256 JWTs with GoTrue's claims (iss, sub, aud, exp, iat, email, phone,
 *   app_metadata, user_metadata, role, aal, amr, session_id, is_anonymous);
 * - refreshing revokes the presented token and issues a child (`parent` = the old token);
 *   presenting the parent of the session's active token again returns that active token;
 *   presenting an older revoked token is allowed within `refresh_token_reuse_interval`
 *   (counted from its revocation) and otherwise revokes every token of the session and
 *   fails with `refresh_token_already_used` — committed, not rolled back;
 * - logging out deletes sessions, which deletes their refresh tokens (foreign key cascade)
 *   and makes every access token naming them fail with `session_not_found`.
 * Refresh tokens are stored as GoTrue stores them (plain, unique, random); they are never logged.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { SqlClient } from '../db/database.ts';
import { signJwt } from '../jwt.ts';
import type { AuthEnv } from './env.ts';
import { badRequest } from './errors.ts';
import { userJson } from './user-json.ts';
import { findUserById, identitiesOf, isBanned, patchUser, type Json, type UserRow } from './users.ts';

export type AuthMethod = 'password' | 'otp';

export interface TokenResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Json;
  weak_password?: { message: string; reasons: string[] };
}

const newRefreshToken = () => randomBytes(16).toString('base64url');

async function amrOf(tx: SqlClient, sessionId: string): Promise<Array<{ method: string; timestamp: number }>> {
  const { rows } = await tx.query<{ method: string; timestamp: string }>(
    `select authentication_method as method, floor(extract(epoch from updated_at))::bigint::text as timestamp
       from auth.mfa_amr_claims where session_id = $1 order by updated_at desc`,
    [sessionId],
  );
  return rows.map((r) => ({ method: r.method, timestamp: Number(r.timestamp) }));
}

async function tokenResponse(
  tx: SqlClient,
  env: AuthEnv,
  userId: string,
  session: { id: string; aal: string | null },
  refreshToken: string,
): Promise<TokenResponse> {
  const user = (await findUserById(tx, userId))!;
  const iat = Math.floor(Date.now() / 1000);
  const expiresIn = env.stack.config.jwtExpirySeconds;
  const claims = {
    aud: user.aud ?? '',
    exp: iat + expiresIn,
    iat,
    iss: env.authUrl,
    sub: user.id,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role ?? '',
    aal: session.aal ?? 'aal1',
    amr: await amrOf(tx, session.id),
    session_id: session.id,
    is_anonymous: user.is_anonymous,
  };
  return {
    access_token: signJwt(claims, env.stack.jwtSecret),
    token_type: 'bearer',
    expires_in: expiresIn,
    expires_at: iat + expiresIn,
    refresh_token: refreshToken,
    user: userJson(user, await identitiesOf(tx, user.id)),
  };
}

/** GoTrue's issueRefreshToken: a new session for `user`, signed in by `method`. */
export async function startSession(
  tx: SqlClient,
  env: AuthEnv,
  user: UserRow,
  method: AuthMethod,
): Promise<TokenResponse> {
  const sessionId = randomUUID();
  const refreshToken = newRefreshToken();
  await tx.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal) values ($1, $2, now(), now(), 'aal1')`,
    [sessionId, user.id],
  );
  await tx.query(
    `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
     values ($1, now(), now(), $2, $3)`,
    [sessionId, method, randomUUID()],
  );
  await tx.query(
    `insert into auth.refresh_tokens (token, user_id, revoked, parent, session_id, created_at, updated_at)
     values ($1, $2, false, null, $3, now(), now())`,
    [refreshToken, user.id, sessionId],
  );
  await patchUser(tx, user.id, { last_sign_in_at: 'now()' });
  return tokenResponse(tx, env, user.id, { id: sessionId, aal: 'aal1' }, refreshToken);
}

interface RefreshTokenRow {
  token: string;
  user_id: string;
  revoked: boolean;
  parent: string | null;
  session_id: string | null;
  reuse_window_over: boolean;
}

/** The refresh_token grant. `'reused'` means reuse was detected and the session's tokens revoked. */
export async function refreshSession(
  tx: SqlClient,
  env: AuthEnv,
  presented: string,
): Promise<TokenResponse | 'reused'> {
  const notFound = () => badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  const { rows } = await tx.query<RefreshTokenRow>(
    `select token, user_id, revoked, parent, session_id::text,
            updated_at + $2 * interval '1 second' < now() as reuse_window_over
       from auth.refresh_tokens where token = $1 for update`,
    [presented, env.stack.config.refreshTokenReuseIntervalSeconds],
  );
  const token = rows[0];
  if (!token) throw notFound();
  const user = await findUserById(tx, token.user_id);
  if (!user) throw notFound();
  if (isBanned(user)) throw badRequest('user_banned', 'Invalid Refresh Token: User Banned');

  const sessions = token.session_id
    ? await tx.query<{ id: string; aal: string | null; expired: boolean }>(
        `select id::text, aal, coalesce(not_after < now(), false) as expired from auth.sessions where id = $1 for update`,
        [token.session_id],
      )
    : { rows: [] };
  const session = sessions.rows[0];
  if (!session) throw badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found');
  if (session.expired) throw badRequest('session_expired', 'Invalid Refresh Token: Session Expired');

  let issued: string | undefined;
  if (token.revoked) {
    const active = await tx.query<{ token: string; parent: string | null }>(
      `select token, parent from auth.refresh_tokens
        where session_id = $1 and revoked = false order by id desc limit 1`,
      [session.id],
    );
    if (active.rows[0]?.parent === token.token) {
      issued = active.rows[0].token;
    } else if (token.reuse_window_over) {
      await tx.query(`update auth.refresh_tokens set revoked = true where session_id = $1 and revoked = false`, [
        session.id,
      ]);
      return 'reused';
    }
  }
  if (!issued) {
    issued = newRefreshToken();
    await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1`, [token.token]);
    await tx.query(
      `insert into auth.refresh_tokens (token, user_id, revoked, parent, session_id, created_at, updated_at)
       values ($1, $2, false, $3, $4, now(), now())`,
      [issued, user.id, token.token, session.id],
    );
  }
  await tx.query(`update auth.sessions set updated_at = now() where id = $1`, [session.id]);
  return tokenResponse(tx, env, user.id, session, issued);
}

/** Authentication methods GoTrue's Session.IsRecovery counts: a session opened from an e-mail link. */
const RECOVERY_METHODS = ['otp', 'magiclink', 'recovery'];

/**
 * GoTrue's Session.IsRecovery: whether the session was opened by an e-mail link (its amr
 * claims), which exempts it from `require_current_password`. No session is not a recovery.
 */
export async function isRecoverySession(tx: SqlClient, sessionId: string | null): Promise<boolean> {
  if (!sessionId) return false;
  const { rows } = await tx.query(
    'select 1 from auth.mfa_amr_claims where session_id = $1 and authentication_method = any($2::text[])',
    [sessionId, RECOVERY_METHODS],
  );
  return rows.length > 0;
}

export type LogoutScope = 'global' | 'local' | 'others';

/** GoTrue's Logout / LogoutSession / LogoutAllExceptMe. */
export async function endSessions(tx: SqlClient, userId: string, sessionId: string | null, scope: LogoutScope) {
  if (sessionId && scope === 'local') {
    await tx.query('delete from auth.sessions where id = $1', [sessionId]);
  } else if (sessionId && scope === 'others') {
    await tx.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, sessionId]);
  } else {
    await tx.query('delete from auth.sessions where user_id = $1', [userId]);
    await tx.query('delete from auth.refresh_tokens where user_id = $1', [userId]);
  }
}
