/**
 * What a relation's editor does (spec 2 §4 "Relations save immediately", §5, §8) on top of
 * src/data: link pages, unlink one, archive a related page — each through the outbox with the
 * relation's whole new list (an entry is absolute) and the value the user saw as its base —,
 * find the pages the add modal offers, create a page to link, and read a relation's whole list
 * past Notion's 25 references. Each answers the spec's text of its failure, or null.
 */
import { readPageSnapshot } from '../../data/db/pageSnapshots.ts';
import { appError } from '../../data/errors/appError.ts';
import { toAppError } from '../../data/errors/thrown.ts';
import { notion } from '../../data/notion/appNotion.ts';
import { completeRelation, type ShapeByType } from '../../data/notion/codecs/index.ts';
import {
  createRelatedPage,
  findRelatedPageCandidates,
  type RelatedPageCandidate,
} from '../../data/notion/relationSearch.ts';
import { enqueueTrash } from '../../data/outbox/enqueue.ts';
import type { PageSnapshot } from '../../data/outbox/entry.ts';
import { messageFor, type ErrorContext } from '../../domain/errors/catalogue.ts';
import { withoutRelated, withRelated } from '../../domain/notion/relationRules.ts';
import { relationValue } from '../../domain/notion/relations.ts';
import { saveProperty } from './actions.ts';
import { pageTitle } from './pageTitle.ts';

/** The relation being edited: its page, its property, and the user and workspace it belongs to. */
export interface RelationTarget {
  authId: string;
  workspaceId: string;
  pageId: string;
  propertyId: string;
  /** The property's name, for the outbox's lists. */
  name: string;
}

const failure = (context: ErrorContext, error: unknown): string => messageFor(context, toAppError(error).in(context));

/** How the outbox's lists name an edit of the relation `name` of this page. */
const relationLabel = (snapshot: PageSnapshot | undefined, name: string) => ({
  page: (snapshot && pageTitle(snapshot)) || 'Untitled',
  property: name,
});

/**
 * Queues the relation set to `ids` (whole), from `before` (the whole list the user saw: the
 * conflict check's base, not the page object's first 25); the failure's text in `context`, or null.
 */
async function writeRelation(
  target: RelationTarget,
  before: string[],
  ids: string[],
  context: ErrorContext,
): Promise<string | null> {
  const { authId, workspaceId, pageId, propertyId, name } = target;
  try {
    const snapshot = await readPageSnapshot(authId, pageId);
    const shape = { type: 'relation' as const, value: { ids, titles: {}, originalIds: [], raw: null, hasMore: false } };
    const label = relationLabel(snapshot, name);
    const error = await saveProperty({ authId, workspaceId, pageId, propertyId, label }, shape, relationValue(before));
    return error && failure(context, error);
  } catch (error) {
    return failure(context, error);
  }
}

/** Links `added` after the pages already related (`ids`, the whole list). */
export const linkPages = (target: RelationTarget, ids: string[], added: string[]) =>
  writeRelation(target, ids, withRelated(ids, added), 'addRelation');

/** Unlinks `pageId` from the relation (`ids`, the whole list). */
export const unlinkPage = (target: RelationTarget, ids: string[], pageId: string) =>
  writeRelation(target, ids, withoutRelated(ids, pageId), 'removeRelation');

/**
 * Moves a related page to Notion's trash and, once Notion confirmed it, out of the relation
 * (`ids`, the whole list): one outbox entry that completes or fails whole (issue 31, edge 4).
 */
export async function archiveRelatedPage(
  target: RelationTarget,
  ids: string[],
  page: { id: string; title: string },
): Promise<string | null> {
  try {
    const { authId, workspaceId, pageId, propertyId, name } = target;
    const snapshot = await readPageSnapshot(authId, pageId);
    const unlinkFrom = {
      pageId,
      propertyId,
      ids,
      label: relationLabel(snapshot, name),
    };
    await enqueueTrash(
      { authId, workspaceId, pageId: page.id, label: { page: page.title, property: 'Archive' }, unlinkFrom },
      true,
    );
    return null;
  } catch (error) {
    return failure('archiveRelatedPage', error);
  }
}

/** Where the add modal looks for pages: the relation's target data source. */
export interface CandidateSource {
  authId: string;
  workspaceId: string;
  /** The relation's target data source; null when its schema names none. */
  dataSourceId: string | null;
  propertyId: string;
}

type Answer<T> = { ok: true; value: T } | { ok: false; message: string };

/** The target's pages, recent first, or those whose title contains `term`; a failure's text. */
export async function findCandidates(source: CandidateSource, term: string): Promise<Answer<RelatedPageCandidate[]>> {
  const context = term.trim() ? 'searchRelatedPages' : 'loadRelatedPages';
  const { authId, workspaceId, dataSourceId, propertyId } = source;
  try {
    if (!workspaceId || !propertyId) throw appError({ kind: 'validation', field: 'relationParameters' });
    if (!dataSourceId) throw appError({ kind: 'validation', field: 'relationTarget' });
    return {
      ok: true,
      value: await findRelatedPageCandidates({ authId, workspaceId, dataSourceId, term }, { notion }),
    };
  } catch (error) {
    const appFailure = toAppError(error);
    const local = appFailure.reason.kind === 'validation' && appFailure.debug.source === 'app';
    return { ok: false, message: failure(local ? 'loadRelatedPages' : context, appFailure) };
  }
}

/** Creates a page titled `title` (trimmed, not empty) in the target, to be linked. */
export async function createCandidate(
  source: CandidateSource & { dataSourceId: string },
  title: string,
): Promise<Answer<RelatedPageCandidate>> {
  const { authId, workspaceId, dataSourceId } = source;
  try {
    const created = await createRelatedPage({ authId, workspaceId, dataSourceId, title: title.trim() }, { notion });
    return { ok: true, value: created };
  } catch (error) {
    return { ok: false, message: failure('createRelatedPage', error) };
  }
}

/** The relation with its whole list, read through the property endpoint when Notion cut it at 25. */
export async function wholeRelation(
  target: RelationTarget,
  relation: ShapeByType['relation'],
): Promise<Answer<ShapeByType['relation']>> {
  if (!relation.hasMore) return { ok: true, value: relation };
  try {
    const items = await notion.propertyItems(target.workspaceId, target.pageId, target.propertyId);
    return { ok: true, value: completeRelation(relation, items) };
  } catch (error) {
    return { ok: false, message: failure('loadRelatedPages', error) };
  }
}
