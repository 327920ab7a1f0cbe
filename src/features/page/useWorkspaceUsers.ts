/**
 * The workspace's users for a people property, by live query on their cache (shown at once,
 * offline too), read again from Notion when stale. undefined while nothing is known yet; the
 * failure of the last read, if any.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { AppError } from '../../data/errors/appError.ts';
import type { PersonShape } from '../../data/notion/codecs/shapes.ts';
import { readWorkspaceUsers } from '../../data/notion/workspaceUsers.ts';
import { useOnline } from '../outbox/useOutbox.ts';
import { refreshUsers } from './editorActions.ts';

export function useWorkspaceUsers(
  authId: string,
  workspaceId: string,
  { refresh }: { refresh: boolean },
): { users: PersonShape[] | undefined; error: AppError | null } {
  const online = useOnline();
  const users = useLiveQuery(() => readWorkspaceUsers(authId, workspaceId), [authId, workspaceId]);
  const [error, setError] = useState<AppError | null>(null);
  useEffect(() => {
    if (!refresh || !online) return;
    let current = true;
    void refreshUsers({ authId, workspaceId }).then((failure) => current && setError(failure));
    return () => {
      current = false;
    };
  }, [authId, workspaceId, refresh, online]);
  return { users, error };
}
