/**
 * A Notion page view, as the app and notion-proxy both name it (spec 2 §4: "Each page view calls
 * the quota check"; issue 32). ONE definition, read by the proxy (Deno) and by the app's Notion
 * client (Vite, through src/domain/notion/pageView.ts), so it has no imports.
 *
 * The page screen reads its page with `GET /pages/{id}` and PAGE_VIEW_HEADER set to the view's
 * id, a UUID the screen draws once per view; the proxy counts the view against the team's
 * monthly Notion quota the first time it sees that id (RPC count_notion_page_view) and refuses
 * it, over the quota, with 403 PAGE_VIEW_QUOTA_CODE and the spec's text (pageViewQuotaText).
 * The same view's revalidations and retries send the same id and are not counted again; reads
 * that are not views (related titles, the outbox's conflict check) send no id.
 */

export const PAGE_VIEW_HEADER = 'x-sidenote-page-view';

/** The `code` of the proxy's refusal of a page view over the quota (Notion's error body shape). */
export const PAGE_VIEW_QUOTA_CODE = 'notion_quota_exceeded';

/** The spec's text for a page view over the quota (spec 2 §8 "Quota"). */
export const pageViewQuotaText = (quota: number): string =>
  `Quota exceeded. You have reached your limit of ${quota} Notion page views.`;
