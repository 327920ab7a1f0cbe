/**
 * A Notion page view as the app names it to notion-proxy (issue 32): the header carrying the
 * view's id, the code of the proxy's refusal over the quota and the spec's quota text. The
 * definitions live in supabase/functions/_shared/notion-page-view.ts, read by the proxy too.
 */
export {
  PAGE_VIEW_HEADER,
  PAGE_VIEW_QUOTA_CODE,
  pageViewQuotaText,
} from '../../../supabase/functions/_shared/notion-page-view.ts';
