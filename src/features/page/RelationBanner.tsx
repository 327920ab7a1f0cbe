/**
 * Relation mode (spec 2 §2, §4): a page opened from another page's relation shows "Relation of
 * {title}" with "Back", which returns to the page it was opened from (`sourceId`), or, when
 * that is not known, leaves relation mode on this page. Nothing outside relation mode.
 */
import { useNavigate, useSearchParams } from 'react-router-dom';
import { routes } from '../../domain/routing/routes.ts';
import { Button } from '../../ui/Button.tsx';

export function RelationBanner({ pageId }: { pageId: string }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  if (params.get('isRelation') !== 'true') return null;
  const sourceId = params.get('sourceId');
  const back = () => navigate(sourceId ? routes.notionProfile({ id: sourceId }) : routes.notionProfile({ id: pageId }));
  return (
    <nav className="relation-banner" aria-label="Relation">
      <Button variant="ghost" onPress={back}>
        Back
      </Button>
      <span>Relation of {params.get('sourceTitle') || 'Untitled'}</span>
    </nav>
  );
}
