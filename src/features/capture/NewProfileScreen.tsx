/**
 * NewProfile (spec 2 §2, §4): is this person in the CRM? Found → the found page after ~500 ms
 * (debug mode stays); not found → 'Add this profile to your Notion CRM?' with the scraped
 * preview and 'Add profile'. When the lookup could not rule the person out (`unknown`, issue
 * 13) Add first says so and asks: 'Add anyway' or 'Don't add'. When nobody holds the URL but the
 * match ladder's name rung found the person's probable page(s) (issue 34): *Probably in your
 * CRM* (`ProbableMatch`, lazy) — "This is them" links the profile to that page through the
 * outbox and opens it; "Not them, add" adds as above. Loading overlay steps and debug panels
 * as the spec lists them.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PRODUCT_NAME } from '../../domain/product.ts';
import { scrapedProfileFor, subscribeTabState, tabStateVersion } from '../../data/extension/tabState.ts';
import { toAppError } from '../../data/errors/thrown.ts';
import { messageFor } from '../../domain/errors/catalogue.ts';
import { captureNotices } from '../../domain/errors/messages.ts';
import { scrapedPerson, showsNoProfileData } from '../../domain/capture/scrapedPreview.ts';
import { nameInitials } from '../../domain/profile/avatarRules.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { lazyPart } from '../../ui/lazyPart.tsx';
import type { FoundProfilePage } from '../../data/notion/profilePages.ts';
import type { ProfileUrl } from '../../domain/linkedin/profileUrl.ts';
import { useDebugMode } from '../debug/useDebugMode.ts';
import { addProfile, isLookupIncomplete, lookupIncomplete, type AddStep } from './actions.ts';
import { useProfileCheck } from './useProfileCheck.ts';
import { routes } from '../../domain/routing/routes.ts';

export const FOUND_REDIRECT_MS = 500;
export const VERIFY_OVERLAY_MIN_MS = 1_000;
const PREVIEW_AVATAR_PX = 64;

/** Debug mode's panels: their own chunk, off the capture path. */
const CaptureDebugPanels = lazyPart(
  () => import('./CaptureDebugPanels.tsx'),
  (m) => m.CaptureDebugPanels,
);

/** The probable verdict's candidates and chooser (issue 34): their own chunk, off the capture path. */
const ProbableMatch = lazyPart(
  () => import('./ProbableMatch.tsx'),
  (m) => m.ProbableMatch,
);

const OVERLAY_TEXT: Record<AddStep | 'verifying', string> = {
  verifying: 'Verifying profile...',
  extracting: 'Extracting LinkedIn profile data...',
  creating: `Creating profile ${PRODUCT_NAME}...`,
};

const foundPath = (page: FoundProfilePage) =>
  routes.notionProfile({ id: page.id, title: page.title, notionUrl: page.url });

/** The add's failure as the catalogue words it; the import quota also links to /account. */
function addErrorView(error: unknown) {
  const failure = toAppError(error);
  const { reason } = failure;
  return (
    <p role="alert">
      {messageFor('addProfile', failure)}
      {reason.kind === 'quotaExceeded' && reason.quota === 'linkedinImports' && (
        <>
          {' '}
          <Link to={routes.account()}>Upgrade your plan</Link>
        </>
      )}
    </p>
  );
}

