/**
 * Who is calling: the user of the access token in the `Authorization: Bearer` header, as the
 * auth server knows them now (`auth.getUser(jwt)`), not as the token claims — a deleted user
 * or a revoked session is refused even while the token has not expired.
 *
 * `verify_jwt` at the relay only proves the token was signed by the project; the anon key
 * passes it. Functions acting for a user must call `callerOf()`.
 */
import { AuthError, type User } from 'npm:@supabase/supabase-js@2.109.0';
import { anonClient } from './clients.ts';
import { requireEnv } from './env.ts';

export type Caller = { ok: true; user: User; accessToken: string } | { ok: false };

export function bearerToken(req: Request): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '');
  return match?.[1];
}

const callers = new WeakMap<Request, Promise<Caller>>();

/**
 * The calling user, or `{ok: false}` when the request carries no valid user token. Asked of
 * the auth server once per request: a second call (serveBilling's budget, then the function)
 * gets the same answer.
 */
export function callerOf(req: Request): Promise<Caller> {
  let caller = callers.get(req);
  if (!caller) {
    caller = lookUpCaller(req);
    callers.set(req, caller);
  }
  return caller;
}

async function lookUpCaller(req: Request): Promise<Caller> {
  const accessToken = bearerToken(req);
  if (!accessToken) return { ok: false };
  const { data, error } = await anonClient().auth.getUser(accessToken);
  if (error) {
    // 4xx: the token is not a user's (anon key, expired, revoked). Anything else is an outage.
    if (error instanceof AuthError && error.status !== undefined && error.status >= 400 && error.status < 500) {
      return { ok: false };
    }
    throw error;
  }
  return { ok: true, user: data.user, accessToken };
}

/**
 * Sets the caller's password with their own access token (GoTrue's `PUT /user`), which keeps
 * this session and ends the user's other sessions. The current password goes along: an auth
 * server that requires it (config.toml's `require_current_password`, which the CLI does not
 * push to a hosted project) answers 400 `current_password_required` / `current_password_invalid`
 * otherwise; one that does not ignores it — callers check it themselves too. supabase-js's
 * `updateUser` needs a stored session, which a function never keeps, hence the direct call.
 */
export async function updateOwnPassword(
  accessToken: string,
  currentPassword: string,
  password: string,
): Promise<{ ok: true } | { ok: false; status: number; code: string; message: string }> {
  const response = await fetch(`${requireEnv('SUPABASE_URL')}/auth/v1/user`, {
    method: 'PUT',
    headers: {
      apikey: requireEnv('SUPABASE_ANON_KEY'),
      authorization: `Bearer ${accessToken}`,
      'content-type': 'application/json',
      'x-supabase-api-version': '2024-01-01',
    },
    body: JSON.stringify({ password, current_password: currentPassword }),
  });
  if (response.ok) return { ok: true };
  const body = await response.json().catch(() => ({}));
  return {
    ok: false,
    status: response.status,
    code: String(body.code ?? body.error_code ?? ''),
    message: String(body.message ?? body.msg ?? response.statusText),
  };
}
