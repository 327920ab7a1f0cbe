/**
 * The profile check of NewProfile (spec 2 §4): idle → verifying → found | not found, or a
 * configuration error. A stored verdict answers at once (repeat visit), then Notion is asked
 * again. Rechecked when the URL, the active setting or its key changes; the raw responses
 * (debug panel) are reset when a check starts and when it fails.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { CACHE_KEYS } from '../../data/db/cache.ts';
import { db } from '../../data/db/schema.ts';
import type { NotionQueryPage } from '../../data/notion/client.ts';
import type { FoundProfilePage } from '../../data/notion/profilePages.ts';
import { textOf } from '../../data/errors/result.ts';
import { messageFor } from '../../domain/errors/catalogue.ts';
import { canonicalProfileUrl } from '../../domain/linkedin/profileUrl.ts';
import { cachedVerdict, checkProfile, checkTarget, type CheckTarget } from './actions.ts';

export type CheckState =
  | { phase: 'idle' }
  | { phase: 'verifying' }
  | { phase: 'found'; page: FoundProfilePage; revalidating: boolean }
  | { phase: 'not-found'; revalidating: boolean }
  | { phase: 'error'; message: string };

export function useProfileCheck(url: string): {
  state: CheckState;
  target: CheckTarget | undefined;
  /** This check's query responses as Notion sent them (null until it answers, or when it failed). */
  responses: NotionQueryPage[] | null;
  setFound: (page: FoundProfilePage) => void;
} {
  const [state, setState] = useState<CheckState>({ phase: 'idle' });
  const [responses, setResponses] = useState<NotionQueryPage[] | null>(null);
  const [target, setTarget] = useState<CheckTarget>();
  const active = useLiveQuery(() => db.cache.get(CACHE_KEYS.activeSetting), []);
  const value = active?.value as { id?: string; notionKey?: string } | undefined;
  const settingId = value?.id;
  const notionKey = value?.notionKey;

  useEffect(() => {
    let live = true;
    const canonical = canonicalProfileUrl(url);
    void (async () => {
      setResponses(null); // a new check: the last one's responses no longer describe this url
      const resolved = await checkTarget();
      if (!live) return;
      setTarget(resolved);
      if (!resolved.ok) return setState({ phase: 'error', message: messageFor('checkProfile', resolved.error) });
      if (!canonical) return setState({ phase: 'idle' });
      const stored = await cachedVerdict(resolved.target, canonical);
      if (!live) return;
      if (stored?.page) setState({ phase: 'found', page: stored.page, revalidating: true });
      else if (stored) setState({ phase: 'not-found', revalidating: true });
      else setState({ phase: 'verifying' });
      try {
        const { page, responses: answered } = await checkProfile(resolved.target, canonical);
        if (!live) return;
        setResponses(answered);
        setState(page ? { phase: 'found', page, revalidating: false } : { phase: 'not-found', revalidating: false });
      } catch (error) {
        if (!live) return;
        setResponses(null);
        setState({ phase: 'error', message: textOf('checkProfile', error) });
      }
    })();
    return () => {
      live = false;
    };
  }, [url, settingId, notionKey]);

  return { state, target, responses, setFound: (page) => setState({ phase: 'found', page, revalidating: false }) };
}
