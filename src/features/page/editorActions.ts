/**
 * What the people and option editors do on top of src/data (spec 2 §4, §8): read the
 * workspace's users into their cache, and delete a select or multi-select option from the data
 * source's schema — then take it out of the outbox's waiting edits and read the page again,
 * since Notion removed the option from its value.
 * Each answers the failure as an `AppError` (or null); none throws.
 */
import type { AppError } from '../../data/errors/appError.ts';
import { toAppError } from '../../data/errors/thrown.ts';
import { notion } from '../../data/notion/appNotion.ts';
import { deleteSchemaOption, type OptionToDelete } from '../../data/notion/optionDelete.ts';
import { forgetDeletedOption } from '../../data/outbox/deletedOption.ts';
import { refreshWorkspaceUsers } from '../../data/notion/workspaceUsers.ts';
import { revalidatePage } from './actions.ts';

export async function refreshUsers(target: { authId: string; workspaceId: string }): Promise<AppError | null> {
  try {
    await refreshWorkspaceUsers(target, { notion });
    return null;
  } catch (error) {
    return toAppError(error).in('loadUsers');
  }
}

export async function deleteOption(target: OptionToDelete & { pageId: string }): Promise<AppError | null> {
  try {
    await deleteSchemaOption(target, { notion });
  } catch (error) {
    return toAppError(error).in('deleteOption');
  }
  // The outbox's waiting edits must not bring the option back (a failure here leaves them as they were).
  await forgetDeletedOption(target).catch((error: unknown) =>
    console.error('Queued edits kept the deleted option', error),
  );
  const { authId, workspaceId, pageId } = target;
  const reread = await revalidatePage({ authId, workspaceId, pageId });
  if (reread) console.error('Page not read again after an option delete', reread);
  return null;
}
