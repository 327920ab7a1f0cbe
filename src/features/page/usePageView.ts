/**
 * The NotionProfile screen's data: the page's local snapshot and its data source's schema by
 * live query (painted at once, online or offline). Each view is counted once against the
 * Notion quota (offline: when the network returns), by its id, drawn when the view starts; an
 * allowed view is revalidated from Notion while online, and again when the browser comes back
 * online, naming the same id (the proxy counts a view once, and refuses one over the quota:
 * the screen then shows the quota as for its own check).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState } from 'react';
import type { AppError } from '../../data/errors/appError.ts';
import { readDataSourceSchema } from '../../data/db/dataSourceSchemas.ts';
import { readPageSnapshot } from '../../data/db/pageSnapshots.ts';
import type { CachedDataSourceSchema } from '../../data/db/schema.ts';
import type { PageSnapshot } from '../../data/outbox/entry.ts';
import { useOnline } from '../outbox/useOutbox.ts';
import {
  countOfflineViews,
  countPageView,
  newViewId,
  quotaRefusal,
  revalidatePage,
  type ViewCount,
} from './actions.ts';

export interface PageView {
  /** undefined while IndexedDB is read; null when the page was never seen here. */
  snapshot: PageSnapshot | null | undefined;
  schema: CachedDataSourceSchema | undefined;
  /** The last revalidation's failure (offline ones are not kept: the banner says it). */
  error: AppError | null;
  /** The quota's answer for this view, once known. */
  view: ViewCount | null;
}

export function usePageView(authId: string, workspaceId: string | undefined, pageId: string): PageView {
  const online = useOnline();
  const snapshot = useLiveQuery(async () => (await readPageSnapshot(authId, pageId)) ?? null, [authId, pageId]);
  const dataSourceId = snapshot?.page?.dataSourceId ?? null;
  const schema = useLiveQuery(
    async () => (dataSourceId ? readDataSourceSchema(authId, dataSourceId) : undefined),
    [authId, dataSourceId],
  );
  const [outcome, setOutcome] = useState<{ key: string; error: AppError | null; view: ViewCount | null } | null>(null);
  const key = `${authId} ${workspaceId} ${pageId}`;
  const counted = useRef<{ key: string; viewId: string; view: Promise<ViewCount> } | null>(null);

  useEffect(() => {
    if (!workspaceId || !pageId) return;
    let current = true;
    const first = counted.current?.key !== key;
    if (first) {
      const viewId = newViewId();
      counted.current = { key, viewId, view: countPageView(authId, viewId) };
    } else if (online) void countOfflineViews(authId).catch(() => undefined);
    const { viewId, view: counting } = counted.current!;
    void (async () => {
      const view = await counting;
      if (!view.allowed || !online) {
        if (current) setOutcome({ key, error: null, view });
        return;
      }
      const error = await revalidatePage({ authId, workspaceId, pageId, viewId });
      const refused = quotaRefusal(error);
      if (refused) {
        if (current) setOutcome({ key, error: null, view: refused });
        return;
      }
      const offline = error?.reason.kind === 'offline' || error?.reason.kind === 'network';
      if (current) setOutcome({ key, error: offline ? null : error, view });
    })();
    return () => {
      current = false;
    };
  }, [authId, workspaceId, pageId, online, key]);

  const mine = outcome?.key === key ? outcome : null;
  return { snapshot, schema, error: mine?.error ?? null, view: mine?.view ?? null };
}
