/**
 * Route guards (spec 1 §2, spec 2 §2), with each route's access from the route table: auth
 * routes send signed-out visitors to /login, guest routes send signed-in users to /, admin
 * routes send non-admins (or a failed check) to /account. Screens that the spec makes show
 * 'Not logged in' (profile, wizard) have `signedOut: 'not-logged-in'` instead of the redirect.
 * Routes marked `debugOnly` in the table send a signed-in user without the debug-mode grant
 * to / (issue 20), once the grant of this account is known.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { debugGrantRedirect, guardRedirect, isDebugOnlyPath } from '../domain/routing/routeAccess.ts';
import type { Access } from '../domain/routing/routes.ts';
import { isAdmin } from '../features/auth/actions.ts';
import { NotLoggedIn } from '../features/auth/NotLoggedIn.tsx';
import { useSession } from '../features/auth/session.tsx';
import { useDebugGrant, useDebugGrantKnown } from '../features/debug/useDebugMode.ts';

interface GuardProps {
  access: Access;
  signedOut?: 'redirect' | 'not-logged-in';
  children: ReactNode;
}

/** The admin check for admin routes only; undefined while it runs. */
function useAdminCheck(authId: string | undefined, needed: boolean): boolean | undefined {
  const [result, setResult] = useState<{ authId: string; admin: boolean }>();
  useEffect(() => {
    if (!needed || !authId) return;
    let live = true;
    void isAdmin(authId).then((admin) => live && setResult({ authId, admin }));
    return () => {
      live = false;
    };
  }, [authId, needed]);
  return result && result.authId === authId ? result.admin : undefined;
}

export function Guard({ access, signedOut = 'redirect', children }: GuardProps) {
  const { ready, session } = useSession();
  const admin = useAdminCheck(session?.user.id, access === 'admin');
  const { pathname } = useLocation();
  const debugOnly = session !== null && isDebugOnlyPath(pathname);
  const granted = useDebugGrant();
  const grantKnown = useDebugGrantKnown();
  const waiting = (access === 'admin' && session && admin === undefined) || (debugOnly && !grantKnown);
  if (!ready || waiting) return <p aria-busy="true">Loading…</p>;
  const needsSession = access === 'auth' || access === 'admin';
  if (needsSession && !session && signedOut === 'not-logged-in') return <NotLoggedIn />;
  const target =
    guardRedirect(access, Boolean(session), admin === true) ?? debugGrantRedirect(pathname, Boolean(session), granted);
  return target ? <Navigate to={target} replace /> : children;
}
