/**
 * What the screens ask of the outbox (through live queries), and the user's choices on failed
 * entries. Every call names its user: one account never sees or changes another's entries,
 * which stay in the table until their own user is back (sign-out keeps them).
 */
import { messageFor } from '../../domain/errors/catalogue.ts';
import { db as defaultDb, type SidenoteDatabase } from '../db/schema.ts';
import type { OutboxEntry, OutboxState } from './entry.ts';
import { setSnapshotValue } from './settle.ts';
import { isInFlight } from './timing.ts';

const inState = (database: SidenoteDatabase, authId: string, state: OutboxState) =>
  database.outbox.where('[authId+state]').equals([authId, state]);

/** Edits waiting to reach Notion (in flight included): the header's and the offline banner's N. */
export const pendingChangeCount = (authId: string, database = defaultDb): Promise<number> =>
  inState(database, authId, 'queued').count();

export interface FailedEntry extends OutboxEntry {
  /** The spec's text: "Failed to update page properties: " and Notion's message. */
  text: string;
}

export async function failedEntries(authId: string, database = defaultDb): Promise<FailedEntry[]> {
  const failed = await inState(database, authId, 'failed').sortBy('id');
  return failed.map((entry) => ({
    ...entry,
    text: entry.error ? messageFor('updatePageProperties', entry.error) : '',
  }));
}

/** Conflicts, each with `value` (ours) and `theirs` (Notion's). */
export const conflictEntries = (authId: string, database = defaultDb): Promise<OutboxEntry[]> =>
  inState(database, authId, 'conflict').sortBy('id');

/** Whether any request of the outbox (any user's) is out: the app update waits for its answer. */
export async function anythingInFlight(database = defaultDb, now = Date.now()): Promise<boolean> {
  return (await database.outbox.filter((entry) => isInFlight(entry, now)).count()) > 0;
}

async function ownEntry(database: SidenoteDatabase, authId: string, id: number): Promise<OutboxEntry> {
  const entry = await database.outbox.get(id);
  if (!entry || entry.authId !== authId) throw new Error(`No outbox entry ${id}`);
  return entry;
}

/** "Retry": a failed entry is queued again, due now (its base is checked if it is old). */
export async function retryEntry(authId: string, id: number, database = defaultDb, now = Date.now()): Promise<void> {
  await database.transaction('rw', database.outbox, async () => {
    const entry = await ownEntry(database, authId, id);
    if (entry.state !== 'failed') return;
    await database.outbox.put({ ...entry, state: 'queued', error: undefined, attempts: 0, dueAt: now });
  });
}

/**
 * "Discard" (after the user confirmed): the entry is removed and the snapshot shows the base
 * again — what Notion held when the user edited. An entry in flight cannot be called back.
 */
export async function discardEntry(authId: string, id: number, database = defaultDb, now = Date.now()): Promise<void> {
  await database.transaction('rw', database.outbox, database.pageSnapshots, async () => {
    const entry = await ownEntry(database, authId, id);
    if (isInFlight(entry, now)) throw new Error(`Outbox entry ${id} is being sent`);
    await database.outbox.delete(id);
    await setSnapshotValue(database, entry, entry.base, now);
  });
}
