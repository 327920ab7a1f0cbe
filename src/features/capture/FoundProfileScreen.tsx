/**
 * Where a found person goes until the NotionProfile viewer lands (issue 7): the page's title
 * and a link that opens it in Notion — no editor. Reads query `id`, `title`, `notionUrl`;
 * without a title, the recent visit supplies it when it is the same page.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useSearchParams } from 'react-router-dom';
import { readRecentVisit } from '../../data/db/recentVisits.ts';

export function FoundProfileScreen() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const recent = useLiveQuery(() => readRecentVisit(), []);
  const title = params.get('title') || (recent?.pageId === id ? recent.title : '') || 'Untitled';
  const notionUrl = params.get('notionUrl') || `https://www.notion.so/${id.replace(/-/g, '')}`;
  return (
    <main className="screen narrow" data-testid="found-profile">
      <h1>{title}</h1>
      <p>
        <a href={notionUrl} target="_blank" rel="noreferrer">
          Open in Notion
        </a>
      </p>
    </main>
  );
}
