/**
 * What the capture screens do (spec 2 §2 Root, NewProfile; §4 profile check and adding) on top
 * of src/data: gather the entry guard's facts (the team's subscription included), check
 * whether a profile is in the CRM (local verdict first, then Notion), and add it
 * idempotently.
 */
import { decideEntry, type EntryDecision, type ExtensionAnswer } from '../../domain/capture/entryGuard.ts';
import { isSubscriptionActive } from '../../domain/capture/subscriptionGate.ts';
import { simplifyProfile } from '../../domain/capture/profilePage.ts';
import type { LinkedInUrl, ProfileUrl } from '../../domain/linkedin/profileUrl.ts';
import { activeTeamOrLastKnown } from '../../data/db/localCopies.ts';
import { readVerdict, storeVerdict, type StoredVerdict } from '../../data/db/profileChecks.ts';
import { readRecentVisit, recordRecentVisit } from '../../data/db/recentVisits.ts';
import { extensionBridge } from '../../data/extension/index.ts';
import { recordExtensionMessage } from '../../data/extension/tabState.ts';
import { fetchProfileData } from '../../data/functions/profileData.ts';
import { notion } from '../../data/notion/appNotion.ts';
import { appError, type AppError } from '../../data/errors/appError.ts';
import { toAppError } from '../../data/errors/thrown.ts';
import { addProfilePage } from '../../data/notion/profileAdd.ts';
import { lookupPerson, type LadderVerdict } from '../../data/notion/matchLadder.ts';
import { lookupProfilePage, type FoundProfilePage, type ProfileLookup } from '../../data/notion/profilePages.ts';
import type { PersonFacts } from '../../domain/people/probableMatch.ts';
import { singleFlight } from '../../data/singleFlight.ts';
import { profileAddClaims } from '../../data/supabase/profileAddClaims.ts';
import { runAccountSetup } from '../../data/supabase/profiles.ts';
import { userActiveTeam } from '../../data/supabase/teams.ts';
import { restoreActiveSetting } from '../settings/actions.ts';
import { profileDatabaseOf, type SettingTarget } from './profileTarget.ts';
import { teamGateOpen } from './teamGate.ts';
import { routes } from '../../domain/routing/routes.ts';

/**
 * Whether the user's team may use the product (`teamGateOpen`): the team from the cache while
 * fresh and active, else RPC get_user_active_team; without a team the account setup runs once
 * and the team is read again.
 */
export const teamSubscriptionActive = (authId: string): Promise<boolean> =>
  teamGateOpen(authId, {
    fetchTeam: fetchActiveTeam(authId),
    runSetup: async () => {
      await runAccountSetup(authId);
    },
  });

/** RPC get_user_active_team, as the team's local copy keeps it. */
const fetchActiveTeam = (authId: string) => async () => {
  const row = await userActiveTeam();
  return row && { ...row, authId };
};

/**
 * Whether the user's team is known and not active (the gate on every route, src/app): the same
 * read as `teamSubscriptionActive`, but without running the account setup — no team yet, or a
 * team that cannot be read, is Root's to handle and blocks nothing here.
 */
export async function teamKnownInactive(authId: string): Promise<boolean> {
  try {
    const team = await activeTeamOrLastKnown(authId, fetchActiveTeam(authId), (known) =>
      isSubscriptionActive(known, Date.now()),
    );
    return team !== null && !isSubscriptionActive(team, Date.now());
  } catch {
    return false;
  }
}

/**
 * Where Root sends the user (asks the extension only when the rules need its answer). The
 * active-setting restore is the one the layout started on sign-in when it is still running
 * (joined, not run twice); `urlQuery` is the route's `url`, classified once by Root.
 */
export async function decideRoot(
  authId: string,
  urlQuery: LinkedInUrl | null,
  appOrigin: string,
): Promise<EntryDecision> {
  const [restored, subscriptionActive, recent] = await Promise.all([
    restoreActiveSetting(authId),
    teamSubscriptionActive(authId),
    readRecentVisit(),
  ]);
  const hasActiveSetting = restored.from === 'cache' || restored.from === 'profile' || restored.from === 'auto';
  const facts = {
    urlQuery: urlQuery && urlQuery.raw.trim() !== '' ? urlQuery : null,
    confirmedPageUrl: `${appOrigin}${routes.firstVisit()}`,
    hasActiveSetting,
    subscriptionActive,
    recentVisitPageId: recent?.pageId ?? null,
    extension: { state: 'not-asked' } as ExtensionAnswer,
  };
  const first = decideEntry(facts);
  if (first.to !== 'AskExtension') return first;
  let extension: ExtensionAnswer;
  try {
    extension = { state: 'answered', url: await extensionBridge().requestCurrentUrl() };
  } catch {
    extension = { state: 'failed' };
  }
  return decideEntry({ ...facts, extension });
}

/** The stored verdict; none for a legacy setting whose data source is not known yet. */
export const cachedVerdict = async (target: SettingTarget, profile: ProfileUrl) =>
  target.dataSourceId ? readVerdict(target.dataSourceId, profile.canonical) : undefined;

