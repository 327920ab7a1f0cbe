/**
 * After the user deleted a select or multi-select option (src/data/notion/optionDelete.ts): the
 * edits still waiting in the outbox for that property — queued, failed or in conflict — no
 * longer name it. Notion creates an option a page value names, so an edit sent after the delete
 * would bring the option back. The edits become what Notion made of every page's value (the
 * option taken out), and the pages' snapshots show it. An edit in flight cannot be changed: its
 * request has left.
 */
import type { OptionToDelete } from '../notion/optionDelete.ts';
import { valueWithoutOption } from '../../domain/notion/schemaOptions.ts';
import { db as defaultDb } from '../db/schema.ts';
import { setSnapshotValue } from './settle.ts';
import { isInFlight } from './timing.ts';

export async function forgetDeletedOption(
  { authId, workspaceId, dataSourceId, propertyId, type, name }: OptionToDelete,
  { database = defaultDb, now = Date.now() } = {},
): Promise<void> {
  await database.transaction('rw', database.outbox, database.pageSnapshots, async () => {
    const entries = await database.outbox
      .filter(
        (entry) =>
          entry.authId === authId &&
          entry.workspaceId === workspaceId &&
          entry.propertyId === propertyId &&
          !isInFlight(entry, now),
      )
      .toArray();
    for (const entry of entries) {
      const value = valueWithoutOption(entry.value, type, name);
      if (!value) continue;
      // Property ids are unique within a data source only: the page must be one of this one's.
      const snapshot = await database.pageSnapshots.get([authId, entry.pageId]);
      if (snapshot?.page?.dataSourceId !== dataSourceId) continue;
      await database.outbox.update(entry.id!, { value });
      await setSnapshotValue(database, entry, value, now);
    }
  });
}
