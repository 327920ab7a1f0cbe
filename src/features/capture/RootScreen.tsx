/**
 * Root (spec 1 §2, spec 2 §2): runs the entry guard and goes where it says; with a profile
 * url it is the NewProfile screen; with an inactive subscription it stays and shows the
 * 'Subscription Inactive' blocker. The `url` query is classified here, once (a boundary);
 * the decision carries the typed profile on to NewProfile.
 */
import { useEffect, useMemo, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { useSession } from '../auth/session.tsx';
import type { EntryDecision } from '../../domain/capture/entryGuard.ts';
import { classifyLinkedInUrl } from '../../domain/linkedin/profileUrl.ts';
import { routes } from '../../domain/routing/routes.ts';
import { decideRoot } from './actions.ts';
import { NewProfileScreen } from './NewProfileScreen.tsx';
import { SubscriptionBlocker } from './SubscriptionBlocker.tsx';

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
  const [decided, setDecided] = useState<{ url: string | null; decision: EntryDecision }>();

  useEffect(() => {
    if (!authId) return;
    let live = true;
    void decideRoot(authId, link, window.location.origin).then((decision) => live && setDecided({ url, decision }));
    return () => {
      live = false;
    };
  }, [authId, url, link]);

  if (!decided || decided.url !== url) return <p aria-busy="true">Loading…</p>;
  const { decision } = decided;
  if (decision.to === 'SubscriptionInactive') return <SubscriptionBlocker />;
  if (decision.to === 'NewProfile')
    return <NewProfileScreen key={decision.profile.raw} profile={decision.profile} authId={authId} />;
  const path = pathOf(decision);
  return path ? <Navigate to={path} replace /> : null;
}
