/**
 * How Sidenote spaces its Notion requests (spec 1 §9: "fetched 3 at a time with a 200 ms
 * pause between batches"), named once for every batched caller: the outbox drain and the
 * related-page title reads. This alone does not keep Notion's average of 3 requests/s per
 * integration (3 at a time with 200 ms pauses starts 5–6 requests/s when Notion answers
 * fast): every call also goes through the shared rate budget (rateBudget.ts).
 */
export const NOTION_BATCH_SIZE = 3;
export const NOTION_BATCH_PAUSE_MS = 200;
