/**
 * `drainOutbox`: sends the due entries of one user to Notion, then says when the next one is
 * due. Entries of one page leave together as one PATCH carrying the last value per property,
 * in edit order, and the trash flag of an archive (pagePatch.ts); 3 pages at a time, 200 ms between batches (src/data/notion/pacing.ts); a page
 * with a request out is not sent again until it answers. Stale bases are checked first
 * (conflicts.ts: a relation past 25 pages read whole), and a waiting edit naming an option
 * deleted in Notion meanwhile fails instead of being sent (optionsGone.ts); failures are classified (classify.ts) into waits and the failed list. A
 * refused session (classify.ts `waitsForAccount`) stops the drain after its batch: the
 * entries stay queued as they were, for their account's next session.
 *
 * What must stay true:
 * - nothing is sent while `online()` says no;
 * - an entry leaves the table only when Notion confirmed it, or the user chose (discard, take
 *   theirs) — never because of an error;
 * - `notion` sends with `authId`'s session only, never another account's or none
 *   (accountSession.ts binds the page's; the worker's is the mirrored session of `authId`);
 * - `notion` is expected to share the app's rate budget (src/data/notion/rateBudget.ts):
 *   pacing alone starts more than Notion's 3 requests/s when Notion answers fast.
 */
import { systemClock, type Clock } from '../clock.ts';
import { db as defaultDb, type SidenoteDatabase } from '../db/schema.ts';
import { toAppError } from '../errors/thrown.ts';
import type { NotionClient } from '../notion/client.ts';
import type { AppError } from '../errors/appError.ts';
import { NOTION_BATCH_PAUSE_MS, NOTION_BATCH_SIZE } from '../notion/pacing.ts';
import { outcomeOf, waitsForAccount } from './classify.ts';
import { patchOf } from './pagePatch.ts';
import { isNoteEntry } from './noteKind.ts';
import type { NoteNotion } from './noteSend.ts';
import { conflictsIn, needsCheck, valuesToCheck } from './conflicts.ts';
import type { OutboxEntry, PropertyValue } from './entry.ts';
import { settle } from './settle.ts';
import { isInFlight } from './timing.ts';

export interface OutboxDeps {
  authId: string;
  notion: Pick<NotionClient, 'page' | 'updatePage' | 'propertyItems' | 'dataSource'> & Partial<NoteNotion>;
  /** Whether the browser is online (`navigator.onLine` in the app). */
  online: () => boolean;
  database?: SidenoteDatabase;
  clock?: Clock;
  /** [0, 1): the backoff's jitter. */
  random?: () => number;
}

export interface DrainResult {
  /** Requests answered with success (PATCH pages). */
  sent: number;
  /** When the next page not in flight is due (epoch ms; past when offline stopped the drain), null when none waits. */
  nextDueAt: number | null;
  /** Set when the account's session was refused: the drain stopped, what is left waits for it. */
  waitsForAccount?: true;
}

/** The queued entries of one page, in edit order. */
interface PageGroup {
  entries: OutboxEntry[];
}

function pageGroups(queued: OutboxEntry[], now: number): { due: PageGroup[]; nextDueAt: number | null } {
  const byPage = new Map<string, OutboxEntry[]>();
  for (const entry of [...queued].sort((a, b) => a.id! - b.id!)) {
    const key = `${entry.workspaceId} ${entry.pageId}${isNoteEntry(entry) ? ' notes' : ''}`;
    byPage.set(key, [...(byPage.get(key) ?? []), entry]);
  }
  const due: PageGroup[] = [];
  let nextDueAt: number | null = null;
  for (const entries of byPage.values()) {
    if (entries.some((entry) => isInFlight(entry, now))) continue;
    const dueAt = Math.max(...entries.map((entry) => entry.dueAt));
    if (dueAt <= now) due.push({ entries });
    nextDueAt = Math.min(nextDueAt ?? dueAt, dueAt);
  }
  return { due, nextDueAt };
}

const queuedOf = (database: SidenoteDatabase, authId: string) =>
  database.outbox.where('[authId+state]').equals([authId, 'queued']).toArray();

/** Marks up to one batch of due pages in flight, in one transaction, and returns them. */
async function claimBatch(database: SidenoteDatabase, authId: string, now: number): Promise<PageGroup[]> {
  return database.transaction('rw', database.outbox, async () => {
    const batch = pageGroups(await queuedOf(database, authId), now).due.slice(0, NOTION_BATCH_SIZE);
    const ids = batch.flatMap((group) => group.entries.map((entry) => entry.id!));
    await database.outbox.bulkUpdate(ids.map((id) => ({ key: id, changes: { inFlightSince: now } })));
    return batch;
  });
}

/** The last entry per property, in edit order: what the PATCH carries. */
const lastPerProperty = (entries: OutboxEntry[]): OutboxEntry[] =>
  entries.filter((entry, i) => !entries.slice(i + 1).some((later) => later.propertyId === entry.propertyId));

