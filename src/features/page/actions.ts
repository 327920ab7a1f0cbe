/**
 * What the NotionProfile screen does (spec 2 §2, §4 page view) on top of src/data: count the
 * view against the Notion quota, revalidate the page and its schema from Notion into
 * IndexedDB (the screen paints from there first). A view has an id, drawn once per view: its
 * count and its page reads name it, and the proxy, which counts every view it serves, counts
 * each id once (issue 32) — so the app's own count is for the banner, and a view it could not
 * count is counted by the proxy, or refused there over the quota.
 */
import type { AppError } from '../../data/errors/appError.ts';
import { pageViewRefusal } from '../../data/errors/notion.ts';
import { toAppError } from '../../data/errors/thrown.ts';
import { notion } from '../../data/notion/appNotion.ts';
import { refreshPage } from '../../data/notion/pageRefresh.ts';
import { cachedReverseSide, loadRelatedTitles } from '../../data/notion/relatedTitles.ts';
import { countOfflinePageViews, recordOfflinePageView } from '../../data/db/offlinePageViews.ts';
import { countNotionPageView } from '../../data/supabase/quotas.ts';
import { enqueue } from '../../data/outbox/enqueue.ts';
import type { OutboxEdit, PropertyValue } from '../../data/outbox/entry.ts';
import { sameValue } from '../../data/outbox/sameValue.ts';
import { writeProperty, type PropertyShape } from '../../data/notion/codecs/index.ts';

/** Reads the page (and a missing or stale schema) from Notion into Dexie; the failure, or null. */
export async function revalidatePage(target: {
  authId: string;
  workspaceId: string;
  pageId: string;
  /** The page screen's view; none for a read that is not a view (after an option delete). */
  viewId?: string;
}): Promise<AppError | null> {
  try {
    await refreshPage(target, { notion });
    return null;
  } catch (error) {
    return toAppError(error).in('loadPage');
  }
}

export type ViewCount = { allowed: true } | { allowed: false; quota: number; used: number };

/** A new page view's id (one per view: its revalidations and retries keep it). */
export const newViewId = (): string => crypto.randomUUID();

/**
 * Counts the page view `viewId` against the Notion quota (spec 2 §4: each view, not each
 * revalidation), after the views made offline that were not counted yet. Offline, the view is
 * recorded to be counted later and allowed (the page shows from IndexedDB). A failure of the
 * count itself does not hide the cached page: it is logged and the view allowed here — the
 * proxy then counts the view when it serves the page, and refuses it over the quota
 * (`quotaRefusal`).
 */
export async function countPageView(authId: string, viewId: string): Promise<ViewCount> {
  if (!navigator.onLine) {
    await recordOfflinePageView(authId, viewId);
    return { allowed: true };
  }
  try {
    await countOfflineViews(authId);
    const check = await countNotionPageView(authId, viewId);
    if (check.allowed === false) return { allowed: false, quota: check.quota ?? 0, used: check.used ?? 0 };
  } catch (error) {
    const appError = toAppError(error);
    if (appError.reason.kind === 'offline' || appError.reason.kind === 'network') {
      await recordOfflinePageView(authId, viewId);
    } else console.error('Notion page view count failed', appError);
  }
  return { allowed: true };
}

/** The proxy's refusal of the view over the quota as the screen shows it; null for any other failure. */
export function quotaRefusal(error: AppError | null): ViewCount | null {
  const refusal = error && pageViewRefusal(error);
  return refusal ? { allowed: false, ...refusal } : null;
}

/** Counts the views made offline that were not counted yet (the network is back). */
export const countOfflineViews = (authId: string): Promise<void> =>
  countOfflinePageViews(authId, (viewId) => countNotionPageView(authId, viewId));

/**
 * Saves one property edit (spec 2 §4: on blur, only if changed; relations at once) through the
 * outbox — the snapshot shows it at once, the drain sends it — with the value the user saw as
 * its base. An unchanged value queues nothing. The failure (a type not editable, a full disk),
 * or null.
 */
export async function saveProperty(
  edit: Omit<OutboxEdit, 'value' | 'base'>,
  shape: PropertyShape,
  seen: PropertyValue | null,
): Promise<AppError | null> {
  try {
    const value = writeProperty(shape);
    if (seen && sameValue(seen, value)) return null;
    await enqueue({ ...edit, value, base: seen });
    return null;
  } catch (error) {
    return toAppError(error).in('saveProperty');
  }
}

/**
 * Reads the titles of the first pages of the relation `propertyId` of page `pageId` into the
 * cache (relatedTitles.ts: in one query when the cached schema says it is two-way); failures
 * are logged.
 */
export async function loadTitles(target: {
  authId: string;
  workspaceId: string;
  pageId: string;
  propertyId: string;
  pageIds: string[];
}): Promise<void> {
  try {
    const reverse = await cachedReverseSide(target);
    await loadRelatedTitles({ ...target, reverse }, { notion });
  } catch (error) {
    console.error('Related titles failed', toAppError(error));
  }
}
