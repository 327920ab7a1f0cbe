/**
 * Titles of related pages for a list: read live from the cache (pageTitles), and read from
 * Notion 10 at a time in the list's order (only those missing or stale:
 * src/data/notion/relatedTitles.ts — one query on the target for a two-way relation, else
 * paced 3 at a time, 200 ms apart) — a longer list fills in chunk after chunk. Runs for one
 * list never overlap (a list that grows waits for the run before), so no title is asked twice
 * at once. undefined while the cache is read.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef } from 'react';
import { readPageTitles } from '../../data/db/pageTitles.ts';
import { RELATION_TITLES_MAX } from '../../domain/notion/relationRules.ts';
import { loadTitles } from './actions.ts';

/** The relation whose pages are listed: its page and property. */
export interface TitlesOwner {
  authId: string;
  workspaceId: string;
  pageId: string;
  propertyId: string;
}

export function useRelatedTitles({ authId, workspaceId, pageId, propertyId }: TitlesOwner, ids: string[]) {
  const key = ids.join(',');
  const titles = useLiveQuery(() => readPageTitles(authId, key ? key.split(',') : []), [authId, key]);
  const previous = useRef<Promise<void>>(Promise.resolve());
  useEffect(() => {
    if (!key || !workspaceId) return;
    let current = true;
    const pageIds = key.split(',');
    previous.current = previous.current.then(async () => {
      for (let start = 0; start < pageIds.length && current; start += RELATION_TITLES_MAX) {
        const chunk = pageIds.slice(start, start + RELATION_TITLES_MAX);
        await loadTitles({ authId, workspaceId, pageId, propertyId, pageIds: chunk });
      }
    });
    return () => {
      current = false;
    };
  }, [authId, workspaceId, pageId, propertyId, key]);
  return titles;
}
