/** What a route handler gets: the caller's workspace, the parsed request, and the store. */
import type { WorkspaceRecord } from './model.ts';
import type { NotionStore } from './store.ts';
import type { ApiVersion } from './versions.ts';

export interface RequestContext {
  store: NotionStore;
  workspace: WorkspaceRecord;
  /** The request's `Notion-Version`. */
  version: ApiVersion;
  /** The path parameters of the matched route, ids not yet normalised. */
  params: string[];
  query: URLSearchParams;
  body: Record<string, unknown>;
  /** `http://host:port` of the sandbox, for `next_url` values. */
  origin: string;
}

export interface HandlerResult {
  body: unknown;
  /** True when the state changed and must be saved. */
  changed?: boolean;
}

export type Handler = (ctx: RequestContext) => HandlerResult;

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `filter_properties` query values (repeated, or `filter_properties[]`), decoded. */
export function filterProperties(query: URLSearchParams): Set<string> | undefined {
  const values = [...query.getAll('filter_properties'), ...query.getAll('filter_properties[]')];
  return values.length ? new Set(values.map((v) => decodeURIComponent(v))) : undefined;
}
