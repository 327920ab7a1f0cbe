/**
 * Debug mode (spec 1 §4): on by the query `dbg=true` (which also stores the flag) or the
 * stored flag; toggling persists.
 */
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { storeDebugFlag, storedDebugFlag } from '../../data/db/debugFlag.ts';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('sidenote-debug-change', onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener('sidenote-debug-change', onChange);
    window.removeEventListener('storage', onChange);
  };
}

export function useDebugMode(): { debug: boolean; toggle: () => void } {
  const { search } = useLocation();
  const stored = useSyncExternalStore(subscribe, storedDebugFlag);
  const fromQuery = new URLSearchParams(search).get('dbg') === 'true';
  const debug = stored || fromQuery;
  // Turned on by the query, it stays on (stored) until toggled off.
  useEffect(() => {
    if (fromQuery && !storedDebugFlag()) storeDebugFlag(true);
  }, [fromQuery]);
  const toggle = useCallback(() => storeDebugFlag(!debug), [debug]);
  return { debug, toggle };
}
