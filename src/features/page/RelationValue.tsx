/**
 * A relation's pages (spec 2 §9): up to 10 by title (read 3 at a time, cached; an id while its
 * title loads, "Untitled" for a page without one); at 11 or more only the count — "+25" at 25
 * or more, Notion's page object lists 25 at most —, titles not fetched.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { readPageTitles } from '../../data/db/pageTitles.ts';
import type { ShapeByType } from '../../data/notion/codecs/index.ts';
import { RELATION_TITLES_MAX } from '../../data/notion/relatedTitles.ts';
import { loadTitles } from './actions.ts';

const RELATION_COUNT_CAP = 25;

export function RelationValue({
  relation,
  authId,
  workspaceId,
}: {
  relation: ShapeByType['relation'];
  authId: string;
  workspaceId: string;
}) {
  const count = relation.ids.length;
  const listed = count > RELATION_TITLES_MAX ? [] : relation.ids;
  const key = listed.join(',');
  const titles = useLiveQuery(() => readPageTitles(authId, listed), [authId, key]);
  useEffect(() => {
    if (key && workspaceId) void loadTitles({ authId, workspaceId, pageIds: key.split(',') });
  }, [authId, workspaceId, key]);

  if (count === 0) return <span className="empty">Empty</span>;
  if (count > RELATION_TITLES_MAX) {
    const shown = count >= RELATION_COUNT_CAP || relation.hasMore ? `+${RELATION_COUNT_CAP}` : String(count);
    return <span className="relation-count">{shown} related pages</span>;
  }
  return (
    <ul className="relation-list">
      {listed.map((id) => (
        <li key={id}>{titles?.[id] === undefined ? '…' : titles[id] || 'Untitled'}</li>
      ))}
    </ul>
  );
}