const checks = singleFlight<LadderVerdict>();

/** What the verdict cache keeps of a ladder's answer (an `unknown` is not kept). */
const toStored = (lookup: LadderVerdict): StoredVerdict =>
  lookup.verdict === 'probable'
    ? { page: null, rung: lookup.rung, candidates: lookup.candidates }
    : { page: lookup.page, rung: lookup.rung };

/**
 * Asks Notion (the match ladder, `lookupPerson`: the URL forms — one query in the common case,
 * more only for a slug that prefixes many others — then, when nobody holds the URL and the
 * extension told the person's name, one query by last name) and stores the verdict with the
 * rung that answered — `unknown` is not one to keep; a found page becomes the recent visit. An
 * identical check still running is joined, not sent again. `urlRung`: the URL rung's answer of
 * this check's run without the person's name, not asked again (see `lookupPerson`).
 */
export function checkProfile(
  setting: SettingTarget,
  profile: ProfileUrl,
  person?: PersonFacts,
  urlRung?: ProfileLookup,
): Promise<LadderVerdict> {
  const key = JSON.stringify([
    setting.settingId,
    setting.databaseId,
    setting.dataSourceId,
    setting.mapping.profileUrl,
    profile.canonical,
    person ?? null,
  ]);
  return checks(key, async () => {
    const target = await profileDatabaseOf(setting);
    const lookup = await lookupPerson(notion, target, profile, person, urlRung);
    if (lookup.verdict !== 'unknown') await storeVerdict(target.dataSourceId, profile.canonical, toStored(lookup));
    if (lookup.page) await rememberVisit(lookup.page, profile.canonical);
    return lookup;
  });
}

export type DirectApiTest =
  | { ok: true; ms: number; requests: number; verdict: ProfileLookup['verdict']; found: FoundProfilePage | null }
  | { ok: false; ms: number; error: AppError };

/**
 * The debug panel's direct API test: the same lookup sent straight to Notion, bypassing the
 * stored verdict and storing nothing, timed.
 */
export async function directApiTest(setting: SettingTarget, profile: ProfileUrl): Promise<DirectApiTest> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  try {
    const target = await profileDatabaseOf(setting);
    const { verdict, page, responses } = await lookupProfilePage(notion, target, profile);
    return { ok: true, ms: ms(), requests: responses.length, verdict, found: page };
  } catch (error) {
    return { ok: false, ms: ms(), error: toAppError(error) };
  }
}

export async function rememberVisit(page: FoundProfilePage, canonicalUrl: string | null): Promise<void> {
  await recordRecentVisit({ pageId: page.id, title: page.title, profileUrl: canonicalUrl });
}

/** The add's overlay steps; `verifying` while another device adds the same profile. */
export type AddStep = 'verifying' | 'extracting' | 'creating';

/**
 * Why an add stopped: it could not rule the person out (the lookup was `unknown`, or another
 * add held the claim past the wait); the screen asks.
 */
export const lookupIncomplete = () => appError({ kind: 'validation', field: 'lookupIncomplete' });

/** True when the add stopped because the lookup could not rule the person out. */
export const isLookupIncomplete = (error: unknown): boolean => {
  const { reason } = toAppError(error);
  return reason.kind === 'validation' && reason.field === 'lookupIncomplete';
};

/**
 * Adds the profile (profile data → one Notion page) unless it exists; idempotent, one page
 * across devices (the server's add claim). Throws an `AppError` (context 'addProfile': import
 * quota, rate limit…; field `lookupIncomplete` when the add could not rule the person out —
 * the lookup was `unknown`, or another add held the claim past the wait — and `addIfUnsure` is
 * not set: the user has not chosen to add anyway).
 */
export async function addProfile(
  setting: SettingTarget,
  profile: ProfileUrl,
  onStep: (step: AddStep) => void = () => {},
  addIfUnsure = false,
) {
  const target = await profileDatabaseOf(setting);
  const result = await addProfilePage(
    notion,
    profileAddClaims,
    target,
    profile,
    async () => {
      onStep('extracting');
      const data = simplifyProfile(await fetchProfileData(profile.canonical), profile.canonical);
      onStep('creating');
      return data;
    },
    { addIfUnsure, onWait: () => onStep('verifying') },
  );
  if (result.outcome === 'unsure') throw lookupIncomplete();
  await storeVerdict(target.dataSourceId, profile.canonical, { page: result.page });
  await rememberVisit(result.page, profile.canonical);
  return result;
}

/**
 * Starts listening to the extension: every checked message updates the tab state, and the URL
 * of every navigation or tab URL update (classified by the bridge: a profile comes as both; null
 * when the tab shows no LinkedIn page) is handed to `onNavigation`. Returns the unsubscribe function.
 */
export function followExtension(onNavigation: (url: LinkedInUrl | null) => void): () => void {
  return extensionBridge().subscribe((message) => {
    recordExtensionMessage(message);
    if (message.type === 'LINKEDIN_PROFILE_NAVIGATION' || message.type === 'EXTENSION_URL_UPDATE') {
      onNavigation(message.url);
    }
  });
}
