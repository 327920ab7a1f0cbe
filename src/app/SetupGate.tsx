/**
 * The account-setup gate (spec 2 §2 "Setup overlay", §4 "Profile states", "Setup polling"): a
 * signed-in user whose profile is not setup_complete sees the setup overlay in place of the
 * header and every screen until the polling says done; signed-out screens (and a recovery
 * session's /update-password) pass through. While the first answer is read (the cached
 * profile, else the database, after a sign-in's own setup call) the screens wait too. The
 * overlay and its polling are their own chunk (a lazyPart: only an account being set up sees
 * them), behind the same 'Loading…' while it downloads.
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useSession } from '../features/auth/session.tsx';
import { setupNeeded } from '../features/setup/actions.ts';
import { lazyPart } from '../ui/lazyPart.tsx';

const loading = <p aria-busy="true">Loading…</p>;

const SetupOverlay = lazyPart(
  () => import('../features/setup/SetupOverlay.tsx'),
  (m) => m.SetupOverlay,
  loading,
);

export function SetupGate({ children }: { children: ReactNode }) {
  const authId = useSession().session?.user.id;
  const [decided, setDecided] = useState<{ authId: string; needed: boolean }>();
  useEffect(() => {
    if (!authId) return;
    let live = true;
    void setupNeeded(authId).then((needed) => live && setDecided({ authId, needed }));
    return () => {
      live = false;
    };
  }, [authId]);
  const finished = useCallback(() => authId && setDecided({ authId, needed: false }), [authId]);
  if (!authId) return children;
  if (decided?.authId !== authId) return loading;
  return decided.needed ? <SetupOverlay authId={authId} onDone={finished} /> : children;
}
