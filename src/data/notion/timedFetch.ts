/**
 * `fetch` for Notion calls, cut off after `NOTION_CALL_TIMEOUT_MS` unless the caller gave its
 * own signal: a hung request becomes a `timeout` (the outbox retries it), never a stalled
 * queue. Shared by the page's client (appNotion.ts) and the service worker's (sw/).
 */

/** Longer than the proxy's own 30 s wait on Notion, so its 504 arrives first. */
export const NOTION_CALL_TIMEOUT_MS = 35_000;

export const timedFetch: typeof fetch = (input, init) =>
  fetch(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(NOTION_CALL_TIMEOUT_MS) });
