/**
 * The session as React state for the guards, header and screens. `ready` turns true once the
 * client has read storage, so guards never decide on a half-loaded session.
 *
 * What must stay true: a recovery session (opened from a reset mail, recoverySession.ts) is
 * not a sign-in. It is offered as `recovery`, which /update-password alone reads; `session`,
 * which every guard and screen reads, is null meanwhile. It lives only while the app is on
 * /update-password: on any other route (left without submitting, a reload or a new tab landing
 * elsewhere) it is signed out — revoked at the auth server, removed here — so it never lingers,
 * auto-refreshed, with its exemption from the current-password rule.
 */
import type { Session } from '@supabase/auth-js';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { isRecoverySession } from '../../domain/auth/recoverySession.ts';
import { routes } from '../../domain/routing/routes.ts';
import { loadSession, signOutHere, watchSession } from './actions.ts';

interface SessionState {
  ready: boolean;
  /** An ordinary (signed-in) session. */
  session: Session | null;
  /** A recovery session: good for /update-password alone. */
  recovery: Session | null;
}

const SessionContext = createContext<SessionState>({ ready: false, session: null, recovery: null });

function stateOf(session: Session | null): SessionState {
  const recovery = session !== null && isRecoverySession(session.access_token);
  return { ready: true, session: recovery ? null : session, recovery: recovery ? session : null };
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>({ ready: false, session: null, recovery: null });
  useEffect(() => {
    let live = true;
    void loadSession().then((session) => live && setState(stateOf(session)));
    const stop = watchSession((session) => live && setState((s) => (s.ready ? stateOf(session) : s)));
    return () => {
      live = false;
      stop();
    };
  }, []);
  const { pathname } = useLocation();
  const strayRecovery = state.recovery !== null && pathname !== routes.updatePassword();
  useEffect(() => {
    if (strayRecovery) void signOutHere();
  }, [strayRecovery]);
  return <SessionContext.Provider value={state}>{children}</SessionContext.Provider>;
}

export const useSession = (): SessionState => useContext(SessionContext);
