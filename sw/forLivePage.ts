/**
 * `forLivePage`: the worker's `fetch` for a request a page made, which sends nothing once that
 * page is gone (navigated, reloaded or closed). The worker's route can hold a page's request
 * well after the page asked — waiting its turn in the rate budget, or a 429's Retry-After
 * before sending it again — and the page that asked may meanwhile have died. Its outbox entries
 * are then orphans: the next drainer clears their in-flight marks and sends the page's newest
 * values (src/data/outbox/orphans.ts). Sending the dead page's older request after that would
 * put an older value back in Notion (issue 15's chaos run caught it: edit 194 applied after
 * 197, 300 ms after the new drainer's PATCH). So every attempt first asks whether the page is
 * still there.
 *
 * What must stay true: the check runs right before each send (the budget calls `inner` once per
 * attempt, after its wait), and a request with no page behind it (`clientId` empty) is sent.
 */

/** The one thing asked of the worker's `clients`. */
export interface ClientLookup {
  get(id: string): Promise<unknown>;
}

export const PAGE_GONE = 'The page that made this request is gone: not sent.';

export const forLivePage =
  (clients: ClientLookup, clientId: string, inner: typeof fetch): typeof fetch =>
  async (input, init) => {
    if (clientId && !(await clients.get(clientId))) throw new DOMException(PAGE_GONE, 'AbortError');
    return inner(input, init);
  };
