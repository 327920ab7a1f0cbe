/**
 * The admin screens' texts (spec 2 §5, §8): the search's refusal, errors and empty state, the
 * bulk delete's per-user outcomes and summary, and the sync and reset logs' errors and empty
 * states. One source: screens, the message catalogue
 * and tests read them here.
 */
export const adminTexts = {
  searchTermRequired: 'Please enter a search term',
  searchFailedPrefix: 'Failed to search users: ',
  deleteFailedPrefix: 'Failed to delete users: ',
  noUsersSelected: 'No users selected',
  userDeleted: 'User deleted successfully',
  deleteOperationFailed: 'Delete operation failed',
  unexpectedDeleteAnswer: 'Unknown error - unexpected response format',
  databaseInfoFailed: 'Supabase: error',
  noSyncLogs: 'No synchronization logs found.',
  syncFailedPrefix: 'Sync failed: ',
  noResetLogs: 'No quota reset logs found.',
} as const;

/** Sync Now's failure when sync-stripe-cron answers an HTTP error (spec 2 §7, §8). */
export const syncApiError = (status: number): string => `API error: ${status}`;

/** The empty state of a search that matched nobody. */
export const noUsersFound = (term: string): string => `No users found matching "${term}"`;

/** The bulk delete's summary line. */
export const deletionSummary = (deleted: number, selected: number): string =>
  `Successfully deleted ${deleted} of ${selected} selected users`;

/** A user's outcome as delete_user_complete answers it: {success, message}, one per user. */
export interface DeletionAnswer {
  success: boolean;
  message: string | null;
}

/**
 * What the admin reads for one user's deletion: the server's message when it gave one, else
 * the spec's default for success or failure; an answer of another shape says so.
 */
export function deletionOutcome(answer: unknown): { deleted: boolean; text: string } {
  if (typeof answer !== 'object' || answer === null || typeof (answer as DeletionAnswer).success !== 'boolean') {
    return { deleted: false, text: adminTexts.unexpectedDeleteAnswer };
  }
  const { success, message } = answer as DeletionAnswer;
  const text = typeof message === 'string' && message.trim() ? message : undefined;
  return success
    ? { deleted: true, text: text ?? adminTexts.userDeleted }
    : { deleted: false, text: text ?? adminTexts.deleteOperationFailed };
}
