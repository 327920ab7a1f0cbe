/**
 * /cache-debug's live reads: the user's local state and cached active setting (never another
 * account's rows: those are only counted) and the user's outbox re-read whenever IndexedDB changes (any tab, the worker), the
 * browser's figures on open and on each tick, and a clock that ticks every few seconds so ages
 * move while the screen is open.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { cachedActiveSettingOf } from '../../data/db/activeSetting.ts';
import { browserState, type BrowserState } from '../../data/debug/browserState.ts';
import { readLocalState } from '../../data/debug/localState.ts';
import { userEntries } from '../../data/outbox/queries.ts';

const TICK_MS = 5_000;

function useNow(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function useCacheDebugData(authId: string | undefined) {
  const now = useNow();
  const local = useLiveQuery(() => readLocalState(authId, undefined, now), [authId, now]);
  const activeSetting = useLiveQuery(async () => (await cachedActiveSettingOf(authId)) ?? null, [authId]);
  const entries = useLiveQuery(async () => (authId ? userEntries(authId) : []), [authId]);
  const [browser, setBrowser] = useState<BrowserState>();
  useEffect(() => {
    let live = true;
    void browserState().then((state) => live && setBrowser(state));
    return () => {
      live = false;
    };
  }, [now]);
  return { now, local, activeSetting, entries, browser };
}
