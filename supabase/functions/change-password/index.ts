/**
 * change-password: the profile screen's password change (spec 1, "Serverless functions").
 *
 * POST with the session's access token as bearer and `{current_password, new_password}`;
 * answers `{success, message}`. The current password is checked twice, so a stolen access
 * token alone cannot change the password whatever the project's settings:
 * - here, by a password sign-in on a throw-away client, whose session is signed out again —
 *   this check does not depend on the auth server's configuration (the Supabase CLI does not
 *   push config.toml's `require_current_password` to a hosted project);
 * - by the auth server, when it requires it: the new password is set with the caller's own
 *   token and the current password (`PUT /auth/v1/user` with `current_password`).
 * The session that made the change stays signed in, every other session of the user is ended.
 *
 * What must stay true:
 * - only accounts that sign in with e-mail and password may change it here (the spec offers
 *   the form to e-mail-provider accounts only);
 * - a wrong current password changes nothing and says 'Current password is incorrect' (400),
 *   whether or not the auth server requires the current password;
 * - the check's sign-in leaves no session behind (its refresh token is revoked at once);
 * - the new password follows the app's rule: at least 6 characters, with the spec's message.
 */
import { z } from 'npm:zod@4.6.7';
import { callerOf, updateOwnPassword } from '../_shared/auth.ts';
import { anonClient } from '../_shared/clients.ts';
import { preflight } from '../_shared/cors.ts';
import { jsonResponse, readJson } from '../_shared/http.ts';
import { PayloadTooLarge } from '../_shared/request-body.ts';

const PASSWORD_MIN_LENGTH = 6;
/** GoTrue's codes for a missing or wrong `current_password` (when it requires one). */
const CURRENT_PASSWORD_REFUSED = new Set(['current_password_required', 'current_password_invalid']);

const ChangePasswordBody = z.object(
  {
    current_password: z
      .string({ error: 'Current password is required' })
      .min(1, { error: 'Current password is required' }),
    new_password: z
      .string({ error: 'New password is required' })
      .min(PASSWORD_MIN_LENGTH, { error: `Password must contain at least ${PASSWORD_MIN_LENGTH} characters` }),
  },
  { error: 'The request body must be a JSON object with current_password and new_password' },
);

function result(req: Request, status: number, success: boolean, message: string): Response {
  return jsonResponse(req, status, { success, message });
}

/** The auth server failed (not: refused a password); answered 502. */
class AuthServerError extends Error {}

/**
 * Whether `password` is the account's: a password sign-in on a throw-away client. Its session
 * is not needed and is ended at once, so it leaves no refresh token behind. A 400 is a wrong
 * password; anything else is the auth server failing (thrown, answered 502 by the caller).
 */
async function isCurrentPassword(email: string, password: string): Promise<boolean> {
  const verifier = anonClient();
  const { error } = await verifier.auth.signInWithPassword({ email, password });
  if (error?.status === 400) return false;
  if (error) throw new AuthServerError(`verifying the current password failed: ${error.status} ${error.message}`);
  const { error: signOutError } = await verifier.auth.signOut({ scope: 'local' });
  if (signOutError) console.error(`ending the check's session failed: ${signOutError.message}`);
  return true;
}

async function changePassword(req: Request): Promise<Response> {
  const parsed = ChangePasswordBody.safeParse(await readJson(req));
  if (!parsed.success) return result(req, 400, false, parsed.error.issues[0].message);
  const { current_password, new_password } = parsed.data;

  const caller = await callerOf(req);
  if (!caller.ok) return result(req, 401, false, 'Your session has expired. Please log in again.');
  const { user } = caller;
  if (user.app_metadata.provider !== 'email' || !user.email) {
    return result(req, 403, false, 'Password change is only available for accounts that sign in with e-mail');
  }

  if (!(await isCurrentPassword(user.email, current_password))) {
    return result(req, 400, false, 'Current password is incorrect');
  }
  const update = await updateOwnPassword(caller.accessToken, current_password, new_password);
  if (!update.ok && CURRENT_PASSWORD_REFUSED.has(update.code)) {
    return result(req, 400, false, 'Current password is incorrect');
  }
  if (!update.ok) {
    const status = update.status < 500 ? 400 : 502;
    console.error(`updating the password failed: ${update.status} ${update.message}`);
    return result(req, status, false, status === 400 ? update.message : 'Failed to update password');
  }
  return result(req, 200, true, 'Password updated successfully');
}

Deno.serve(async (req) => {
  if (req.method === 'OPTIONS') return preflight(req);
  if (req.method !== 'POST') return result(req, 405, false, 'Method not allowed');
  try {
    return await changePassword(req);
  } catch (error) {
    if (error instanceof PayloadTooLarge) return result(req, 413, false, error.message);
    console.error('change-password failed:', error instanceof Error ? error.message : error);
    return result(req, error instanceof AuthServerError ? 502 : 500, false, 'Failed to update password');
  }
});
