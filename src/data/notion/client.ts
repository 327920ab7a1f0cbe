/**
 * The Notion client: every call goes through the app's same-origin proxy `/api/notion/v1`
 * with the Supabase session as bearer and the saved workspace's id in `x-sidenote-workspace`;
 * the proxy loads that workspace's key on the server (supabase/functions/notion-proxy) and adds
 * Notion-Version 2026-03-11 (databases are containers of data sources; schemas, queries and
 * page parents belong to a data source). Errors are `AppError`s (src/data/errors/notion.ts for Notion's and
 * the proxy's answers, thrown.ts for a failed fetch).
 *
 * What must stay true: the app never holds a key after entry — `validateKey` (GET users/me in
 * `x-notion-key`, before the workspace exists) is the only call that sends one.
 *
 * `fetch` and the token source are injected so the pagination and error rules are testable
 * without a browser; `appNotion.ts` makes the app's instance, which reports error answers to
 * the operators (`onErrorAnswer`).
 */
import type { AppError } from '../errors/appError.ts';
import { notionError, PROXY_REFUSAL_HEADER } from '../errors/notion.ts';
import { toAppError } from '../errors/thrown.ts';
import {
  dataSourceItem,
  iconOf,
  plainTitle,
  type NotionBot,
  type NotionDatabase,
  type NotionDataSourceDetails,
  type NotionDataSourceItem,
  type NotionPage,
  type NotionPagePatch,
  type NotionProperty,
  type NotionQueryPage,
  type NotionUser,
  type PropertyItem,
  type RawDatabase,
  type RawDataSource,
} from './objects.ts';
import { PAGE_VIEW_HEADER } from '../../domain/notion/pageView.ts';
import type { FileImport, NotionFileUpload } from './fileUploads.ts';

export const NOTION_API_BASE = '/api/notion/v1';
/** Notion's largest page (spec 1 §9 "Database search page size"). */
export const SEARCH_PAGE_SIZE = 100;

/** A call Notion (or the proxy) answered with an error, as the client throws it. */
export interface NotionCallError {
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  body: unknown;
  error: AppError;
}

export interface NotionClientOptions {
  fetch: typeof fetch;
  accessToken: () => Promise<string | null>;
  baseUrl?: string;
  /** Told of every error answer before it is thrown (the app reports them to the operators). */
  onErrorAnswer?: (call: NotionCallError) => void;
}

/** Which key the proxy uses: a saved workspace's (every call), or a typed one (validation only). */
type Credential = { workspaceId: string } | { keyToValidate: string };

const credentialHeader = (credential: Credential): Record<string, string> =>
  'workspaceId' in credential
    ? { 'x-sidenote-workspace': credential.workspaceId }
    : { 'x-notion-key': credential.keyToValidate.trim() };

