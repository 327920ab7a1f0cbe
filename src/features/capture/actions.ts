/**
 * What the capture screens do (spec 2 §2 Root, NewProfile; §4 profile check and adding) on top
 * of src/data: gather the entry guard's facts, check whether a profile is in the CRM (local
 * verdict first, then one Notion query), and add it idempotently.
 */
import { decideEntry, type EntryDecision, type ExtensionAnswer } from '../../domain/capture/entryGuard.ts';
import { simplifyProfile } from '../../domain/capture/profilePage.ts';
import { canonicalProfileUrl } from '../../domain/linkedin/profileUrl.ts';
import { mappingFromColumns } from '../../domain/settings/mapping.ts';
import { readActiveSetting } from '../../data/db/activeSetting.ts';
import { readVerdict, storeVerdict } from '../../data/db/profileChecks.ts';
import { readRecentVisit, recordRecentVisit } from '../../data/db/recentVisits.ts';
import { extensionBridge } from '../../data/extension/index.ts';
import { recordExtensionMessage } from '../../data/extension/tabState.ts';
import { fetchProfileData } from '../../data/functions/profileData.ts';
import { notion } from '../../data/notion/appNotion.ts';
import {
  addProfilePage,
  findProfilePage,
  type FoundProfilePage,
  type ProfileDatabase,
} from '../../data/notion/profilePages.ts';
import { restoreActiveSetting } from '../settings/actions.ts';

export const NO_SETTING_OR_KEY = 'Impossible to check profile: no active setting or API key';
export const INCOMPLETE_CONFIGURATION = 'Incomplete configuration: missing database ID or profile URL mapping';
export const MISSING_DATABASE_CONFIGURATION = 'Missing database configuration';
export const NOT_A_PROFILE_URL = "This doesn't appear to be a LinkedIn profile URL.";

/** Where Root sends the user (asks the extension only when the rules need its answer). */
export async function decideRoot(authId: string, urlQuery: string | null, appOrigin: string): Promise<EntryDecision> {
  const restored = await restoreActiveSetting(authId);
  const hasActiveSetting = restored.from === 'cache' || restored.from === 'profile' || restored.from === 'auto';
  const recent = await readRecentVisit();
  const facts = {
    urlQuery: urlQuery && urlQuery.trim() !== '' ? urlQuery : null,
    confirmedPageUrl: `${appOrigin}/confirmed`,
    hasActiveSetting,
    // No team subscription is read yet (billing has not landed): a missing status is active.
    subscriptionActive: true,
    recentVisitPageId: recent?.pageId ?? null,
    extension: { state: 'not-asked' } as ExtensionAnswer,
  };
  const first = decideEntry(facts);
  if (first.to !== 'AskExtension') return first;
  let extension: ExtensionAnswer;
  try {
    const url = await extensionBridge().requestCurrentUrl();
    extension = { state: 'answered', url: url ?? '' };
  } catch {
    extension = { state: 'failed' };
  }
  return decideEntry({ ...facts, extension });
}

export type CheckTarget = { ok: true; target: ProfileDatabase; settingId: string } | { ok: false; error: string };

/** The active setting as a profile database, or the spec's configuration error text. */
export async function checkTarget(): Promise<CheckTarget> {
  const active = (await readActiveSetting())?.value;
  if (!active || !active.notionKey) return { ok: false, error: NO_SETTING_OR_KEY };
  const mapping = mappingFromColumns(active.setting as Record<string, string | null>);
  if (!active.setting.notion_db_id || !mapping.profileUrl) return { ok: false, error: INCOMPLETE_CONFIGURATION };
  return {
    ok: true,
    settingId: active.id,
    target: { notionKey: active.notionKey, databaseId: active.setting.notion_db_id, mapping },
  };
}

export const cachedVerdict = (target: ProfileDatabase, canonicalUrl: string) =>
  readVerdict(target.databaseId, canonicalUrl);

/** Asks Notion (one query) and stores the verdict; a found page becomes the recent visit. */
export async function checkProfile(target: ProfileDatabase, canonicalUrl: string): Promise<FoundProfilePage | null> {
  const page = await findProfilePage(notion, target, canonicalUrl);
  await storeVerdict(target.databaseId, canonicalUrl, { page });
  if (page) await rememberVisit(page, canonicalUrl);
  return page;
}

export async function rememberVisit(page: FoundProfilePage, canonicalUrl: string | null): Promise<void> {
  await recordRecentVisit({ pageId: page.id, title: page.title, profileUrl: canonicalUrl });
}

export type AddStep = 'extracting' | 'creating';

/** Adds the profile (profile data → one Notion page) unless it exists; idempotent. */
export async function addProfile(target: ProfileDatabase, url: string, onStep: (step: AddStep) => void = () => {}) {
  const canonical = canonicalProfileUrl(url);
  if (!canonical) throw new Error(NOT_A_PROFILE_URL);
  const result = await addProfilePage(notion, target, canonical, async () => {
    onStep('extracting');
    const data = simplifyProfile(await fetchProfileData(canonical), canonical);
    onStep('creating');
    return data;
  });
  await storeVerdict(target.databaseId, canonical, { page: result.page });
  await rememberVisit(result.page, canonical);
  return result;
}

/**
 * Starts listening to the extension: every checked message updates the tab state, and a
 * profile navigation is handed to `onProfileNavigation`. Returns the unsubscribe function.
 */
export function followExtension(onProfileNavigation: (url: string) => void): () => void {
  return extensionBridge().subscribe((message) => {
    recordExtensionMessage(message);
    if (message.type === 'LINKEDIN_PROFILE_NAVIGATION') onProfileNavigation(message.url);
  });
}
