/**
 * Titles of related pages for a list: read live from the cache (pageTitles), and read from
 * Notion 10 at a time in the list's order (each 10 paced 3 at a time, 200 ms apart, and only
 * those missing or stale: src/data/notion/relatedTitles.ts) — a longer list fills in chunk
 * after chunk. Runs for one list never overlap (a list that grows waits for the run before),
 * so no title is asked twice at once. undefined while the cache is read.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef } from 'react';
import { readPageTitles } from '../../data/db/pageTitles.ts';
import { RELATION_TITLES_MAX } from '../../domain/notion/relationRules.ts';
import { loadTitles } from './actions.ts';

export function useRelatedTitles(authId: string, workspaceId: string, ids: string[]) {
  const key = ids.join(',');
  const titles = useLiveQuery(() => readPageTitles(authId, key ? key.split(',') : []), [authId, key]);
  const previous = useRef<Promise<void>>(Promise.resolve());
  useEffect(() => {
    if (!key || !workspaceId) return;
    let current = true;
    const pageIds = key.split(',');
    previous.current = previous.current.then(async () => {
      for (let start = 0; start < pageIds.length && current; start += RELATION_TITLES_MAX) {
        await loadTitles({ authId, workspaceId, pageIds: pageIds.slice(start, start + RELATION_TITLES_MAX) });
      }
    });
    return () => {
      current = false;
    };
  }, [authId, workspaceId, key]);
  return titles;
}
