/**
 * change-password: the profile screen's password change (spec 1, "Serverless functions").
 *
 * POST with the session's access token as bearer and `{current_password, new_password}`;
 * answers `{success, message}`. The new password is set with the caller's own token and the
 * current password (`PUT /auth/v1/user` with `current_password`): the auth server checks the
 * current one itself (config.toml's `require_current_password`), so a stolen access token alone
 * cannot change the password — here or straight at the auth server. The session that made the
 * change stays signed in, every other session of the user is ended.
 *
 * What must stay true:
 * - only accounts that sign in with e-mail and password may change it here (the spec offers
 *   the form to e-mail-provider accounts only);
 * - a wrong current password changes nothing and says 'Current password is incorrect' (400);
 *   (a session opened from a reset mail is excepted by the auth server, as GoTrue does: it has
 *   proven the mailbox; the app offers that session /update-password alone);
 * - the new password follows the app's rule: at least 6 characters, with the spec's message.
 */
import { z } from 'npm:zod@4.6.7';
import { callerOf, updateOwnPassword } from '../_shared/auth.ts';
import { preflight } from '../_shared/cors.ts';
import { jsonResponse, readJson } from '../_shared/http.ts';

const PASSWORD_MIN_LENGTH = 6;
/** GoTrue's codes for a missing or wrong `current_password`. */
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
    console.error('change-password failed:', error instanceof Error ? error.message : error);
    return result(req, 500, false, 'Failed to update password');
  }
});
