/**
 * A relation's related pages as a list (the property's value, and the Manage dialog's full
 * list): each item links to its page in relation mode and offers Remove and Archive; focus goes
 * to `onGone`'s target once an item is gone.
 */
import type { ComponentProps } from 'react';
import { RelatedPageItem } from './RelatedPageItem.tsx';

type ItemProps = ComponentProps<typeof RelatedPageItem>;

interface Props extends Pick<ItemProps, 'source' | 'edits' | 'onGone'> {
  ids: string[];
  /** The titles known so far, by page id (undefined while they load). */
  titles: Record<string, string> | undefined;
}

export function RelatedPageList({ ids, titles, source, edits, onGone }: Props) {
  return (
    <ul className="relation-list">
      {ids.map((id) => (
        <RelatedPageItem key={id} id={id} title={titles?.[id]} source={source} edits={edits} onGone={onGone} />
      ))}
    </ul>
  );
}
