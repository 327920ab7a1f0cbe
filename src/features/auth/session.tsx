/**
 * The session as React state for the guards, header and screens. `ready` turns true once the
 * client has read the URL and storage, so guards never decide on a half-loaded session.
 */
import type { Session } from '@supabase/supabase-js';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { loadSession, watchSession } from './actions.ts';

interface SessionState {
  ready: boolean;
  session: Session | null;
}

const SessionContext = createContext<SessionState>({ ready: false, session: null });

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>({ ready: false, session: null });
  useEffect(() => {
    let live = true;
    void loadSession().then((session) => live && setState({ ready: true, session }));
    const stop = watchSession((session) => live && setState((s) => (s.ready ? { ready: true, session } : s)));
    return () => {
      live = false;
      stop();
    };
  }, []);
  return <SessionContext.Provider value={state}>{children}</SessionContext.Provider>;
}

export const useSession = (): SessionState => useContext(SessionContext);
