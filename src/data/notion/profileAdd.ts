/**
 * Adding a profile's page to the user's CRM database (spec 2 §4 "Adding"; ARCHITECTURE §3
 * "Adding a profile is idempotent"; issue 13: one page across devices).
 *
 * What must stay true:
 * - adding never creates a second page for one person, across panels, devices and users: the
 *   add takes the server's claim on (database, canonical URL) (`AddClaims`), looks up again
 *   under it and creates only if the lookup is `absent` — or `unknown` and the user chose to
 *   add anyway; an add that finds the claim held creates nothing: it waits and looks up again
 *   until the page shows (found) or the claim is free (the holder failed, or crashed and its
 *   claim expired). Within one panel a double click joins the running add;
 * - the claim is kept after a create (until it expires: a late device waits for the page to
 *   show instead of creating), given back otherwise;
 * - `profileData` is fetched only when a page is about to be created (an import is counted);
 * - new pages store the canonical URL.
 */
import { profilePageBody, type ProfileData } from '../../domain/capture/profilePage.ts';
import type { ProfileUrl } from '../../domain/linkedin/profileUrl.ts';
import { appError } from '../errors/appError.ts';
import { singleFlight } from '../singleFlight.ts';
import type { AddClaims } from '../supabase/profileAddClaims.ts';
import {
  foundPage,
  lookupProfilePage,
  type FoundProfilePage,
  type PageApi,
  type ProfileDatabase,
} from './profilePages.ts';

/** What an add did: found the page, created it, or stopped because the lookup was `unknown`. */
export type AddOutcome = { outcome: 'existing' | 'created'; page: FoundProfilePage } | { outcome: 'unsure' };

/** Pause between two looks while another device holds the claim. */
export const CLAIM_POLL_MS = 1_000;
/** Past a held claim's expiry, how long more the wait goes on before giving up. */
const CLAIM_GRACE_MS = 5_000;

export interface AddOptions {
  /** Create even when the lookup is `unknown` (the user chose to add anyway). */
  addIfUnsure?: boolean;
  /** Told when the add waits for another device's add. */
  onWait?: () => void;
  sleep?: (ms: number) => Promise<void>;
}

const adds = singleFlight<AddOutcome>();
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Adds the profile unless a page for it exists (see the header). */
export function addProfilePage(
  api: PageApi,
  claims: AddClaims,
  target: ProfileDatabase,
  profile: ProfileUrl,
  profileData: () => Promise<ProfileData>,
  { addIfUnsure = false, onWait = () => {}, sleep = pause }: AddOptions = {},
): Promise<AddOutcome> {
  const key = JSON.stringify([target.databaseId, profile.canonical, addIfUnsure]);
  return adds(key, async () => {
    let giveUpAt: number | undefined;
    for (;;) {
      const claim = await claims.claim(target.databaseId, profile.canonical);
      if (claim.granted) return createUnderClaim(api, claims, claim.token, target, profile, profileData, addIfUnsure);
      giveUpAt ??= Date.now() + claim.ttlMs - claim.ageMs + CLAIM_GRACE_MS;
      if (Date.now() > giveUpAt) throw appError({ kind: 'conflict' }, 'Another add of this profile did not finish');
      onWait();
      await sleep(CLAIM_POLL_MS);
      const lookup = await lookupProfilePage(api, target, profile);
      if (lookup.verdict === 'found') return { outcome: 'existing', page: lookup.page };
    }
  });
}

/**
 * Holding the claim: look up, then create. The claim is kept after a create (a late device's
 * add waits and finds the page) and given back otherwise; a give-back that fails is left to
 * the claim's expiry.
 */
async function createUnderClaim(
  api: PageApi,
  claims: AddClaims,
  token: string,
  target: ProfileDatabase,
  profile: ProfileUrl,
  profileData: () => Promise<ProfileData>,
  addIfUnsure: boolean,
): Promise<AddOutcome> {
  const release = () => claims.release(target.databaseId, profile.canonical, token).catch(() => {});
  try {
    const lookup = await lookupProfilePage(api, target, profile);
    if (lookup.verdict === 'found') {
      await release();
      return { outcome: 'existing', page: lookup.page };
    }
    if (lookup.verdict === 'unknown' && !addIfUnsure) {
      await release();
      return { outcome: 'unsure' };
    }
    const data = await profileData();
    const page = await api.createPage(
      target.workspaceId,
      profilePageBody(target.databaseId, target.mapping, { ...data, profileUrl: profile.canonical }),
    );
    return { outcome: 'created', page: foundPage(page) };
  } catch (error) {
    await release();
    throw error;
  }
}
