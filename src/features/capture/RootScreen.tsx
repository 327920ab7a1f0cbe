/**
 * Root (spec 1 §2, spec 2 §2): runs the entry guard and goes where it says; with a profile
 * url it is the NewProfile screen (with a Sales Navigator lead or member link, PersonPage until
 * the page's public link is known); with an inactive subscription it stays and shows the
 * 'Subscription Inactive' blocker. The `url` query is classified here, once (a boundary);
 * the decision carries the typed profile on to NewProfile. Offline it says so while the
 * decision waits (not 'Loading…'); when the decision cannot be made it says why, and a
 * connection failure is retried when the browser is back online.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSession } from '../auth/session.tsx';
import type { AppError } from '../../data/errors/appError.ts';
import { toAppError } from '../../data/errors/thrown.ts';
import { detailOf } from '../../domain/errors/catalogue.ts';
import type { EntryDecision } from '../../domain/capture/entryGuard.ts';
import { messages, rootNotices } from '../../domain/errors/messages.ts';
import { isConnectionFailure } from '../../domain/errors/reason.ts';
import { useOnline } from '../outbox/useOutbox.ts';
import { classifyLinkedInUrl } from '../../domain/linkedin/profileUrl.ts';
import { routes } from '../../domain/routing/routes.ts';
import { decideRoot } from './actions.ts';
import { NewProfileScreen } from './NewProfileScreen.tsx';
import { extensionNavigationCount } from './useExtensionNavigation.ts';
import { SubscriptionBlocker } from './SubscriptionBlocker.tsx';
import { lazyPart } from '../../ui/lazyPart.tsx';

/** A Sales Navigator lead or member link (issue 34): rare, so off the capture path's chunk. */
const PersonPageScreen = lazyPart(
  () => import('./PersonPageScreen.tsx'),
  (module) => module.PersonPageScreen,
);

function pathOf(decision: EntryDecision): string | null {
  switch (decision.to) {
    case 'FirstVisit':
      return routes.firstVisit();
    case 'NotionSettings':
      return routes.notionSettings();
    case 'Root':
      return routes.root({ url: decision.url });
    case 'NotionProfile':
      return routes.notionProfile({ id: decision.id });
    case 'MissingContext':
      return routes.missingContext();
    case 'NotLinkedIn':
      return routes.notLinkedIn();
    case 'UnusedLinkedIn':
      return routes.unusedLinkedIn();
    default:
      return null;
  }
}

export function RootScreen() {
  const [params] = useSearchParams();
  const url = params.get('url');
  const link = useMemo(() => (url === null ? null : classifyLinkedInUrl(url)), [url]);
  const authId = useSession().session?.user.id;
  // `moves`: the extension's navigation count when the decision was asked for.
  const [decided, setDecided] = useState<{ url: string | null; decision: EntryDecision; moves: number }>();
  const [failed, setFailed] = useState<{ url: string | null; error: AppError }>();
  const [attempt, setAttempt] = useState(0);
  const online = useOnline();
  const retry = useCallback(() => {
    setFailed(undefined);
    setAttempt((n) => n + 1);
  }, []);

  useEffect(() => {
    if (!authId) return;
    let live = true;
    const moves = extensionNavigationCount();
    decideRoot(authId, link, window.location.origin).then(
      (decision) => live && setDecided({ url, decision, moves }),
      (error: unknown) => live && setFailed({ url, error: toAppError(error) }),
    );
    return () => {
      live = false;
    };
  }, [authId, url, link, attempt]);

  const navigate = useNavigate();
  const current = decided?.url === url ? decided : undefined;
  const path = current ? pathOf(current.decision) : null;
  useEffect(() => {
    // Checked when going, not when rendering: a tab the extension reported while the decision
    // was made (or rendered) is newer than the decision, and the extension's navigation stands.
    if (path && current?.moves === extensionNavigationCount()) void navigate(path, { replace: true });
  }, [path, current, navigate]);

  if (failed && failed.url === url) return <RootUndecided error={failed.error} retry={retry} />;
  // Offline, reads that would answer at once may take seconds (supabase-js retries them): say so.
  if (!decided || decided.url !== url) return online ? <p aria-busy="true">Loading…</p> : <OfflineNotice />;
  const { decision } = decided;
  if (decision.to === 'SubscriptionInactive') return <SubscriptionBlocker />;
  if (decision.to === 'NewProfile')
    return <NewProfileScreen key={decision.profile.raw} profile={decision.profile} authId={authId} />;
  if (decision.to === 'PersonPage') return <PersonPageScreen key={decision.page.raw} page={decision.page} />;
  return null;
}

/** The entry guard could not decide: offline (retried once the browser is back online), or another failure. */
function RootUndecided({ error, retry }: { error: AppError; retry: () => void }) {
  const connection = isConnectionFailure(error.reason);
  const online = useOnline();
  const wasOffline = useRef(!online);
  useEffect(() => {
    if (!online) wasOffline.current = true;
    else if (connection && wasOffline.current) retry();
  }, [online, connection, retry]);
  return (
    <main className="screen narrow">
      <h1>{connection ? detailOf(error) : messages.unexpectedError}</h1>
      {connection && <p>{rootNotices.offlineDetail}</p>}
      <button type="button" onClick={retry}>
        Retry
      </button>
    </main>
  );
}

function OfflineNotice() {
  return (
    <main className="screen narrow" aria-busy="true">
      <h1>{messages.offline}</h1>
      <p>{rootNotices.offlineDetail}</p>
    </main>
  );
}
