/**
 * The Notion side of editing a relation (spec 2 §9, issue 17): the pages a relation may link —
 * the target data source's most recently edited pages, or those whose title contains a term
 * (`POST data_sources/{id}/query`, one request of up to 100) —, a new page created in the target
 * to link. The pages found are cached as related-page titles (pageTitles), so
 * a page linked from the modal shows its title at once.
 *
 * What must stay true: the target is the data source the relation's schema names
 * (domain/notion/relations.ts); its title property comes from its schema, cached like the
 * page's own (dataSourceSchemas, read again when stale); nothing here writes a relation —
 * relation writes go through the outbox, whole.
 */
import { isSchemaFresh, readDataSourceSchema, storeDataSourceSchema } from '../db/dataSourceSchemas.ts';
import { db as defaultDb, type SidenoteDatabase } from '../db/schema.ts';
import type { NotionClient } from './client.ts';
import { titleText } from '../../domain/notion/valueText.ts';

export interface RelatedPageCandidate {
  id: string;
  title: string;
}

export interface RelationSearchDeps {
  notion: Pick<NotionClient, 'dataSource' | 'queryDataSourcePage' | 'createPage'>;
  database?: SidenoteDatabase;
  now?: () => number;
}

interface Target {
  authId: string;
  workspaceId: string;
  /** The relation's target data source. */
  dataSourceId: string;
}

/** The id of the target's title property (Notion names it `title`), from its cached or fresh schema. */
async function titlePropertyOf(
  { authId, workspaceId, dataSourceId }: Target,
  { notion, database = defaultDb, now = Date.now }: RelationSearchDeps,
): Promise<string> {
  let schema = await readDataSourceSchema(authId, dataSourceId, database);
  if (!isSchemaFresh(schema, now())) {
    const fetchedAt = now();
    const { properties } = await notion.dataSource(workspaceId, dataSourceId);
    schema = { authId, workspaceId, dataSourceId, properties, fetchedAt };
    await storeDataSourceSchema(schema, database);
  }
  return schema!.properties.find((property) => property.type === 'title')?.id ?? 'title';
}

async function cacheTitles(authId: string, pages: RelatedPageCandidate[], database: SidenoteDatabase, at: number) {
  await database.pageTitles.bulkPut(pages.map(({ id, title }) => ({ authId, pageId: id, title, fetchedAt: at })));
}

/**
 * The target's pages, most recently edited first: all of them (the first 100) for an empty
 * term, else those whose title contains it (case ignored, as Notion's `contains`).
 */
export async function findRelatedPageCandidates(
  target: Target & { term: string },
  deps: RelationSearchDeps,
): Promise<RelatedPageCandidate[]> {
  const { authId, workspaceId, dataSourceId } = target;
  const { notion, database = defaultDb, now = Date.now } = deps;
  const term = target.term.trim();
  const filter = term ? { property: await titlePropertyOf(target, deps), title: { contains: term } } : undefined;
  const at = now();
  const { results } = await notion.queryDataSourcePage(workspaceId, dataSourceId, filter, { pageSize: 100 });
  const pages = results.map((page) => ({ id: page.id, title: titleText(page.properties) })); // a query leaves trashed pages out
  await cacheTitles(authId, pages, database, at);
  return pages;
}

/** Creates a page titled `title` in the target (the caller checked the title is not empty). */
export async function createRelatedPage(
  target: Target & { title: string },
  deps: RelationSearchDeps,
): Promise<RelatedPageCandidate> {
  const { authId, workspaceId, dataSourceId, title } = target;
  const { notion, database = defaultDb, now = Date.now } = deps;
  const titleProperty = await titlePropertyOf(target, deps);
  const page = await notion.createPage(workspaceId, {
    parent: { type: 'data_source_id', data_source_id: dataSourceId },
    properties: { [titleProperty]: { title: [{ type: 'text', text: { content: title } }] } },
  });
  const created = { id: page.id, title: titleText(page.properties) || title };
  await cacheTitles(authId, [created], database, now());
  return created;
}
