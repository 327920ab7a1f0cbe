/**
 * "This is them" (issue 34), on top of src/data: the action of the *Probably in your CRM*
 * verdict. Its own chunk (imported when the user confirms): the outbox's enqueue and the field
 * labels stay off the capture path.
 */
import { storeVerdict } from '../../data/db/profileChecks.ts';
import { appError } from '../../data/errors/appError.ts';
import type { ProbableCandidate } from '../../data/notion/matchLadder.ts';
import { enqueue } from '../../data/outbox/enqueue.ts';
import type { ProfileUrl } from '../../domain/linkedin/profileUrl.ts';
import { FIELD_LABELS } from '../../domain/settings/mappingWords.ts';
import { rememberVisit } from './actions.ts';
import { profileDatabaseOf, type SettingTarget } from './profileTarget.ts';

/**
 * "This is them" (issue 34): writes this profile's URL to the candidate page's URL property
 * through the outbox (the next check's URL rung finds it), and remembers the page as this
 * profile's (verdict rung `linked`, recent visit). Nothing else of the page changes.
 */
export async function linkProfile(
  authId: string,
  setting: SettingTarget,
  profile: ProfileUrl,
  candidate: ProbableCandidate,
): Promise<void> {
  const target = await profileDatabaseOf(setting);
  const propertyId = target.mapping.profileUrl;
  if (!propertyId) throw appError({ kind: 'validation', field: 'mapping' });
  await enqueue({
    authId,
    workspaceId: target.workspaceId,
    pageId: candidate.page.id,
    propertyId,
    value: { url: profile.canonical },
    base: candidate.urlValue,
    label: { page: candidate.page.title, property: FIELD_LABELS.profileUrl },
  });
  await storeVerdict(target.dataSourceId, profile.canonical, { page: candidate.page, rung: 'linked' });
  await rememberVisit(candidate.page, profile.canonical);
}
