/**
 * Restores (or auto-activates) the active setting once a session is known (spec 1 §4): the
 * app-load owner of the restore. Root's decision on `/` joins the same run
 * (`restoreActiveSetting` is single-flight per user), so it happens once.
 */
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
