/**
 * The Notion client: every call goes through the app's same-origin proxy `/api/notion/v1`
 * with the Supabase session as bearer and the saved workspace's id in `x-sidenote-workspace`;
 * the proxy loads that workspace's key on the server (supabase/functions/notion-proxy) and adds
 * Notion-Version 2022-06-28. Errors are `AppError`s (src/data/errors/notion.ts for Notion's and
 * the proxy's answers, thrown.ts for a failed fetch).
 *
 * What must stay true: the app never holds a key after entry — `validateKey` (GET users/me in
 * `x-notion-key`, before the workspace exists) is the only call that sends one.
 *
 * `fetch` and the token source are injected so the pagination and error rules are testable
 * without a browser; `appNotion.ts` makes the app's instance.
 */
import { notionError } from '../errors/notion.ts';
import { toAppError } from '../errors/thrown.ts';

export const NOTION_API_BASE = '/api/notion/v1';
/** Notion's largest page (spec 1 §9 "Database search page size"). */
export const SEARCH_PAGE_SIZE = 100;

export interface NotionClientOptions {
  fetch: typeof fetch;
  accessToken: () => Promise<string | null>;
  baseUrl?: string;
}

export interface NotionBot {
  id: string;
  name: string;
  workspaceName: string;
}

export interface NotionDatabaseItem {
  id: string;
  title: string;
  icon: string | null;
  url: string;
  created_time: string;
  last_edited_time: string;
}

export interface NotionDatabaseDetails extends NotionDatabaseItem {
  properties: { id: string; name: string; type: string }[];
}

/** A page as the API returns it (the parts capture reads). */
export interface NotionPage {
  id: string;
  url?: string;
  properties: Record<string, { id: string; type: string; [value: string]: unknown }>;
}

/** One page of a database query, as Notion answers it. */
export interface NotionQueryPage {
  results: NotionPage[];
  has_more: boolean;
  next_cursor: string | null;
}

interface RawDatabase {
  id: string;
  title?: { plain_text?: string }[];
  icon?: { type: string; emoji?: string; external?: { url: string }; file?: { url: string } } | null;
  url?: string;
  created_time?: string;
  last_edited_time?: string;
  properties?: Record<string, { id: string; name: string; type: string }>;
}

const iconOf = (icon: RawDatabase['icon']): string | null =>
  !icon ? null : (icon.emoji ?? icon.external?.url ?? icon.file?.url ?? null);

function databaseItem(raw: RawDatabase): NotionDatabaseItem {
  return {
    id: raw.id,
    title: (raw.title ?? []).map((part) => part.plain_text ?? '').join(''),
    icon: iconOf(raw.icon),
    url: raw.url ?? '',
    created_time: raw.created_time ?? '',
    last_edited_time: raw.last_edited_time ?? '',
  };
}

/** Which key the proxy uses: a saved workspace's (every call), or a typed one (validation only). */
type Credential = { workspaceId: string } | { keyToValidate: string };

const credentialHeader = (credential: Credential): Record<string, string> =>
  'workspaceId' in credential
    ? { 'x-sidenote-workspace': credential.workspaceId }
    : { 'x-notion-key': credential.keyToValidate.trim() };

export function createNotionClient({ fetch: doFetch, accessToken, baseUrl = NOTION_API_BASE }: NotionClientOptions) {
  async function send<T>(credential: Credential, method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown) {
    const token = await accessToken();
    const headers: Record<string, string> = { ...credentialHeader(credential), 'content-type': 'application/json' };
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
    if (!response.ok) throw notionError(response.status, parsed, response.headers.get('retry-after'));
    return parsed as T;
  }

  /** A call with the saved workspace's key, which only the proxy holds. */
  const call = <T>(workspaceId: string, method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown) =>
    send<T>({ workspaceId }, method, path, body);

  /**
   * One page of POST databases/{id}/query with a filter, newest edit first (sizes 1, 5 or
   * 10, spec 1 §7; 100 — Notion's maximum — for the follow-up pages of a lookup), from
   * `startCursor` when given: the response as Notion sends it. `oldestFirst` orders by
   * creation instead, an order no edit changes while a lookup pages through its candidates.
   */
  async function queryDatabasePage(
    workspaceId: string,
    id: string,
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
    return call<NotionQueryPage>(workspaceId, 'POST', `/databases/${encodeURIComponent(id)}/query`, body);
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

    /** Every database the workspace's key can see: POST search (databases, 100 a page), following cursors. */
    async allDatabases(workspaceId: string): Promise<NotionDatabaseItem[]> {
      const found: NotionDatabaseItem[] = [];
      let cursor: string | undefined;
      for (;;) {
        const page = await call<{ results: RawDatabase[]; has_more: boolean; next_cursor: string | null }>(
          workspaceId,
          'POST',
          '/search',
          {
            filter: { property: 'object', value: 'database' },
            page_size: SEARCH_PAGE_SIZE,
            ...(cursor ? { start_cursor: cursor } : {}),
          },
        );
        found.push(...page.results.map(databaseItem));
        if (!page.has_more || !page.next_cursor) return found;
        cursor = page.next_cursor;
      }
    },

    /** GET databases/{id} with its properties (id, name, type). */
    async database(workspaceId: string, id: string): Promise<NotionDatabaseDetails> {
      const raw = await call<RawDatabase>(workspaceId, 'GET', `/databases/${encodeURIComponent(id)}`);
      return { ...databaseItem(raw), properties: Object.values(raw.properties ?? {}) };
    },

    queryDatabasePage,

    /** POST pages: creates one page (body: parent, properties, optional icon). */
    async createPage(workspaceId: string, body: unknown): Promise<NotionPage> {
      return call<NotionPage>(workspaceId, 'POST', '/pages', body);
    },
  };
}

export type NotionClient = ReturnType<typeof createNotionClient>;
