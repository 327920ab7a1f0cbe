/** Restores (or auto-activates) the active setting once a session is known (spec 1 §4). */
import { useEffect } from 'react';
import { restoreActiveSetting } from '../features/settings/actions.ts';
import { useSession } from '../features/auth/session.tsx';

export function useActiveSettingRestore(): void {
  const { session } = useSession();
  const authId = session?.user.id;
  useEffect(() => {
    if (authId) void restoreActiveSetting(authId);
  }, [authId]);
}
