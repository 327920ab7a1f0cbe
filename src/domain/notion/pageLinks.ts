/**
 * Links to Notion pages the app renders (issue 13: a `notionUrl` from a query string or an API
 * answer is input). Only Notion's own hosts become an `href`: `https://www.notion.so` and a
 * public site `https://<name>.notion.site`.
 *
 * What must stay true: anything else — another host, `http:`, `javascript:`, credentials or a
 * port in the URL, a look-alike such as `notion.so.evil.example` — is no link at all.
 */
const NOTION_SITE = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.notion\.site$/;
const PAGE_ID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

/** The URL as an `href` when it is a Notion page link, else undefined. */
export function notionHref(candidate: string | null | undefined): string | undefined {
  if (!candidate) return undefined;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return undefined;
  return url.hostname === 'www.notion.so' || NOTION_SITE.test(url.hostname) ? url.href : undefined;
}

/** The page's address on www.notion.so from its id (with or without dashes), else undefined. */
export function notionPageUrl(pageId: string): string | undefined {
  return PAGE_ID.test(pageId) ? `https://www.notion.so/${pageId.replace(/-/g, '').toLowerCase()}` : undefined;
}

/**
 * The "Open in Notion" link of a page: the candidate URL (Notion's answer, else the query's
 * `notionUrl`) when it is a Notion page link, else the page id's www.notion.so address, else none.
 */
export function openInNotionHref(candidate: string | null | undefined, pageId: string): string | undefined {
  return notionHref(candidate) ?? notionPageUrl(pageId);
}
