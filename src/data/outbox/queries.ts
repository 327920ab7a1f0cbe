/**
 * What the screens ask of the outbox (through live queries), and the user's choices on failed
 * entries. Every call names its user: one account never sees or changes another's entries,
 * which stay in the table until their own user is back (sign-out keeps them).
 */
import { liveQuery } from 'dexie';
import { messageFor } from '../../domain/errors/catalogue.ts';
import { appError } from '../errors/appError.ts';
import { db as defaultDb, type SidenoteDatabase } from '../db/schema.ts';
import type { OutboxEntry, OutboxState } from './entry.ts';
import { isTrashEntry } from './pagePatch.ts';
import { setSnapshotValue } from './settle.ts';
import { isInFlight } from './timing.ts';

const inState = (database: SidenoteDatabase, authId: string, state: OutboxState) =>
  database.outbox.where('[authId+state]').equals([authId, state]);

/** Edits waiting to reach Notion (in flight included): the header's and the offline banner's N. */
export const pendingChangeCount = (authId: string, database = defaultDb): Promise<number> =>
  inState(database, authId, 'queued').count();

/**
 * The user's outbox at a glance, for live queries: one read of the whole table (a few dozen
 * rows), so the query observes every key. A query on the `[authId+state]` index alone missed
 * changes made in another context (the worker's drain, a page going away), whose Dexie reports
 * only the keys it touched: the header went on counting an edit Notion already had.
 */
export async function outboxSummary(
  authId: string,
  database = defaultDb,
): Promise<{ pending: number; failed: FailedEntry[]; conflicts: OutboxEntry[] }> {
  const entries = (await database.outbox.toArray()).filter((entry) => entry.authId === authId);
  return {
    pending: entries.filter((entry) => entry.state === 'queued').length,
    failed: entries.filter((entry) => entry.state === 'failed').map(withText),
    conflicts: entries.filter((entry) => entry.state === 'conflict'),
  };
}

/** Edits of other accounts kept in this browser, in any state (Clear storage would lose them too). */
export const otherAccountsEdits = (authId: string, database = defaultDb): Promise<number> =>
  database.outbox.filter((entry) => entry.authId !== authId).count();

/** Calls `changed` with the user's pending count now and whenever it changes (any tab); returns the unsubscribe. */
export function watchPendingCount(authId: string, changed: (count: number) => void, database = defaultDb): () => void {
  const subscription = liveQuery(async () => (await outboxSummary(authId, database)).pending).subscribe({
    next: changed,
    error: (error: unknown) => console.error('Outbox count failed', error),
  });
  return () => subscription.unsubscribe();
}

export interface FailedEntry extends OutboxEntry {
  /** The spec's text: "Failed to update page properties: " (an archive: "Failed to archive page: ") and Notion's message. */
  text: string;
}

const withText = (entry: OutboxEntry): FailedEntry => ({
  ...entry,
  text: entry.error ? messageFor(isTrashEntry(entry) ? 'archivePage' : 'updatePageProperties', entry.error) : '',
});

/** Every entry of the user, in edit order (/cache-debug lists them all). */
export const userEntries = (authId: string, database = defaultDb): Promise<OutboxEntry[]> =>
  database.outbox.filter((entry) => entry.authId === authId).sortBy('id');

export async function failedEntries(authId: string, database = defaultDb): Promise<FailedEntry[]> {
  return (await inState(database, authId, 'failed').sortBy('id')).map(withText);
}

/** Conflicts, each with `value` (ours) and `theirs` (Notion's). */
export const conflictEntries = (authId: string, database = defaultDb): Promise<OutboxEntry[]> =>
  inState(database, authId, 'conflict').sortBy('id');

/** The states of the user's entries for one property of one page (the editor's save indicator). */
export const propertyEntryStates = async (
  authId: string,
  pageId: string,
  propertyId: string,
  database = defaultDb,
): Promise<OutboxState[]> =>
  (await database.outbox.where('[authId+pageId]').equals([authId, pageId]).toArray())
    .filter((entry) => entry.propertyId === propertyId)
    .map((entry) => entry.state);

/** Whether any request of the outbox (any user's) is out: the app update waits for its answer. */
export async function anythingInFlight(database = defaultDb, now = Date.now()): Promise<boolean> {
  return (await database.outbox.filter((entry) => isInFlight(entry, now)).count()) > 0;
}

/** The user's entry `id`; undefined once it is gone (sent, discarded in another tab) or not theirs. */
async function ownEntry(database: SidenoteDatabase, authId: string, id: number): Promise<OutboxEntry | undefined> {
  const entry = await database.outbox.get(id);
  return entry?.authId === authId ? entry : undefined;
}

/** "Retry": a failed entry is queued again, due now (its base is checked if it is old). */
export async function retryEntry(authId: string, id: number, database = defaultDb, now = Date.now()): Promise<void> {
  await database.transaction('rw', database.outbox, async () => {
    const entry = await ownEntry(database, authId, id);
    if (entry?.state !== 'failed') return;
    await database.outbox.put({ ...entry, state: 'queued', error: undefined, attempts: 0, dueAt: now });
  });
}

/**
 * "Discard" (after the user confirmed): the entry is removed and the snapshot shows the base
 * again — what Notion held when the user edited. An entry in flight cannot be called back: a
 * `conflict` AppError (its text: messages.changeBeingSent). One already gone changes nothing.
 */
export async function discardEntry(authId: string, id: number, database = defaultDb, now = Date.now()): Promise<void> {
  await database.transaction('rw', database.outbox, database.pageSnapshots, async () => {
    const entry = await ownEntry(database, authId, id);
    if (!entry) return;
    if (isInFlight(entry, now)) throw appError({ kind: 'conflict' }, `Outbox entry ${id} is being sent`);
    await database.outbox.delete(id);
    await setSnapshotValue(database, entry, entry.base, now);
  });
}
