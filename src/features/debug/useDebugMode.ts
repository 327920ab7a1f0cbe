/**
 * Debug mode (spec 1 §4, spec 2 §6; issue 20): only for a user an admin granted it to (the
 * grant is read once per app start or sign-in, useDebugGrantRefresh, and cached). For them it
 * is on by the query `dbg=true` (which also stores the flag) or the stored flag; toggling
 * persists and tells the operators. Without the grant: off, no toggle, `dbg=true` ignored.
 */
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { debugModeOn, queryStoresDebug } from '../../domain/debug/debugMode.ts';
import { storedDebugFlag, subscribeDebugFlag } from '../../data/db/debugFlag.ts';
import { debugGrantSettled, storedDebugGrant, subscribeDebugGrant } from '../../data/local/debugGrant.ts';
import { useSession } from '../auth/session.tsx';
import { changeDebugMode, refreshDebugGrant } from './actions.ts';

/** The signed-in user's cached grant (false signed out or for another account's cache). */
export function useDebugGrant(): boolean {
  const authId = useSession().session?.user.id;
  return useSyncExternalStore(subscribeDebugGrant, () => storedDebugGrant(authId));
}

export function useDebugMode(): { debug: boolean; granted: boolean; toggle: () => void } {
  const { search } = useLocation();
  const granted = useDebugGrant();
  const stored = useSyncExternalStore(subscribeDebugFlag, storedDebugFlag);
  const inputs = { granted, stored, search };
  const debug = debugModeOn(inputs);
  // Turned on by the query (granted users only), it stays on (stored) until toggled off.
  const storeFromQuery = queryStoresDebug(inputs);
  useEffect(() => {
    if (storeFromQuery) changeDebugMode(true);
  }, [storeFromQuery]);
  const toggle = useCallback(() => {
    if (granted) changeDebugMode(!debug);
  }, [debug, granted]);
  return { debug, granted, toggle };
}

/** Reads the grant once per signed-in account and app start (Layout). */
export function useDebugGrantRefresh(authId: string | undefined): void {
  useEffect(() => {
    if (authId) void refreshDebugGrant(authId);
  }, [authId]);
}

/** Whether a guard may decide on this account's grant (debugGrantSettled): guards wait for it. */
export function useDebugGrantKnown(): boolean {
  const authId = useSession().session?.user.id;
  return useSyncExternalStore(subscribeDebugGrant, () => (authId ? debugGrantSettled(authId) : true));
}
