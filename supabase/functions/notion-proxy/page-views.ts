/**
 * The monthly Notion quota, enforced where the pages are served (issue 32, item 1; spec 2 §4
 * "Each page view calls the quota check", §6, §8). What counts:
 * - a page view: `GET /pages/{id}` naming the view's id in PAGE_VIEW_HEADER, as the page screen
 *   reads its page — counted once per id (RPC count_notion_page_view, which checks and counts in
 *   one transaction), so the view's revalidations and retries, which name the same id, are not
 *   counted again, and a view the app already counted with its id is not counted twice;
 * - nothing else: reads without an id (a related page's title, the outbox's conflict check),
 *   queries, searches and writes are not page views.
 * The quota meters the page screen, not the workspace: the key's owner can read their pages in
 * Notion itself, and a client that names no id reads as a related title does. What the server
 * guarantees is that the page screen cannot show a page past the quota, whatever the app's own
 * check answered or whether it ran.
 *
 * A view is counted when the proxy lets it through, whatever Notion then answers (as the app's
 * own count always was); its retries name the same id and are not counted again.
 *
 * What must stay true: a view over the quota is refused (403 PAGE_VIEW_QUOTA_CODE, the spec's
 * text, the quota and the count) before Notion is asked; the header names a UUID, on a page read
 * only (else 400).
 */
import { z } from 'npm:zod@4.6.7';
import { serviceClient } from '../_shared/clients.ts';
import { PAGE_VIEW_HEADER, PAGE_VIEW_QUOTA_CODE, pageViewQuotaText } from '../_shared/notion-page-view.ts';
import type { Refusal } from './access.ts';

const PAGE_READ = /^\/pages\/[^/?]+(\?|$)/;
const ViewId = z.uuid();
const QuotaCheck = z.object({ allowed: z.boolean(), quota: z.number(), used: z.number() });

export type PageView = { ok: true; viewId: string | null } | { ok: false; refusal: Refusal };

/** The view this call names (null for a call that is not a page view), or why it is refused. */
export function pageViewOf(req: Request, method: string, upstreamPath: string): PageView {
  const header = req.headers.get(PAGE_VIEW_HEADER);
  if (header === null) return { ok: true, viewId: null };
  if (method !== 'GET' || !PAGE_READ.test(upstreamPath)) {
    return invalid(`${PAGE_VIEW_HEADER} is taken only by GET /pages/{id}, the page screen's read.`);
  }
  const viewId = ViewId.safeParse(header.trim());
  return viewId.success ? { ok: true, viewId: viewId.data } : invalid(`${PAGE_VIEW_HEADER} must be a UUID.`);
}

export type Counted = { ok: true } | { ok: false; refusal: Refusal; quota: number; used: number };

/** Counts the view `viewId` of the caller's team, once; the refusal when the quota is reached. */
export async function countPageView(authUserId: string, viewId: string): Promise<Counted> {
  const { data, error } = await serviceClient().rpc('count_notion_page_view', {
    user_auth_id: authUserId,
    view_id: viewId,
  });
  if (error) throw new Error(`counting the page view failed: ${error.message}`);
  const check = QuotaCheck.parse(data);
  if (check.allowed) return { ok: true };
  return {
    ok: false,
    refusal: { status: 403, code: PAGE_VIEW_QUOTA_CODE, message: pageViewQuotaText(check.quota) },
    quota: check.quota,
    used: check.used,
  };
}

function invalid(message: string): PageView {
  return { ok: false, refusal: { status: 400, code: 'invalid_request', message } };
}
