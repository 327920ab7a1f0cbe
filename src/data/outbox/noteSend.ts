/**
 * Sends a page's queued notes (issue 36), oldest first, each appended at the end of the page
 * with one PATCH blocks/{page}/children — EXACTLY ONCE. An append is not idempotent, so:
 * before the request leaves, the entry records that it was sent (`sentValues`); an entry
 * sent before whose outcome is unknown (the answer lost, a timeout, a 5xx, a drainer that
 * died) is first looked for: the page's blocks are read, and if the note's marker
 * (src/domain/notes/noteBlocks.ts) is there, Notion has it and the entry is confirmed without a
 * second append. Only a note Notion does not hold is appended again.
 *
 * Failures follow the outbox's rules (classify.ts): waits for the network or the account,
 * backoff for transient ones, the failed list for the rest — a page in the trash or gone keeps
 * the note there, with Notion's reason, until the user retries or discards it.
 */
import { holdsNote, noteBlocks, noteMarker } from '../../domain/notes/noteBlocks.ts';
import type { Clock } from '../clock.ts';
import type { SidenoteDatabase } from '../db/schema.ts';
import { toAppError } from '../errors/thrown.ts';
import type { NotionClient } from '../notion/client.ts';
import { allPageBlocks } from '../notion/pageNotes.ts';
import { outcomeOf, waitsForAccount } from './classify.ts';
import type { OutboxEntry } from './entry.ts';
import { noteOf } from './noteEntry.ts';
import { settle } from './settle.ts';

export type NoteNotion = Pick<NotionClient, 'blockChildren' | 'appendBlocks'>;

interface Deps {
  database: SidenoteDatabase;
  clock: Clock;
  random: () => number;
  notion: Partial<NoteNotion>;
}

type Outcome = 'confirmed' | 'notConfirmed' | 'waitsForAccount';

async function sendOne(entry: OutboxEntry, deps: Deps): Promise<Outcome> {
  const { database, clock } = deps;
  const note = noteOf(entry);
  try {
    const notion = deps.notion as NoteNotion;
    if (!notion.appendBlocks || !notion.blockChildren) throw new Error('This drainer cannot send notes.');
    const sentBefore = entry.sentValues.length > 0;
    if (sentBefore && holdsNote(await allPageBlocks(notion, entry.workspaceId, entry.pageId), noteMarker(note.id))) {
      await settle(database, [entry], () => null, clock.now());
      return 'confirmed';
    }
    if (!sentBefore) await database.outbox.update(entry.id!, { sentValues: [entry.value] });
    await notion.appendBlocks(entry.workspaceId, entry.pageId, noteBlocks(note));
  } catch (thrown) {
    const error = toAppError(thrown);
    const now = clock.now();
    const sentValues = [entry.value];
    if (waitsForAccount(error)) {
      await settle(database, [entry], () => ({ sentValues }), now);
      return 'waitsForAccount';
    }
    const attempts = entry.attempts + 1;
    const outcome = outcomeOf(error.reason, attempts, deps.random);
    await settle(
      database,
      [entry],
      () =>
        outcome.retry
          ? { attempts, sentValues, dueAt: now + outcome.delayMs }
          : { attempts, sentValues, state: 'failed', error: { reason: error.reason, message: error.message } },
      now,
    );
    return 'notConfirmed';
  }
  await settle(database, [entry], () => null, clock.now());
  return 'confirmed';
}

/** Sends the notes in order; stops at the first not confirmed (the later ones wait behind it). */
export async function sendNotes(entries: OutboxEntry[], deps: Deps): Promise<Outcome> {
  const ordered = [...entries].sort((a, b) => a.id! - b.id!);
  for (const [index, entry] of ordered.entries()) {
    const outcome = await sendOne(entry, deps);
    if (outcome !== 'confirmed') {
      await settle(deps.database, ordered.slice(index + 1), () => ({}), deps.clock.now()); // no longer in flight
      return outcome;
    }
  }
  return 'confirmed';
}
