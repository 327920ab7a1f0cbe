/**
 * The visited pages, local first (issue 17): what a fetch of a Notion page leaves in its
 * snapshot (the table the outbox writes edits into, src/data/outbox/entry.ts `PageSnapshot`),
 * so the page paints from IndexedDB at once — online or offline — and re-renders by live query
 * when the fetch answers.
 *
 * What must stay true:
 * - a fetch never replaces the value of a property that has an outbox entry of this user
 *   (queued, failed or in conflict), nor one changed here after the fetch started (an edit
 *   Notion confirmed meanwhile, `localAt`): the user's own value shows until Notion has it or
 *   the user chose otherwise — a page read while an edit is on its way cannot bring the old
 *   value back;
 * - an older fetch never overwrites a newer one (`fetchedAt` is when the request started);
 * - everything happens in one `rw` transaction with the outbox, so an edit queued while the
 *   answer is written is seen.
 */
import { iconOf, type NotionPage } from '../notion/objects.ts';
import type { PageSnapshot, PropertyValue } from '../outbox/entry.ts';
import { db as defaultDb, type SidenoteDatabase } from './schema.ts';

export const readPageSnapshot = (
  authId: string,
  pageId: string,
  database: SidenoteDatabase = defaultDb,
): Promise<PageSnapshot | undefined> => database.pageSnapshots.get([authId, pageId]);

/** Writes what Notion answered for `page`, asked at `startedAt`, into the user's snapshot. */
export async function storeFetchedPage(
  {
    authId,
    workspaceId,
    page,
    startedAt,
  }: { authId: string; workspaceId: string; page: NotionPage; startedAt: number },
  database: SidenoteDatabase = defaultDb,
): Promise<void> {
  await database.transaction('rw', database.pageSnapshots, database.outbox, async () => {
    const snapshot = await database.pageSnapshots.get([authId, page.id]);
    if (snapshot?.fetchedAt !== undefined && snapshot.fetchedAt > startedAt) return;
    const local = new Set(
      (await database.outbox.where('[authId+pageId]').equals([authId, page.id]).toArray()).map((e) => e.propertyId),
    );
    const properties: Record<string, PropertyValue | null> = {};
    for (const value of Object.values(page.properties)) properties[value.id] = value;
    // the user's own values: waiting in the outbox, or changed here after this fetch started
    for (const [id, at] of Object.entries(snapshot?.localAt ?? {})) if (at > startedAt) local.add(id);
    for (const id of local) if (snapshot && id in snapshot.properties) properties[id] = snapshot.properties[id];
    await database.pageSnapshots.put({
      ...snapshot,
      authId,
      pageId: page.id,
      workspaceId,
      properties,
      updatedAt: Math.max(snapshot?.updatedAt ?? 0, startedAt),
      fetchedAt: startedAt,
      page: {
        url: page.url ?? null,
        icon: iconOf(page.icon),
        inTrash: page.in_trash === true,
        dataSourceId: page.parent?.data_source_id ?? null,
        propertyNames: Object.fromEntries(Object.entries(page.properties).map(([name, value]) => [value.id, name])),
      },
    });
  });
}
