/**
 * delete-user-complete: the admin dashboard's bulk delete, one user per call (spec 2 §5, §6,
 * §7 delete_user_complete {target_email} → {success, message}) — with the user's avatar files.
 *
 * Why a function and not the RPC alone: Supabase Storage keeps an object's bytes outside the
 * database, and "deleting objects via a SQL query will not remove the object from the bucket"
 * (Supabase docs, Storage › Delete objects; recent hosted projects refuse such deletes unless
 * `storage.allow_delete_query` is set). So the avatars are removed here through the Storage
 * API with the service role — row and bytes together — and then delete_user_complete, called
 * with the caller's own token, deletes everything else and decides what it answers.
 *
 * Billing goes first (issue 32): the Stripe subscriptions of the teams that go with the user are
 * canceled and their customers deleted (./billing.ts) before the avatars and the account.
 *
 * POST `{target_email}` with the session's token as bearer; answers delete_user_complete's
 * `{success, message}` (200), `{success: false, message}` with 400 (bad body), 401 (no user
 * session), 403 (not an admin), 502 BILLING_NOT_ENDED (Stripe failed: the account stays), 502
 * 'Delete operation failed' (Storage or the database failed). The admin screen shows the message
 * as the user's outcome.
 *
 * What must stay true:
 * - nothing is touched before the caller is known to be an admin: the admin search, run as the
 *   caller, is the check (private.require_admin) and finds the user's id;
 * - an admin's own account keeps its avatar and billing (delete_user_complete refuses to delete it);
 * - a Stripe failure stops here: the user is not deleted while Stripe may still bill them;
 * - a Storage failure stops here: the user is not deleted with their avatars left behind.
 */
import { z } from 'npm:zod@4.6.7';
import { callerOf } from '../_shared/auth.ts';
import { AVATAR_BUCKET, AVATAR_FOLDER, isAvatarOf } from '../_shared/avatar-objects.ts';
import { logFailure } from '../_shared/billing-http.ts';
import { serviceClient, userClient } from '../_shared/clients.ts';
import { preflight } from '../_shared/cors.ts';
import { jsonResponse, readJson } from '../_shared/http.ts';
import { PayloadTooLarge } from '../_shared/request-body.ts';
import { customersOfOwnedTeams, endBillingOf } from './billing.ts';

export const BILLING_NOT_ENDED =
  "The user's Stripe billing could not be canceled, so the account was not deleted. Try again later.";

/** Storage's list page; a user has one avatar, a few at most while an upload replaces one. */
const LIST_LIMIT = 100;

const Body = z.object(
  { target_email: z.string().trim().min(1, { error: 'target_email is required' }) },
  { error: 'The request body must be a JSON object with target_email' },
);

const answer = (req: Request, status: number, message: string) =>
  jsonResponse(req, status, { success: false, message });

/** Removes every avatar object of `userId` (rows and bytes) through the Storage API. */
async function removeAvatars(userId: string): Promise<void> {
  const bucket = serviceClient().storage.from(AVATAR_BUCKET);
  const { data, error } = await bucket.list(AVATAR_FOLDER, { limit: LIST_LIMIT, search: userId });
  if (error) throw new Error(`listing avatars failed: ${error.message}`);
  const paths = (data ?? []).filter((file) => isAvatarOf(file.name, userId)).map((f) => `${AVATAR_FOLDER}/${f.name}`);
  if (!paths.length) return;
  const removed = await bucket.remove(paths);
  if (removed.error) throw new Error(`removing avatars failed: ${removed.error.message}`);
}

async function deleteUser(req: Request): Promise<Response> {
  const parsed = Body.safeParse(await readJson(req));
  if (!parsed.success) return answer(req, 400, parsed.error.issues[0].message);
  const email = parsed.data.target_email;

  const caller = await callerOf(req);
  if (!caller.ok) return answer(req, 401, 'Authentication required');
  const asCaller = userClient(caller.accessToken);

  const search = await asCaller.rpc('search_users_by_email', { search_term: email });
  if (search.error?.code === '42501') return answer(req, 403, search.error.message);
  if (search.error) throw new Error(`admin search failed: ${search.error.message}`);
  const target = (search.data as { user_id: string; email: string }[]).find(
    (row) => row.email.toLowerCase() === email.toLowerCase(),
  );
  if (target && target.user_id !== caller.user.id) {
    const customers = await customersOfOwnedTeams(serviceClient(), target.user_id);
    try {
      await endBillingOf(customers);
    } catch (error) {
      logFailure('delete-user-complete: ending billing failed', error);
      return answer(req, 502, BILLING_NOT_ENDED);
    }
    await removeAvatars(target.user_id);
  }

  const { data, error } = await asCaller.rpc('delete_user_complete', { target_email: email });
  if (error) throw new Error(`delete_user_complete failed: ${error.message}`);
  return jsonResponse(req, 200, data);
}

Deno.serve(async (req) => {
  if (req.method === 'OPTIONS') return preflight(req);
  if (req.method !== 'POST') return answer(req, 405, 'Method not allowed');
  try {
    return await deleteUser(req);
  } catch (error) {
    if (error instanceof PayloadTooLarge) return answer(req, 413, error.message);
    console.error('delete-user-complete failed:', error instanceof Error ? error.message : error);
    return answer(req, 502, 'Delete operation failed');
  }
});
