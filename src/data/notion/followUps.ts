/**
 * The Follow-ups list (issue 36): the people of the active data source whose next follow-up is
 * today or earlier, oldest first — ONE query (a date filter `on_or_before` today, sorted by the
 * date, Notion's 100 a page) — cached in Dexie (followUpsCache.ts), so the screen and the
 * header's count read it offline and with no request of their own.
 *
 * What must stay true: the answer is checked (zod) before it is cached; a person without a
 * date never appears (Notion's filter leaves them out); the cache names the date property it
 * was read for, so a mapping changed since is not shown as current.
 */
import { z } from 'zod/mini';
import { localDate } from '../../domain/followUps/followUpDates.ts';
import { writeCache } from '../db/cache.ts';
import { db as defaultDb, type SidenoteDatabase } from '../db/schema.ts';
import type { NotionClient } from './client.ts';
import { followUpsKey, type DueFollowUps } from './followUpsCache.ts';

export interface FollowUpsTarget {
  authId: string;
  workspaceId: string;
  dataSourceId: string;
  datePropertyId: string;
  /** The profile-URL property, when mapped. */
  linkedInPropertyId?: string;
}

const property = z.looseObject({ id: z.string(), type: z.string() });
const answer = z.object({
  results: z.array(z.object({ id: z.string(), properties: z.record(z.string(), property) })),
  has_more: z.boolean(),
});

type Property = z.infer<typeof property>;

const textOf = (value: Property | undefined): string =>
  Array.isArray(value?.title) ? (value.title as { plain_text?: string }[]).map((t) => t.plain_text ?? '').join('') : '';

const dateOf = (value: Property | undefined): string | null => {
  const date = value?.date as { start?: unknown } | null | undefined;
  return typeof date?.start === 'string' ? date.start.slice(0, 10) : null;
};

/** Reads the due follow-ups from Notion (one request) into the cache; returns them. */
export async function refreshFollowUps(
  target: FollowUpsTarget,
  {
    notion,
    database = defaultDb,
    today = new Date(),
  }: { notion: Pick<NotionClient, 'query'>; database?: SidenoteDatabase; today?: Date },
): Promise<DueFollowUps> {
  const asOf = localDate(today);
  const raw = await notion.query(target.workspaceId, target.dataSourceId, {
    filter: { property: target.datePropertyId, date: { on_or_before: asOf } },
    sorts: [{ property: target.datePropertyId, direction: 'ascending' }],
    page_size: 100,
  });
  const parsed = answer.parse(raw);
  const people = parsed.results.flatMap((page) => {
    const values = Object.values(page.properties);
    const date = dateOf(values.find((value) => value.id === target.datePropertyId));
    if (!date) return [];
    const link = values.find((value) => value.id === target.linkedInPropertyId)?.url;
    return [
      {
        pageId: page.id,
        title: textOf(values.find((value) => value.type === 'title')),
        date,
        linkedInUrl: typeof link === 'string' && link ? link : null,
      },
    ];
  });
  const value: DueFollowUps = {
    dataSourceId: target.dataSourceId,
    datePropertyId: target.datePropertyId,
    asOf,
    people,
    hasMore: parsed.has_more,
  };
  await writeCache(followUpsKey(target.authId, target.dataSourceId), value, database);
  return value;
}