/** What became of one page's send. */
type PageOutcome = 'confirmed' | 'notConfirmed' | 'waitsForAccount';

/**
 * Sends one page's entries. Only Notion's answers are classified: a failure of IndexedDB
 * itself throws (the loop tries again), never marks an entry failed.
 */
async function sendPage(group: PageGroup, deps: Required<OutboxDeps>): Promise<PageOutcome> {
  const { database, clock, notion } = deps;
  const { workspaceId, pageId } = group.entries[0];
  let carried = group.entries;
  let sending = lastPerProperty(carried);

  const failed = async (thrown: unknown): Promise<PageOutcome> => {
    const error = toAppError(thrown);
    const now = clock.now();
    if (waitsForAccount(error)) {
      await settle(database, carried, () => ({}), now); // queued as it was, no longer in flight
      return 'waitsForAccount';
    }
    await settle(
      database,
      carried,
      (entry) => {
        const attempts = entry.attempts + 1;
        const outcome = outcomeOf(error.reason, attempts, deps.random);
        if (outcome.retry) return { attempts, dueAt: now + outcome.delayMs };
        return { attempts, state: 'failed', error: { reason: error.reason, message: error.message } };
      },
      now,
    );
    return 'notConfirmed';
  };

  if (needsCheck(carried, clock.now())) {
    let current: Map<string, PropertyValue>;
    let gone = new Map<string, AppError>();
    try {
      const page = await notion.page(workspaceId, pageId);
      current = await valuesToCheck(page, sending, (propertyId) =>
        notion.propertyItems(workspaceId, pageId, propertyId),
      );
      const dataSourceId = page.parent?.data_source_id;
      if (dataSourceId && sending.some((entry) => entry.knownOptions?.length)) {
        const { goneOptions } = await import('./optionsGone.ts');
        gone = goneOptions(sending, (await notion.dataSource(workspaceId, dataSourceId)).properties);
      }
    } catch (thrown) {
      return failed(thrown);
    }
    const refused = carried.filter((entry) => gone.has(entry.propertyId));
    if (refused.length > 0) {
      await settle(
        database,
        refused,
        (entry) => {
          const { reason, message } = gone.get(entry.propertyId)!;
          return { state: 'failed', error: { reason, message } };
        },
        clock.now(),
      );
      carried = carried.filter((entry) => !refused.includes(entry));
      sending = sending.filter((entry) => !gone.has(entry.propertyId));
      if (sending.length === 0) return 'notConfirmed';
    }
    const conflicts = conflictsIn(current, sending, carried);
    if (conflicts.size > 0) {
      const clashing = carried.filter((entry) =>
        sending.some((last) => conflicts.has(last.id!) && last.propertyId === entry.propertyId),
      );
      await settle(
        database,
        clashing,
        (entry) => (conflicts.has(entry.id!) ? { state: 'conflict', theirs: conflicts.get(entry.id!) } : null),
        clock.now(),
      );
      carried = carried.filter((entry) => !clashing.includes(entry));
      sending = sending.filter((entry) => !conflicts.has(entry.id!));
      if (sending.length === 0) return 'notConfirmed';
    }
  }
  try {
    await notion.updatePage(workspaceId, pageId, patchOf(sending));
  } catch (thrown) {
    return failed(thrown);
  }
  await settle(database, carried, () => null, clock.now());
  return 'confirmed';
}

export async function drainOutbox(options: OutboxDeps): Promise<DrainResult> {
  const deps: Required<OutboxDeps> = { database: defaultDb, clock: systemClock, random: Math.random, ...options };
  const { database, clock, authId } = deps;
  let sent = 0;
  let lastBatchEnd: number | null = null;
  let refused = false;
  for (;;) {
    if (pageGroups(await queuedOf(database, authId), clock.now()).due.length === 0) break;
    if (lastBatchEnd !== null) await clock.sleep(lastBatchEnd + NOTION_BATCH_PAUSE_MS - clock.now());
    if (!deps.online()) break;
    const batch = await claimBatch(database, authId, clock.now());
    if (batch.length === 0) break;
    const answers = await Promise.all(
      batch.map((group) =>
        isNoteEntry(group.entries[0])
          ? import('./noteSend.ts').then(({ sendNotes }) => sendNotes(group.entries, deps)) // off the capture path
          : sendPage(group, deps),
      ),
    );
    sent += answers.filter((answer) => answer === 'confirmed').length;
    lastBatchEnd = clock.now();
    refused = answers.includes('waitsForAccount');
    if (refused) break;
  }
  const { nextDueAt } = pageGroups(await queuedOf(database, authId), clock.now());
  return { sent, nextDueAt, ...(refused ? { waitsForAccount: true as const } : {}) };
}
