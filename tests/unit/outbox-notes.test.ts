/**
 * Notes through the outbox (issue 36), drained by `drainOutbox` with the app's Notion client
 * against the Notion sandbox, on fake-indexeddb with a fake clock: a note queued offline is
 * appended once online; an answer lost in transit (the sandbox applied the append, the caller
 * never heard) is followed by a look for the note's marker, not by a second append — EXACTLY
 * ONCE; with 30 % of answers lost every note is on the right page once, in order; an empty
 * note is refused; 10,000 characters go as blocks of ≤ 2000; a page in the trash keeps the note
 * in the failed list with Notion's reason.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { SidenoteDatabase } from '../../src/data/db/schema.ts';
import { drainOutbox } from '../../src/data/outbox/drain.ts';
import { enqueueNote } from '../../src/data/outbox/noteEntry.ts';
import { NOTE_EMPTY, notesFromBlocks } from '../../src/domain/notes/noteBlocks.ts';
import { SEED_IDS, startNotionSandbox, type NotionSandbox } from '../../supabase/local/sandboxes/notion/index.ts';
import { DEMO_WORKSPACE, sandboxClient } from './support/sandboxProxy.ts';

const AUTH = 'user-notes';
const max = SEED_IDS.page(SEED_IDS.databases.people, 'max');
const mina = SEED_IDS.page(SEED_IDS.databases.people, 'mina');

let sandbox: NotionSandbox;
let notion: ReturnType<typeof sandboxClient>;
let database: SidenoteDatabase;
let now = 1_000_000;
let n = 0;
const clock = {
  now: () => now,
  sleep: async (ms: number) => {
    now += Math.max(0, ms);
  },
};

beforeAll(async () => {
  sandbox = await startNotionSandbox({ rateLimit: false });
  notion = sandboxClient(sandbox);
});
afterAll(() => sandbox?.stop());
beforeEach(() => {
  sandbox.reset();
  database = new SidenoteDatabase(`outbox-notes-${++n}`);
});

const note = (text: string, id = crypto.randomUUID()) => ({ id, text, date: '27 Nov 2026' });
const queue = (pageId: string, value: ReturnType<typeof note>) =>
  enqueueNote({ authId: AUTH, workspaceId: DEMO_WORKSPACE, pageId, pageTitle: 'Max Connector' }, value, {
    database,
    now,
  });
const drain = (online = true) =>
  drainOutbox({ authId: AUTH, notion, online: () => online, database, clock, random: () => 0 });

/** Drains until the outbox is empty, moving the clock past each backoff (bounded). */
async function drainAll() {
  for (let round = 0; round < 200; round++) {
    const { nextDueAt } = await drain();
    if (nextDueAt === null) return;
    now = Math.max(now, nextDueAt) + 1;
  }
  throw new Error('the outbox never emptied');
}

/** The notes Notion holds on a page (read from the sandbox, not our state). */
async function notesOn(pageId: string) {
  const blocks: Record<string, unknown>[] = [];
  let cursor: string | undefined;
  do {
    const page = (await notion.blockChildren(DEMO_WORKSPACE, pageId, cursor)) as {
      results: Record<string, unknown>[];
      has_more: boolean;
      next_cursor: string | null;
    };
    blocks.push(...page.results);
    cursor = page.has_more ? page.next_cursor! : undefined;
  } while (cursor);
  return { blocks, notes: notesFromBlocks(blocks) };
}

const appends = () => sandbox.requestLog().filter((r) => r.method === 'PATCH' && r.path.endsWith('/children'));

test('a note written offline waits, and is appended once online', async () => {
  await queue(max, note('Met at the fair'));
  expect((await drain(false)).sent).toBe(0);
  expect(await database.outbox.count()).toBe(1);
  expect((await notesOn(max)).notes).toEqual([]);
  await drainAll();
  expect(await database.outbox.count()).toBe(0);
  expect((await notesOn(max)).notes.map((x) => [x.date, x.text])).toEqual([['27 Nov 2026', 'Met at the fair']]);
});

test('an answer lost in transit: the replay finds the marker and does not append twice', async () => {
  await queue(max, note('Call back in spring'));
  sandbox.clearRequestLog();
  sandbox.configure({ failureRate: 1, failureKinds: ['lose'] });
  await drain();
  expect(appends()).toHaveLength(1); // applied by Notion, answer lost
  expect(await database.outbox.count()).toBe(1); // unknown outcome: still queued
  sandbox.configure({ failureRate: 0 });
  await drainAll();
  expect(appends()).toHaveLength(1); // no second append
  expect((await notesOn(max)).notes.map((x) => x.text)).toEqual(['Call back in spring']);
  expect(await database.outbox.count()).toBe(0);
});

test('30 % of answers lost: every note exactly once, in order, on the right page', async () => {
  const texts = Array.from({ length: 12 }, (_, i) => `note ${i}`);
  for (const [i, text] of texts.entries()) await queue(i % 3 === 0 ? mina : max, note(text));
  sandbox.configure({ failureRate: 0.3, failureKinds: ['lose'] });
  await drainAll();
  sandbox.configure({ failureRate: 0 });
  expect((await notesOn(max)).notes.map((x) => x.text)).toEqual(texts.filter((_, i) => i % 3 !== 0));
  expect((await notesOn(mina)).notes.map((x) => x.text)).toEqual(texts.filter((_, i) => i % 3 === 0));
  expect(sandbox.requestLog().some((r) => r.injected === 'lose')).toBe(true);
});

test('an empty note is refused and nothing is queued; 10,000 characters go as blocks of ≤ 2000', async () => {
  await expect(queue(max, note('   \n '))).rejects.toThrow(NOTE_EMPTY);
  expect(await database.outbox.count()).toBe(0);
  const long = Array.from({ length: 10_000 }, (_, i) => String.fromCharCode(65 + (i % 26))).join('');
  await queue(max, note(long));
  await drainAll();
  const { blocks, notes } = await notesOn(max);
  expect(notes.map((x) => x.text)).toEqual([long]);
  expect(blocks).toHaveLength(6);
});

test('a page trashed while a note waits: the note stays, in the failed list with Notion’s reason', async () => {
  await queue(max, note('Too late'));
  await notion.updatePage(DEMO_WORKSPACE, max, { in_trash: true });
  await drainAll();
  const [entry] = await database.outbox.toArray();
  expect(entry).toMatchObject({ state: 'failed', value: { note: { text: 'Too late' } } });
  expect(entry.error?.message).toContain("Can't edit block that is archived");
  expect(entry.label?.property).toBe('Note: Too late');
});
