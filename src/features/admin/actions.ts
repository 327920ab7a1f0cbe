/**
 * What the admin screens do (spec 2 §2, §5, §7, §8): search users by
 * e-mail, delete the selected users one by one, read the sync and reset logs, run Sync Now. Failures are `Result`s carrying an `AppError`;
 * the screens take their texts from the message catalogue (searchUsers, deleteUsers,
 * databaseInfo) and the per-user outcomes from src/domain/admin.
 */
import { deletionOutcome } from '../../domain/admin/adminTexts.ts';
import { syncDetailsOf, type SyncDetails } from '../../domain/admin/syncLog.ts';
import { appError } from '../../data/errors/appError.ts';
import { attempt, fail, type Result } from '../../data/errors/result.ts';
import { toAppError } from '../../data/errors/thrown.ts';
import { callDeleteUser } from '../../data/functions/deleteUser.ts';
import { runStripeSync } from '../../data/functions/stripeSync.ts';
import { searchUsersByEmail, type UserSearchRow } from '../../data/supabase/admin.ts';
import {
  quotaResetLogs,
  stripeSyncLogs,
  type QuotaResetLogRow,
  type SyncLogRow,
} from '../../data/supabase/adminLogs.ts';
import { avatarObjectUrl } from '../../data/supabase/avatars.ts';
import { setDebugModeAllowed } from '../../data/supabase/debugGrant.ts';

export type { UserSearchRow };

/** Users whose e-mail contains the term; a blank term is refused here (spec 2 §5). */
export function searchUsers(term: string): Promise<Result<UserSearchRow[]>> {
  if (!term.trim()) return Promise.resolve(fail(appError({ kind: 'validation', field: 'term' })));
  return attempt(() => searchUsersByEmail(term.trim()));
}

export interface DeletionOutcome {
  email: string;
  deleted: boolean;
  text: string;
}

const CONNECTION_LOST = new Set(['offline', 'network', 'timeout']);

/**
 * Deletes each user in turn and says how it went for each (the server's message, or the
 * spec's default). A lost connection stops the run: the whole delete failed.
 */
export async function deleteUsers(emails: readonly string[]): Promise<Result<DeletionOutcome[]>> {
  const outcomes: DeletionOutcome[] = [];
  for (const email of emails) {
    try {
      outcomes.push({ email, ...deletionOutcome(await callDeleteUser(email)) });
    } catch (thrown) {
      const error = toAppError(thrown);
      if (CONNECTION_LOST.has(error.reason.kind)) return fail(error);
      outcomes.push({ email, ...deletionOutcome({ success: false, message: error.message }) });
    }
  }
  return { ok: true, value: outcomes };
}

/** Grants or withdraws debug mode for a user (issue 20); the user sees it at their next sign-in. */
export const setUserDebugMode = (userId: string, allowed: boolean): Promise<Result<boolean>> =>
  attempt(() => setDebugModeAllowed(userId, allowed));

/** The avatar's public URL for the details view. */
export const avatarUrlOf = (row: UserSearchRow): string | null =>
  row.avatar_url ? avatarObjectUrl(row.avatar_url) : null;

/** A sync run as the screens show it: the row with its details read. */
export type SyncRun = Omit<SyncLogRow, 'details'> & { details: SyncDetails };

/** Every Stripe sync run, newest first. */
export async function loadSyncRuns(): Promise<SyncRun[]> {
  return (await stripeSyncLogs()).map((row) => ({ ...row, details: syncDetailsOf(row.details) }));
}

/** Sync Now: a manual run of the Stripe sync by this admin. */
export const syncNow = (): Promise<Result> => attempt(runStripeSync);

/** Every quota reset run, newest first. */
export const loadResetRuns = (): Promise<QuotaResetLogRow[]> => quotaResetLogs();
