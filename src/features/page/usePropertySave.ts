/**
 * A property's save state as the outbox says it (spec 2 §4 "Saving..." then "Saved
 * successfully" for 3 s): saving while its entry waits or is out; saved on this device while
 * offline; saved once the entry is gone (Notion confirmed it) — shown 3 s; failed or in
 * conflict while the entry is in those lists (the header's panel offers the choices).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState } from 'react';
import { propertyEntryStates } from '../../data/outbox/queries.ts';
import { SAVE_MESSAGE_MS } from '../../domain/notion/saveTimings.ts';

export type SaveState = 'idle' | 'saving' | 'saved' | 'failed' | 'conflict';

export function usePropertySave(authId: string, pageId: string, propertyId: string): SaveState {
  const waiting = useLiveQuery(() => propertyEntryStates(authId, pageId, propertyId), [authId, pageId, propertyId]);
  const state: SaveState | undefined =
    waiting === undefined
      ? undefined
      : waiting.includes('conflict')
        ? 'conflict'
        : waiting.includes('failed')
          ? 'failed'
          : waiting.length > 0
            ? 'saving'
            : 'idle';
  const previous = useRef<SaveState | undefined>(undefined);
  const [savedUntil, setSavedUntil] = useState(0);
  useEffect(() => {
    if (previous.current === 'saving' && state === 'idle') {
      const until = Date.now() + SAVE_MESSAGE_MS;
      setSavedUntil(until);
      const timer = setTimeout(() => setSavedUntil(0), SAVE_MESSAGE_MS);
      previous.current = state;
      return () => clearTimeout(timer);
    }
    previous.current = state;
  }, [state]);
  if (state === 'idle' && savedUntil > 0) return 'saved';
  return state ?? 'idle';
}
