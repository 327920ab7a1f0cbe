/**
 * The outbox in React: `useOutboxOwner` (the layout: mirrors the session for the service
 * worker, runs the page's drainer, keeps Background Sync registered while edits wait),
 * `usePendingCount` (the banner's and the owner's one count), `useOutboxState` (the header's
 * counts and the panel's lists) and `useOnline`.
 */
import type { Session } from '@supabase/auth-js';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useSyncExternalStore } from 'react';
import { otherAccountsEdits, outboxSummary, type FailedEntry } from '../../data/outbox/queries.ts';
import { requestBackgroundSync } from '../../data/outbox/backgroundSync.ts';
import type { OutboxEntry } from '../../data/outbox/entry.ts';
import { mirrorSession } from '../../data/outbox/workerSession.ts';
import { startPageDrainer } from './pageDrainer.ts';

export interface OutboxState {
  pending: number;
  failed: FailedEntry[];
  conflicts: OutboxEntry[];
}

const EMPTY: OutboxState = { pending: 0, failed: [], conflicts: [] };

/** The user's outbox, live; empty while loading or signed out. */
export function useOutboxState(authId: string | undefined): OutboxState {
  return useLiveQuery(async () => (authId ? outboxSummary(authId) : EMPTY), [authId]) ?? EMPTY;
}

/** Edits of the other accounts this browser keeps, live (the debug panels' Clear storage warns of them). */
export function useOtherAccountsEdits(authId: string): number {
  return useLiveQuery(() => otherAccountsEdits(authId), [authId]) ?? 0;
}

/** Edits waiting to reach Notion, live (one count query; 0 while loading or signed out). */
export function usePendingCount(authId: string | undefined): number {
  return useLiveQuery(async () => (authId ? (await outboxSummary(authId)).pending : 0), [authId]) ?? 0;
}

/** `ready`: the session is known (before, a null session would wrongly clear the mirror). */
export function useOutboxOwner({ ready, session }: { ready: boolean; session: Session | null }): void {
  const authId = session?.user.id;
  const waiting = usePendingCount(authId) > 0;
  useEffect(() => {
    if (!ready) return;
    void mirrorSession(session).catch((error: unknown) => console.error('could not mirror the session', error));
  }, [ready, session]);
  useEffect(() => (authId ? startPageDrainer(authId) : undefined), [authId]);
  useEffect(() => {
    if (waiting) void requestBackgroundSync();
  }, [waiting]);
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
