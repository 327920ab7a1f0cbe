/**
 * Root (spec 1 §2, spec 2 §2): runs the entry guard and goes where it says; with a profile
 * url it is the NewProfile screen; with an inactive subscription it stays and shows the
 * 'Subscription Inactive' blocker.
 */
import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { useSession } from '../auth/session.tsx';
import type { EntryDecision } from '../../domain/capture/entryGuard.ts';
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
  const authId = useSession().session?.user.id;
  const [decided, setDecided] = useState<{ url: string | null; decision: EntryDecision }>();

  useEffect(() => {
    if (!authId) return;
    let live = true;
    void decideRoot(authId, url, window.location.origin).then((decision) => live && setDecided({ url, decision }));
    return () => {
      live = false;
    };
  }, [authId, url]);

  if (!decided || decided.url !== url) return <p aria-busy="true">Loading…</p>;
  const { decision } = decided;
  if (decision.to === 'SubscriptionInactive') return <SubscriptionBlocker />;
  if (decision.to === 'NewProfile') return <NewProfileScreen key={decision.url} url={decision.url} />;
  const path = pathOf(decision);
  return path ? <Navigate to={path} replace /> : null;
}
