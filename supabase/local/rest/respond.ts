/**
 * Success responses as PostgREST shapes them: the JSON text produced by Postgres passed through
 * untouched, `Content-Range` (`0-9/42`, `*\/0`, `0-9/*`), 200/206/416 for pages, 201/204 for
 * writes, and `Preference-Applied`.
 *
 * What must stay true: the body is never re-serialised in JavaScript — numbers, timestamps and
 * JSON columns keep Postgres' formatting, identical on PGlite and PostgreSQL.
 */
import type { GatewayResponse } from '../gateway/http.ts';
import { invalidRange } from './errors.ts';

export const JSON_TYPE = 'application/json; charset=utf-8';
export const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8';

/** `lower-upper/total`, `*` for an unknown total, `*\/total` for an empty page. */
export function contentRange(offset: number, rows: number, total: number | null): string {
  const totalText = total === null ? '*' : String(total);
  return rows > 0 ? `${offset}-${offset + rows - 1}/${totalText}` : `*/${totalText}`;
}

/** 200, or 206 when a counted result is only partly returned; 416 past the end. */
export function pageStatus(offset: number, rows: number, total: number | null): number {
  if (total === null) return 200;
  if (offset > total) {
    const error = invalidRange(`An offset of ${offset} was requested, but there are only ${total} rows.`);
    throw Object.assign(error, { headers: { 'content-range': `*/${total}` } });
  }
  return rows < total ? 206 : 200;
}

export interface Reply {
  status: number;
  body?: string;
  singular?: boolean;
  contentRange?: string;
  preferenceApplied?: string[];
  extraHeaders?: Record<string, string>;
}

export function reply(r: Reply): GatewayResponse {
  const headers: Record<string, string> = { ...r.extraHeaders };
  if (r.body !== undefined) headers['content-type'] = r.singular ? OBJECT_TYPE : JSON_TYPE;
  if (r.contentRange) headers['content-range'] = r.contentRange;
  if (r.preferenceApplied && r.preferenceApplied.length > 0) {
    headers['preference-applied'] = r.preferenceApplied.join(', ');
  }
  return { status: r.status, headers, body: r.body ?? '' };
}
