/**
 * The worker's route sends a page's Notion request only while that page is open
 * (sw/forLivePage.ts): a 429's retry, or a request still waiting in the rate budget, whose page
 * has gone meanwhile is not sent — the next drainer has already sent that page's newer values.
 */
import { expect, test } from 'vitest';
import { forLivePage, PAGE_GONE } from '../../sw/forLivePage.ts';
import { budgetedFetch, createRateBudget } from '../../src/data/notion/rateBudget.ts';
import { FakeClock } from './support/fakeClock.ts';

const T0 = Date.parse('2026-03-01T10:00:00Z');

/** The worker's clients: the ids of the open pages. */
const clientsOf = (open: Set<string>) => ({ get: async (id: string) => (open.has(id) ? { id } : undefined) });

test('a 429 whose page is gone before its Retry-After has passed is not sent again', async () => {
  const clock = new FakeClock(T0);
  const open = new Set(['page-1']);
  const sent: number[] = [];
  const inner = async () => {
    sent.push(clock.now() - T0);
    open.delete('page-1'); // the panel navigates away while the worker holds the 429
    return new Response('{}', { status: 429, headers: { 'retry-after': '1' } });
  };
  const routed = budgetedFetch(forLivePage(clientsOf(open), 'page-1', inner), createRateBudget({ clock }), clock);
  const answer = routed('/api/notion/v1/pages/p', { method: 'PATCH', body: '{}' }).catch((error: unknown) => error);
  expect(await clock.run(answer)).toMatchObject({ name: 'AbortError', message: PAGE_GONE });
  expect(sent).toEqual([0]); // once, never after the hold
});

test('while the page is open every attempt is sent, the retry included', async () => {
  const clock = new FakeClock(T0);
  const sent: number[] = [];
  const inner = async () => {
    sent.push(clock.now() - T0);
    return sent.length === 1
      ? new Response('{}', { status: 429, headers: { 'retry-after': '1' } })
      : new Response('{"ok":true}');
  };
  const routed = budgetedFetch(
    forLivePage(clientsOf(new Set(['page-1'])), 'page-1', inner),
    createRateBudget({ clock }),
    clock,
  );
  expect((await clock.run(routed('/a'))).status).toBe(200);
  expect(sent).toEqual([0, 1000]);
});

test('a request still waiting its turn in the budget when its page goes is not sent', async () => {
  const clock = new FakeClock(T0);
  const budget = createRateBudget({ clock });
  const open = new Set(['page-1', 'page-2']);
  const sent: string[] = [];
  const inner = async (input: RequestInfo | URL) => (sent.push(String(input)), new Response('{}'));
  const of = (clientId: string) => budgetedFetch(forLivePage(clientsOf(open), clientId, inner), budget, clock);
  const burst = Promise.all(['/1', '/2', '/3'].map((path) => of('page-2')(path)));
  const late = of('page-1')('/4').catch((error: unknown) => error); // waits 400 ms for a token
  open.delete('page-1');
  await clock.run(burst);
  expect(await clock.run(late)).toMatchObject({ name: 'AbortError', message: PAGE_GONE });
  expect(sent).toEqual(['/1', '/2', '/3']);
});

test('a request no page made (no client id) is sent', async () => {
  const sent: string[] = [];
  const fetchFor = forLivePage(
    clientsOf(new Set()),
    '',
    async (input) => (sent.push(String(input)), new Response('{}')),
  );
  expect((await fetchFor('/a')).status).toBe(200);
  expect(sent).toEqual(['/a']);
});
