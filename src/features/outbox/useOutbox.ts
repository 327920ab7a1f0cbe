/**
 * The outbox in React: `useOutboxOwner` (the layout: mirrors the session for the service
 * worker, runs the page's drainer, keeps Background Sync registered while edits wait),
 * `useOutboxState` (live counts and lists for the header, banner and panel) and `useOnline`.
 */
import type { Session } from '@supabase/supabase-js';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useSyncExternalStore } from 'react';
import { conflictEntries, failedEntries, pendingChangeCount, type FailedEntry } from '../../data/outbox/queries.ts';
import type { OutboxEntry } from '../../data/outbox/entry.ts';
import { mirrorSession } from '../../data/outbox/workerSession.ts';
import { startPageDrainer, syncWhilePending } from './pageDrainer.ts';

export interface OutboxState {
  pending: number;
  failed: FailedEntry[];
  conflicts: OutboxEntry[];
}

const EMPTY: OutboxState = { pending: 0, failed: [], conflicts: [] };

/** The user's outbox, live; empty while loading or signed out. */
export function useOutboxState(authId: string | undefined): OutboxState {
  return (
    useLiveQuery(
      async () =>
        authId
          ? {
              pending: await pendingChangeCount(authId),
              failed: await failedEntries(authId),
              conflicts: await conflictEntries(authId),
            }
          : EMPTY,
      [authId],
    ) ?? EMPTY
  );
}

/** `ready`: the session is known (before, a null session would wrongly clear the mirror). */
export function useOutboxOwner({ ready, session }: { ready: boolean; session: Session | null }): void {
  const authId = session?.user.id;
  const pending = useOutboxState(authId).pending;
  useEffect(() => {
    if (!ready) return;
    void mirrorSession(session).catch((error: unknown) => console.error('could not mirror the session', error));
  }, [ready, session]);
  useEffect(() => (authId ? startPageDrainer(authId) : undefined), [authId]);
  useEffect(() => {
    void syncWhilePending(pending);
  }, [pending]);
}

const subscribeOnline = (changed: () => void) => {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
};

export const useOnline = (): boolean => useSyncExternalStore(subscribeOnline, () => navigator.onLine);
