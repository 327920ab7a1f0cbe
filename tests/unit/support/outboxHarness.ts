/**
 * One outbox on fake-indexeddb, a fake clock and the fake Notion pages, for the outbox suites:
 * `edit` queues a text edit the way the page editor will, `drain` runs the drain to its end
 * in fake time. Suites import 'fake-indexeddb/auto' first (the app's database opens on import).
 */
import { SidenoteDatabase } from '../../../src/data/db/schema.ts';
import { drainOutbox, type OutboxDeps } from '../../../src/data/outbox/drain.ts';
import { enqueue } from '../../../src/data/outbox/enqueue.ts';
import type { PropertyValue } from '../../../src/data/outbox/entry.ts';
import { FakeClock } from './fakeClock.ts';
import { fakeNotionPages } from './fakeNotionPages.ts';

export const AUTH = 'auth-1';
export const WORKSPACE = 'ws-1';
export const T0 = Date.parse('2026-03-01T10:00:00Z');

export const text = (content: string): PropertyValue => ({ rich_text: [{ type: 'text', text: { content } }] });

export function outboxHarness({ latencyMs = 100 } = {}) {
  const clock = new FakeClock(T0);
  const notion = fakeNotionPages(clock, latencyMs);
  const database = new SidenoteDatabase(`outbox-${Math.random()}`);
  const network = { online: true };
  const deps: OutboxDeps = {
    authId: AUTH,
    notion: notion.client,
    online: () => network.online,
    database,
    clock,
    random: () => 0.5,
  };
  return {
    clock,
    notion,
    database,
    network,
    deps,
    /** The user sets `propertyId` of `pageId` to `content`, having seen `base` there. */
    edit: (pageId: string, propertyId: string, content: string, base: string | null = null, authId = AUTH) =>
      enqueue(
        {
          authId,
          workspaceId: WORKSPACE,
          pageId,
          propertyId,
          value: text(content),
          base: base === null ? null : text(base),
        },
        { database, now: clock.now() },
      ),
    drain: (more: Partial<OutboxDeps> = {}) => clock.run(drainOutbox({ ...deps, ...more })),
    entries: () => database.outbox.orderBy('id').toArray(),
    cleanUp: () => database.delete(),
  };
}

/** The plain text of a text value (what the fake Notion holds, or what a PATCH carried). */
export const plain = (value: PropertyValue | undefined): string | undefined =>
  (value?.rich_text as { text: { content: string } }[] | undefined)?.map((part) => part.text.content).join('');
