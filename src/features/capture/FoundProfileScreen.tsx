/**
 * Where a found person goes until the NotionProfile viewer lands (issue 7): the page's title
 * and a link that opens it in Notion — no editor. Reads query `id`, `title`, `notionUrl`;
 * without a title, the recent visit supplies it when it is the same page.
 *
 * What must stay true: the query is input — `notionUrl` becomes the link only when it is a
 * Notion address (`notionHref`), else the link is built from the page id; with neither there
 * is no link.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useSearchParams } from 'react-router-dom';
import { readRecentVisit } from '../../data/db/recentVisits.ts';
import { notionHref, notionPageUrl } from '../../domain/notion/pageLinks.ts';

export function FoundProfileScreen() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const recent = useLiveQuery(() => readRecentVisit(), []);
  const title = params.get('title') || (recent?.pageId === id ? recent.title : '') || 'Untitled';
  const href = notionHref(params.get('notionUrl')) ?? notionPageUrl(id);
  return (
    <main className="screen narrow" data-testid="found-profile">
      <h1>{title}</h1>
      {href && (
        <p>
          <a href={href} target="_blank" rel="noreferrer">
            Open in Notion
          </a>
        </p>
      )}
    </main>
  );
}
