/**
 * liveRead (data/db/liveRead.ts): a read in progress is delivered even while writes keep
 * coming (Dexie's liveQuery restarts it on every write and, under a stream faster than the read,
 * delivers nothing), then read once more so the last value is the table's; writes to other
 * tables are not heard; after the unsubscribe nothing is delivered.
 */
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, expect, test } from 'vitest';
import { liveRead } from '../../src/data/db/liveRead.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let database: Dexie;

function open(name: string): Dexie {
  database = new Dexie(name, { cache: 'disabled' });
  database.version(1).stores({ outbox: '++id', other: '++id' });
  return database;
}

afterEach(() => database?.delete());

test('a slow read is delivered under writes every 10 ms, and the last value is the final one', async () => {
  const db = open('live-read-steady');
  const values: number[] = [];
  const stop = liveRead(
    db,
    ['outbox'],
    async () => {
      const count = await db.table('outbox').count();
      await pause(30); // slower than the writes
      return count;
    },
    (value) => values.push(value),
    (error) => {
      throw error;
    },
  );
  const started = Date.now();
  let written = 0;
  while (Date.now() - started < 1000) {
    await db.table('outbox').add({ at: Date.now() });
    written += 1;
    await pause(10);
  }
  const duringWrites = values.length;
  await pause(200);
  stop();
  expect(duringWrites).toBeGreaterThanOrEqual(10); // one per 30 ms read, give or take the machine
  expect(values.at(-1)).toBe(written);
});

test('writes to other tables are not heard; nothing arrives after the unsubscribe', async () => {
  const db = open('live-read-tables');
  const values: number[] = [];
  const stop = liveRead(
    db,
    ['outbox'],
    () => db.table('outbox').count(),
    (value) => values.push(value),
    (error) => {
      throw error;
    },
  );
  await pause(50); // opening the database reports every table as changed: read again, still 0
  const settled = values.length;
  expect(values.every((value) => value === 0)).toBe(true);
  await db.table('other').add({ at: 1 });
  await pause(50);
  expect(values).toHaveLength(settled);
  await db.table('outbox').add({ at: 2 });
  await pause(50);
  expect(values.slice(settled)).toEqual([1]);
  stop();
  await db.table('outbox').add({ at: 3 });
  await pause(50);
  expect(values.slice(settled)).toEqual([1]);
});
