/**
 * What the Follow-ups screen does on top of src/data (issue 36): read the due follow-ups of the
 * active data source into the cache — one Notion query. Answers the failure as an `AppError`
 * (or null); never throws.
 */
import type { AppError } from '../../data/errors/appError.ts';
import { toAppError } from '../../data/errors/thrown.ts';
import { notion } from '../../data/notion/appNotion.ts';
import { refreshFollowUps, type FollowUpsTarget } from '../../data/notion/followUps.ts';

export async function loadFollowUps(target: FollowUpsTarget): Promise<AppError | null> {
  try {
    await refreshFollowUps(target, { notion });
    return null;
  } catch (error) {
    return toAppError(error).in('loadFollowUps');
  }
}