export function createNotionClient({
  fetch: doFetch,
  accessToken,
  baseUrl = NOTION_API_BASE,
  onErrorAnswer,
}: NotionClientOptions) {
  async function send<T>(
    credential: Credential,
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ) {
    const token = await accessToken();
    const headers: Record<string, string> = {
      ...credentialHeader(credential),
      'content-type': 'application/json',
      ...extraHeaders,
    };
    if (token) headers.authorization = `Bearer ${token}`;
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw toAppError(error);
    }
    const text = await response.text();
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    if (!response.ok) {
      const answer = response.headers;
      const error = notionError(response.status, parsed, answer.get('retry-after'), answer.get(PROXY_REFUSAL_HEADER));
      onErrorAnswer?.({ method, path, body, error });
      throw error;
    }
    return parsed as T;
  }

  /** A call with the saved workspace's key, which only the proxy holds. */
  const call = <T>(workspaceId: string, method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown) =>
    send<T>({ workspaceId }, method, path, body);

  /**
   * One page of POST data_sources/{id}/query with a filter, newest edit first (sizes 1, 5 or
   * 10, spec 1 §7; 100 — Notion's maximum — for the follow-up pages of a lookup), from
   * `startCursor` when given: the response as Notion sends it. `oldestFirst` orders by
   * creation instead, an order no edit changes while a lookup pages through its candidates.
   */
  async function queryDataSourcePage(
    workspaceId: string,
    dataSourceId: string,
    filter: unknown,
    {
      pageSize = 10,
      startCursor,
      oldestFirst = false,
    }: { pageSize?: 1 | 5 | 10 | 100; startCursor?: string; oldestFirst?: boolean } = {},
  ): Promise<NotionQueryPage> {
    const body = {
      filter,
      sorts: [
        oldestFirst
          ? { timestamp: 'created_time', direction: 'ascending' }
          : { timestamp: 'last_edited_time', direction: 'descending' },
      ],
      page_size: pageSize,
      ...(startCursor ? { start_cursor: startCursor } : {}),
    };
    return call<NotionQueryPage>(workspaceId, 'POST', `/data_sources/${encodeURIComponent(dataSourceId)}/query`, body);
  }

  return {
    /**
     * GET users/me with a typed key, before its workspace is saved: the integration (bot) and
     * its workspace's name. The only call that sends a key.
     */
    async validateKey(key: string): Promise<NotionBot> {
      const user = await send<{ id: string; name?: string | null; bot?: { workspace_name?: string | null } }>(
        { keyToValidate: key },
        'GET',
        '/users/me',
      );
      return { id: user.id, name: user.name ?? '', workspaceName: user.bot?.workspace_name ?? '' };
    },

    /** GET users, following cursors: the workspace's people and bots, as Notion describes them. */
    async users(workspaceId: string): Promise<NotionUser[]> {
      const found: NotionUser[] = [];
      let cursor: string | null = null;
      do {
        const query: string = cursor === null ? '' : `&start_cursor=${encodeURIComponent(cursor)}`;
        const page = await call<{ results: NotionUser[]; has_more: boolean; next_cursor: string | null }>(
          workspaceId,
          'GET',
          `/users?page_size=${SEARCH_PAGE_SIZE}${query}`,
        );
        found.push(...page.results);
        cursor = page.has_more ? page.next_cursor : null;
      } while (cursor !== null);
      return found;
    },

    /**
     * Every data source the workspace's key can see: POST search (filter object = data_source,
     * 100 a page), following cursors. Each names its database (`databaseId`).
     */
    async allDataSources(workspaceId: string): Promise<NotionDataSourceItem[]> {
      const found: NotionDataSourceItem[] = [];
      let cursor: string | undefined;
      for (;;) {
        const page = await call<{ results: RawDataSource[]; has_more: boolean; next_cursor: string | null }>(
          workspaceId,
          'POST',
          '/search',
          {
            filter: { property: 'object', value: 'data_source' },
            page_size: SEARCH_PAGE_SIZE,
            ...(cursor ? { start_cursor: cursor } : {}),
          },
        );
        found.push(...page.results.map(dataSourceItem));
        if (!page.has_more || !page.next_cursor) return found;
        cursor = page.next_cursor;
      }
    },

    /** GET databases/{id}: the container, its title and its data sources (id, name) in Notion's order. */
    async database(workspaceId: string, id: string): Promise<NotionDatabase> {
      const raw = await call<RawDatabase>(workspaceId, 'GET', `/databases/${encodeURIComponent(id)}`);
      return {
        id: raw.id,
        title: plainTitle(raw.title),
        icon: iconOf(raw.icon),
        url: raw.url ?? '',
        dataSources: (raw.data_sources ?? []).map((source) => ({ id: source.id, name: source.name ?? '' })),
      };
    },

    /** GET data_sources/{id} with its properties (id, name, type). */
    async dataSource(workspaceId: string, id: string): Promise<NotionDataSourceDetails> {
      const raw = await call<RawDataSource>(workspaceId, 'GET', `/data_sources/${encodeURIComponent(id)}`);
      return { ...dataSourceItem(raw), properties: Object.values(raw.properties ?? {}) };
    },

    /** PATCH data_sources/{id}: changes its schema (`{properties: {<id>: change}}`); answers its properties. */
    async updateDataSource(workspaceId: string, id: string, body: unknown): Promise<NotionProperty[]> {
      const raw = await call<RawDataSource>(workspaceId, 'PATCH', `/data_sources/${encodeURIComponent(id)}`, body);
      return Object.values(raw.properties ?? {});
    },

    queryDataSourcePage,

    /** POST pages: creates one page (body: parent `data_source_id`, properties, optional icon). */
    async createPage(workspaceId: string, body: unknown): Promise<NotionPage> {
      return call<NotionPage>(workspaceId, 'POST', '/pages', body);
    },

    /** POST file_uploads as an import (`external_url`): Notion fetches the file itself (fileUploads.ts). */
    async importFile(workspaceId: string, body: FileImport): Promise<NotionFileUpload> {
      return call<NotionFileUpload>(workspaceId, 'POST', '/file_uploads', { mode: 'external_url', ...body });
    },

    /** GET file_uploads/{id}: an upload's status (an import finishes in the background). */
    async fileUpload(workspaceId: string, id: string): Promise<NotionFileUpload> {
      return call<NotionFileUpload>(workspaceId, 'GET', `/file_uploads/${encodeURIComponent(id)}`);
    },

    /**
     * GET pages/{id}: the page with its property values (a relation lists up to 25 page ids).
     * The page screen's read names its view (`viewId`), which the proxy counts once against the
     * Notion quota (domain/notion/pageView.ts); other reads name none and are not counted.
     */
    async page(workspaceId: string, id: string, { viewId }: { viewId?: string } = {}): Promise<NotionPage> {
      const headers: Record<string, string> = viewId ? { [PAGE_VIEW_HEADER]: viewId } : {};
      return send<NotionPage>({ workspaceId }, 'GET', `/pages/${encodeURIComponent(id)}`, undefined, headers);
    },

    /**
     * GET pages/{id}/properties/{property}: every item of a paginated property (relation,
     * people, title, rich_text — the page object stops at 25 references), 100 a request, until
     * Notion says there is no more.
     */
    async propertyItems(workspaceId: string, pageId: string, propertyId: string): Promise<PropertyItem[]> {
      const path = `/pages/${encodeURIComponent(pageId)}/properties/${encodeURIComponent(propertyId)}?page_size=100`;
      const items: PropertyItem[] = [];
      let cursor: string | null = null;
      do {
        const next: string = cursor === null ? path : `${path}&start_cursor=${encodeURIComponent(cursor)}`;
        const page = await call<{ results: PropertyItem[]; has_more: boolean; next_cursor: string | null }>(
          workspaceId,
          'GET',
          next,
        );
        items.push(...page.results);
        cursor = page.has_more ? page.next_cursor : null;
      } while (cursor !== null);
      return items;
    },

    /** POST data_sources/{id}/query with a whole body (filter, sorts, page_size): one page, as Notion answers it. */
    async query(workspaceId: string, dataSourceId: string, body: unknown): Promise<unknown> {
      return call<unknown>(workspaceId, 'POST', `/data_sources/${encodeURIComponent(dataSourceId)}/query`, body);
    },

    /** One page of GET blocks/{id}/children (a page's content, oldest first), from `startCursor`. */
    async blockChildren(workspaceId: string, blockId: string, startCursor?: string): Promise<unknown> {
      const cursor = startCursor ? `&start_cursor=${encodeURIComponent(startCursor)}` : '';
      return call<unknown>(
        workspaceId,
        'GET',
        `/blocks/${encodeURIComponent(blockId)}/children?page_size=100${cursor}`,
      );
    },

    /** PATCH blocks/{id}/children: appends `children` (≤ 100 blocks) at the end of a page; answers them. */
    async appendBlocks(workspaceId: string, blockId: string, children: unknown[]): Promise<unknown> {
      return call<unknown>(workspaceId, 'PATCH', `/blocks/${encodeURIComponent(blockId)}/children`, { children });
    },

    /** PATCH pages/{id}: writes property values (by property id or name) and/or the trash flag; answers the page. */
    async updatePage(workspaceId: string, id: string, patch: NotionPagePatch): Promise<NotionPage> {
      return call<NotionPage>(workspaceId, 'PATCH', `/pages/${encodeURIComponent(id)}`, patch);
    },
  };
}

export type NotionClient = ReturnType<typeof createNotionClient>;
