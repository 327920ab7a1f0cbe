/**
 * The subscription gate on every route (spec 2 §2 "Navigation is blocked for inactive
 * subscriptions except to the account screen", §4 "Subscription gate"): a signed-in user whose
 * team is known and not active sees the blocker, with the way to /account, in place of any
 * screen but those `isOpenWithoutSubscription` names. It only reads: a user with no team yet is
 * Root's (which runs the account setup, then blocks if there is still none); a read here must
 * not act for a session another rule is about to end (a recovery session opened elsewhere).
 *
 * The screen shows while the answer is read (the team from the local copy while fresh, else the
 * database), so a usable team never waits on it; the server refuses a blocked team's Notion and
 * profile-data calls whatever the screen shows (notion-proxy, get-profile-data-by-url).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { isOpenWithoutSubscription } from '../domain/billing/gatedRoutes.ts';
import type { RouteId } from '../domain/routing/routes.ts';
import { useSession } from '../features/auth/session.tsx';
import { teamKnownInactive } from '../features/capture/actions.ts';
import { SubscriptionBlocker } from '../features/capture/SubscriptionBlocker.tsx';

export function SubscriptionGate({ route, children }: { route: RouteId | null; children: ReactNode }) {
  const authId = useSession().session?.user.id;
  const gated = authId !== undefined && !isOpenWithoutSubscription(route);
  const [blockedFor, setBlockedFor] = useState<string | null>(null);
  useEffect(() => {
    if (!gated || !authId) return;
    let live = true;
    void teamKnownInactive(authId).then((inactive) => live && setBlockedFor(inactive ? authId : null));
    return () => {
      live = false;
    };
  }, [gated, authId]);
  return gated && blockedFor === authId ? <SubscriptionBlocker /> : children;
}
