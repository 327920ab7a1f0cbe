/**
 * A relation's pages and edits (spec 2 §5, §9): up to 10 by title (read 3 at a time, or in one
 * query for a two-way relation; cached; an
 * ellipsis while a title loads, "Untitled" for a page without one), each opening in relation
 * mode, with Remove and Archive; at 11 or more only the count — "+25" at 25 or more, Notion's
 * page object lists 25 at most —, titles not fetched, and "Manage {product}" for the whole list.
 * "Add" (the add modal) is offered below 25. Every edit saves at once, through the outbox.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useRef, useState } from 'react';
import { readPageSnapshot } from '../../data/db/pageSnapshots.ts';
import type { SchemaProperty, ShapeByType } from '../../data/notion/codecs/index.ts';
import { canAddRelation, listsTitles, relationCountText } from '../../domain/notion/relationRules.ts';
import { relationTargetOf, type RelationSchema } from '../../domain/notion/relations.ts';
import { PRODUCT_NAME } from '../../domain/product.ts';
import { Button } from '../../ui/Button.tsx';
import { ErrorMessage } from '../../ui/ErrorMessage.tsx';
import { pageTitle } from './pageTitle.ts';
import { RelatedPageList } from './RelatedPageList.tsx';
import { RelationAddDialog } from './RelationAddDialog.tsx';
import { RelationManageDialog } from './RelationManageDialog.tsx';
import { useRelatedTitles } from './useRelatedTitles.ts';
import { useRelationEdits } from './useRelationEdits.ts';
import './relations.css';

/** The row's relation property: the page and property it belongs to. */
export interface RelationContext {
  authId: string;
  workspaceId: string;
  pageId: string;
  propertyId: string;
  name: string;
  schema?: SchemaProperty;
}

export function RelationValue({ relation, ...context }: { relation: ShapeByType['relation'] } & RelationContext) {
  const { authId, pageId, name } = context;
  const [open, setOpen] = useState<'add' | 'manage' | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const count = { count: relation.ids.length, hasMore: relation.hasMore };
  const listed = listsTitles(count) ? relation.ids : [];
  const titles = useRelatedTitles(context, listed);
  const snapshot = useLiveQuery(() => readPageSnapshot(authId, pageId), [authId, pageId]);
  const source = { pageId, title: (snapshot && pageTitle(snapshot)) || 'Untitled', property: name };
  const edits = useRelationEdits(context, relation.ids);
  const dataSourceId = context.schema ? relationTargetOf(context.schema as RelationSchema) : null;

  return (
    <div className="relation-value" ref={listRef} tabIndex={-1}>
      {relation.ids.length === 0 && <span className="empty">Empty</span>}
      {listed.length > 0 && (
        <RelatedPageList
          ids={listed}
          titles={titles}
          source={source}
          edits={edits}
          onGone={() => listRef.current?.focus()}
        />
      )}
      {!listsTitles(count) && (
        <p className="relation-count">
          <span>{relationCountText(count)} related pages</span>{' '}
          <Button variant="ghost" className="link-button" onPress={() => setOpen('manage')}>
            Manage {PRODUCT_NAME}
          </Button>
        </p>
      )}
      <ErrorMessage message={edits.error} />
      {canAddRelation(count) && (
        <Button variant="ghost" aria-label={`Add ${name}`} onPress={() => setOpen('add')}>
          + Add
        </Button>
      )}
      {open === 'add' && (
        <RelationAddDialog
          target={context}
          dataSourceId={dataSourceId}
          ids={relation.ids}
          onClose={() => setOpen(null)}
        />
      )}
      {open === 'manage' && (
        <RelationManageDialog target={context} relation={relation} source={source} onClose={() => setOpen(null)} />
      )}
    </div>
  );
}
