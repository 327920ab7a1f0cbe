/**
 * One related page in a relation's list: its title, a link that opens it here in relation mode
 * (spec 2 §4: Back returns to this page), "Remove" (unlinks it) and "Archive" (moves it to
 * Notion's trash, after a confirmation, and unlinks it).
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { routes } from '../../domain/routing/routes.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import type { RelationEdits } from './useRelationEdits.ts';

interface Props {
  id: string;
  /** undefined while the title loads; '' for a page without one. */
  title: string | undefined;
  source: { pageId: string; title: string; property: string };
  edits: Pick<RelationEdits, 'unlink' | 'archive'>;
  /** Where focus goes once this item is gone. */
  onGone: () => void;
}

export function RelatedPageItem({ id, title, source, edits, onGone }: Props) {
  const [confirming, setConfirming] = useState(false);
  const shown = title === undefined ? '…' : title || 'Untitled';
  const href = routes.notionProfile({
    id,
    isRelation: 'true',
    sourceId: source.pageId,
    sourceTitle: source.title,
    sourceProperty: source.property,
  });
  const gone = (done: boolean) => done && onGone();
  return (
    <li className="related-page">
      <Link to={href}>{shown}</Link>
      <span className="related-actions">
        <Button variant="ghost" aria-label={`Remove ${shown}`} onPress={() => void edits.unlink(id).then(gone)}>
          Remove
        </Button>
        <Button variant="ghost" aria-label={`Archive ${shown}`} onPress={() => setConfirming(true)}>
          Archive
        </Button>
      </span>
      {confirming && (
        <ConfirmDialog
          title={`Archive ${shown}?`}
          confirmLabel="Archive"
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            void edits.archive({ id, title: title || 'Untitled' }).then(gone);
          }}
        >
          <p>
            The page moves to Notion&apos;s trash and leaves {source.property}. It can be restored from the trash in
            Notion.
          </p>
        </ConfirmDialog>
      )}
    </li>
  );
}