export function NewProfileScreen({ profile, authId }: { profile: ProfileUrl; authId: string | undefined }) {
  const navigate = useNavigate();
  const { debug } = useDebugMode();
  useSyncExternalStore(subscribeTabState, tabStateVersion);
  const scraped = scrapedProfileFor(profile);
  const { state, target, responses, setFound } = useProfileCheck(profile, authId, scrapedPerson(scraped));
  const noData = showsNoProfileData(scraped);
  const [step, setStep] = useState<AddStep | null>(null);
  const [addError, setAddError] = useState<unknown>(null);
  const [added, setAdded] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  /** "Not them, add": the profile whose probable candidates the user ruled out. */
  const [rejectedFor, setRejectedFor] = useState<string | null>(null);
  const rejected = rejectedFor === profile.canonical;
  const [overlayHeld, setOverlayHeld] = useState(true);
  const adding = useRef(false);

  useEffect(() => {
    const timer = setTimeout(() => setOverlayHeld(false), VERIFY_OVERLAY_MIN_MS);
    return () => clearTimeout(timer);
  }, [profile]);

  const foundPage = state.phase === 'found' ? state.page : null;
  useEffect(() => {
    if (!foundPage || debug || added) return;
    const timer = setTimeout(() => void navigate(foundPath(foundPage)), FOUND_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [foundPage, debug, added, navigate]);

  /** Adds; `addIfUnsure` once the user chose to add although the lookup could not rule the person out. */
  async function add(addIfUnsure = false) {
    if (adding.current || !target?.ok || noData) return;
    setAddError(null);
    setConfirming(false);
    if (state.phase === 'unknown' && !addIfUnsure) return setConfirming(true);
    adding.current = true;
    try {
      const result = await addProfile(target.target, profile, setStep, addIfUnsure);
      if (debug) setAdded(`${result.page.title || scraped?.name || 'Profile'} was successfully added to Notion!`);
      setFound(result.page);
      if (!debug) void navigate(foundPath(result.page));
    } catch (error) {
      if (isLookupIncomplete(error)) setConfirming(true);
      else setAddError(error);
    } finally {
      adding.current = false;
      setStep(null);
    }
  }

  /** "This is them" done (ProbableMatch linked the profile to that page): it opens. */
  function linked(page: FoundProfilePage) {
    setFound(page);
    if (!debug) void navigate(foundPath(page));
  }

  const verifying = state.phase === 'verifying' || state.phase === 'idle';
  const probable = state.phase === 'probable' && !rejected ? state : null;
  const offersAdd =
    state.phase === 'not-found' || state.phase === 'unknown' || (state.phase === 'probable' && rejected);
  const overlay = step
    ? OVERLAY_TEXT[step]
    : verifying || (overlayHeld && state.phase !== 'error')
      ? OVERLAY_TEXT.verifying
      : null;
  const verdict =
    state.phase === 'found' || state.phase === 'not-found' || state.phase === 'unknown' || state.phase === 'probable'
      ? state.phase
      : undefined;

  return (
    <main className="screen narrow" data-verdict={verdict}>
      {state.phase === 'error' && <p role="alert">{state.message}</p>}
      {state.phase === 'found' && (
        <section aria-label="Profile found">
          <p className="lead">This profile already exists in your Notion CRM.</p>
          {added && <p role="status">{added}</p>}
          <p>
            <Link to={foundPath(state.page)}>{state.page.title || 'Open the profile'}</Link>
          </p>
        </section>
      )}
      {probable && (
        <ProbableMatch
          candidates={probable.candidates}
          incomplete={probable.incomplete}
          busy={step !== null}
          linkTo={authId && target?.ok ? { authId, setting: target.target, profile } : null}
          onLinked={linked}
          onReject={() => {
            setRejectedFor(profile.canonical);
            void add();
          }}
        />
      )}
      {offersAdd && (
        <section aria-label="New profile">
          <h1 className="lead">Add this profile to your Notion CRM?</h1>
          <div className="profile-preview">
            {(scraped?.avatarUrl || scraped?.name) && (
              <Avatar src={scraped.avatarUrl} initials={nameInitials(scraped.name)} sizePx={PREVIEW_AVATAR_PX} alt="" />
            )}
            {scraped?.name && <p className="profile-name">{scraped.name}</p>}
            {scraped?.title && <p className="profile-title">{scraped.title}</p>}
            {scraped?.currentJob?.company && <p className="profile-company">{scraped.currentJob.company}</p>}
          </div>
          {noData ? (
            <>
              <p id="no-profile-data">{captureNotices.noProfileData}</p>
              <button type="button" className="primary" disabled aria-describedby="no-profile-data">
                Add profile
              </button>
            </>
          ) : confirming ? (
            <div role="alertdialog" aria-label="Add anyway?" aria-describedby="lookup-incomplete">
              <p id="lookup-incomplete">{messageFor('addProfile', lookupIncomplete())}</p>
              <button type="button" className="primary" onClick={() => void add(true)}>
                Add anyway
              </button>{' '}
              <button type="button" onClick={() => setConfirming(false)}>
                Don't add
              </button>
            </div>
          ) : (
            <button type="button" className="primary" disabled={step !== null} onClick={() => void add()}>
              Add profile
            </button>
          )}
          {state.phase === 'not-found' && state.incomplete && <p>{captureNotices.nameSearchIncomplete}</p>}
          {addError !== null && addErrorView(addError)}
        </section>
      )}
      {overlay && (
        <div className="loading-overlay" role="status" aria-live="polite">
          {overlay}
        </div>
      )}
      {debug && (
        <CaptureDebugPanels profile={profile} state={state} target={target} scraped={scraped} responses={responses} />
      )}
    </main>
  );
}
