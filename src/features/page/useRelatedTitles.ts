/**
 * Titles of related pages for a list: read live from the cache (pageTitles), and those not
 * cached yet read from Notion, the first 10 missing at a time (3 requests at a time, 200 ms
 * apart: src/data/notion/relatedTitles.ts) — a longer list fills in batch after batch —, then
 * the first 10 again, which relatedTitles.ts reads only when stale.
 * undefined while the cache is read.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { readPageTitles } from '../../data/db/pageTitles.ts';
import { RELATION_TITLES_MAX } from '../../domain/notion/relationRules.ts';
import { loadTitles } from './actions.ts';

export function useRelatedTitles(authId: string, workspaceId: string, ids: string[]) {
  const key = ids.join(',');
  const titles = useLiveQuery(() => readPageTitles(authId, key ? key.split(',') : []), [authId, key]);
  const missing = titles ? ids.filter((id) => titles[id] === undefined) : [];
  // the missing ones first; once none is, the first ones again (read only if stale)
  const wanted = (missing.length ? missing : ids).slice(0, RELATION_TITLES_MAX).join(',');
  useEffect(() => {
    if (wanted && workspaceId) void loadTitles({ authId, workspaceId, pageIds: wanted.split(',') });
  }, [authId, workspaceId, wanted]);
  return titles;
}
