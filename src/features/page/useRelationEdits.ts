/**
 * A relation's edits as its views use them (the row, the Manage and Add modals): link, unlink
 * and archive against the whole list they were given, saved at once through the outbox (spec 2
 * §4), and the spec's text of the last failure until the next edit.
 */
import { useState } from 'react';
import { archiveRelatedPage, linkPages, unlinkPage, type RelationTarget } from './relationActions.ts';

export interface RelationEdits {
  link: (added: string[]) => Promise<boolean>;
  unlink: (pageId: string) => Promise<boolean>;
  archive: (page: { id: string; title: string }) => Promise<boolean>;
  error: string | null;
}

export function useRelationEdits(target: RelationTarget, ids: string[]): RelationEdits {
  const [error, setError] = useState<string | null>(null);
  const run = async (edit: Promise<string | null>) => {
    setError(null);
    const failure = await edit;
    setError(failure);
    return failure === null;
  };
  return {
    link: (added) => run(linkPages(target, ids, added)),
    unlink: (pageId) => run(unlinkPage(target, ids, pageId)),
    archive: (page) => run(archiveRelatedPage(target, ids, page)),
    error,
  };
}
