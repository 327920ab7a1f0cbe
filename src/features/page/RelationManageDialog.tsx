/**
 * "Manage {product}" (spec 2 §9): a relation of 11 pages or more, whole. Past 25 — where Notion's
 * page object stops — the list is read through "retrieve a page property item", so the count
 * and the list are true and an edit writes every page back but the one removed. Titles are
 * read for the pages shown, 10 more each time the user asks (cached); each page opens
 * in relation mode, and can be removed or archived, saved at once through the outbox.
 */
import { useEffect, useRef, useState } from 'react';
import type { ShapeByType } from '../../data/notion/codecs/index.ts';
import { RELATION_TITLES_MAX } from '../../domain/notion/relationRules.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog, DialogActions } from '../../ui/Dialog.tsx';
import { ErrorMessage } from '../../ui/ErrorMessage.tsx';
import { RelatedPageList } from './RelatedPageList.tsx';
import { wholeRelation, type RelationTarget } from './relationActions.ts';
import { useRelatedTitles } from './useRelatedTitles.ts';
import { useRelationEdits } from './useRelationEdits.ts';

interface Props {
  target: RelationTarget;
  relation: ShapeByType['relation'];
  source: { pageId: string; title: string; property: string };
  onClose: () => void;
}

/** The relation's whole list: as given, or read through the property endpoint when Notion cut it. */
function useWholeRelation(target: RelationTarget, relation: ShapeByType['relation']) {
  const key = `${relation.ids.join(',')} ${relation.hasMore}`;
  const [loaded, setLoaded] = useState<{ key: string; ids: string[] | null; error: string | null } | null>(null);
  useEffect(() => {
    if (!relation.hasMore) return;
    let current = true;
    void wholeRelation(target, relation).then((whole) => {
      if (current)
        setLoaded(whole.ok ? { key, ids: whole.value.ids, error: null } : { key, ids: null, error: whole.message });
    });
    return () => {
      current = false;
    };
    // the relation's ids and cut are its identity (key); the target does not change while open
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (!relation.hasMore) return { ids: relation.ids, error: null };
  return loaded?.key === key ? loaded : { ids: null, error: null };
}

export function RelationManageDialog({ target, relation, source, onClose }: Props) {
  const whole = useWholeRelation(target, relation);
  const [shown, setShown] = useState(RELATION_TITLES_MAX);
  const headingRef = useRef<HTMLParagraphElement>(null);
  const ids = whole.ids ?? [];
  const edits = useRelationEdits(target, ids);
  const titles = useRelatedTitles(target, ids.slice(0, shown));

  return (
    <Dialog title={target.name} onClose={onClose} dismissable tall>
      <ErrorMessage message={whole.error ?? edits.error} />
      {whole.ids === null ? (
        !whole.error && <p aria-busy="true">Loading pages...</p>
      ) : (
        <>
          <p className="relation-total" tabIndex={-1} ref={headingRef}>
            {whole.ids.length} related pages
          </p>
          <RelatedPageList
            ids={whole.ids.slice(0, shown)}
            titles={titles}
            source={source}
            edits={edits}
            onGone={() => headingRef.current?.focus()}
          />
          {shown < whole.ids.length && (
            <Button variant="ghost" onPress={() => setShown(shown + RELATION_TITLES_MAX)}>
              Show more
            </Button>
          )}
        </>
      )}
      <DialogActions>
        <Button variant="primary" onPress={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
