/**
 * Adding a profile's page to the user's CRM database (spec 2 §4 "Adding"; ARCHITECTURE §3
 * "Adding a profile is idempotent"; issue 13: one page across devices).
 *
 * What must stay true:
 * - within one panel, a double click joins the running add;
 * - an add creates only while it holds the server's claim on (database, canonical URL)
 *   (`AddClaims`; keyed by the database, the container, so adds to two of its data sources
 *   wait for each other — coarser, never wrong), but for adding anyway past the wait (below): it looks up again under the
 *   claim, creates only if that lookup is `absent` — or `unknown` and the user chose to add
 *   anyway — and renews the claim just before the create; a renewal that finds the claim gone
 *   (it lapsed during a long lookup and was taken over) creates nothing and starts over;
 * - an add that finds the claim held creates nothing: for up to `CLAIM_WAIT_MS` it looks up
 *   each `CLAIM_POLL_MS` (the holder's page shows: `existing`) and claims again (the holder
 *   gave it back or its claim expired). When the wait runs out (a holder slower than that, or
 *   someone re-claiming a database id they know, every TTL) the answer is `unsure`: the user is
 *   asked. Adding anyway waits once more, then creates without the claim;
 * - so two devices (or users of one database) adding one person at once make one page, except
 *   when one of them chose to add anyway and the other held the claim for longer than the
 *   wait, or Notion's query does not show a created page before its claim expires;
 * - the claim is kept after a create and after a create whose outcome is unknown (network
 *   error, timeout, 5xx: Notion may have made the page), until it expires, so a waiting device
 *   looks the page up instead of creating; it is given back when nothing was created (the
 *   page was found, the lookup was `unknown`, a step before the create failed, Notion refused
 *   the create with a 4xx);
 * - `profileData` is fetched at most once per add, only when a page is about to be created
 *   (an import is counted); new pages store the canonical URL;
 * - the avatar becomes a durable icon (fileUploads.ts: Notion imports the photo) when `api` can
 *   import files, else, or when the import does not finish, the external URL as before.
 */
import { profilePageBody, type ProfileData } from '../../domain/capture/profilePage.ts';
import type { ProfileUrl } from '../../domain/linkedin/profileUrl.ts';
import { appError } from '../errors/appError.ts';
import { toAppError } from '../errors/thrown.ts';
import { singleFlight } from '../singleFlight.ts';
import type { FileUploadApi } from './fileUploads.ts';
import type { AddClaims } from '../supabase/profileAddClaims.ts';
import {
  foundPage,
  lookupProfilePage,
  type FoundProfilePage,
  type PageApi,
  type ProfileDatabase,
} from './profilePages.ts';

/** What an add did: found the page, created it, or stopped without being sure (the screen asks). */
export type AddOutcome = { outcome: 'existing' | 'created'; page: FoundProfilePage } | { outcome: 'unsure' };

/** Pause between two looks while another add holds the claim. */
export const CLAIM_POLL_MS = 1_000;
/** How long an add waits on a claim held by another add before it answers `unsure`. */
export const CLAIM_WAIT_MS = 15_000;
/** Claims one add may see lapse before its create (each followed by a new claim) before it gives up. */
export const MAX_CLAIM_LAPSES = 3;

export interface AddOptions {
  /** Create even when the lookup is `unknown`, or the claim stays held (the user chose to add anyway). */
  addIfUnsure?: boolean;
  /** Told when the add waits for another device's add. */
  onWait?: () => void;
  sleep?: (ms: number) => Promise<void>;
}

const adds = singleFlight<AddOutcome>();
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The first call runs `load`; later calls share its promise. */
const once = <T>(load: () => Promise<T>): (() => Promise<T>) => {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
};

/** Adds the profile unless a page for it exists (see the header). */
export function addProfilePage(
  api: PageApi & Partial<FileUploadApi>,
  claims: AddClaims,
  target: ProfileDatabase,
  profile: ProfileUrl,
  profileData: () => Promise<ProfileData>,
  { addIfUnsure = false, onWait = () => {}, sleep = pause }: AddOptions = {},
): Promise<AddOutcome> {
  const key = JSON.stringify([target.dataSourceId, profile.canonical, addIfUnsure]);
  return adds(key, async () => {
    const body = once(async () => {
      const data = { ...(await profileData()), profileUrl: profile.canonical };
      const page = profilePageBody(target.dataSourceId, target.mapping, data);
      const { importFile, fileUpload } = api;
      if (!data.avatarUrl || !importFile || !fileUpload) return page;
      // Its own chunk (the capture path's budget): downloaded when an add first reaches here.
      const { durableIcon } = await import('./fileUploads.ts');
      return { ...page, icon: await durableIcon({ importFile, fileUpload }, target.workspaceId, data.avatarUrl) };
    });
    const add: Add = { api, claims, target, profile, body, addIfUnsure };
    let waitUntil: number | undefined;
    let lapses = 0;
    for (;;) {
      const claim = await claims.claim(target.databaseId, profile.canonical);
      if (claim.granted) {
        const outcome = await createUnderClaim(add, claim.token);
        if (outcome !== 'lapsed') return outcome;
        if (++lapses >= MAX_CLAIM_LAPSES) throw appError({ kind: 'conflict' }, 'The claim on this add kept lapsing');
        continue;
      }
      waitUntil ??= Date.now() + CLAIM_WAIT_MS;
      if (Date.now() >= waitUntil) return addIfUnsure ? create(add) : { outcome: 'unsure' };
      onWait();
      await sleep(CLAIM_POLL_MS);
      const lookup = await lookupProfilePage(api, target, profile);
      if (lookup.verdict === 'found') return { outcome: 'existing', page: lookup.page };
    }
  });
}

interface Add {
  api: PageApi;
  claims: AddClaims;
  target: ProfileDatabase;
  profile: ProfileUrl;
  /** The new page's body (fetches the profile data once). */
  body: () => Promise<Record<string, unknown>>;
  addIfUnsure: boolean;
}

/**
 * Holding the claim: look up, build the page, renew the claim, create. `lapsed` when the claim
 * was no longer ours at the renewal (nothing created). A give-back that fails is left to the
 * claim's expiry.
 */
async function createUnderClaim(add: Add, token: string): Promise<AddOutcome | 'lapsed'> {
  const { api, claims, target, profile } = add;
  const release = () => claims.release(target.databaseId, profile.canonical, token).catch(() => {});
  try {
    const lookup = await lookupProfilePage(api, target, profile);
    if (lookup.verdict === 'found') {
      await release();
      return { outcome: 'existing', page: lookup.page };
    }
    if (lookup.verdict === 'unknown' && !add.addIfUnsure) {
      await release();
      return { outcome: 'unsure' };
    }
    await add.body();
    if (!(await claims.renew(target.databaseId, profile.canonical, token))) return 'lapsed';
  } catch (error) {
    await release();
    throw error;
  }
  try {
    return await create(add);
  } catch (error) {
    if (refused(error)) await release();
    throw error;
  }
}

async function create({ api, target, body }: Add): Promise<AddOutcome> {
  return { outcome: 'created', page: foundPage(await api.createPage(target.workspaceId, await body())) };
}

/** A create Notion (or the proxy) answered with a 4xx other than a timeout: no page was made. */
function refused(error: unknown): boolean {
  const { status } = toAppError(error).debug;
  return status !== undefined && status >= 400 && status < 500 && status !== 408;
}
