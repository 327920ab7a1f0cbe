/**
 * Why something failed, as the app reasons about it (ARCHITECTURE §4 "Errors become actions"):
 * one closed union, whatever the source (PostgREST, GoTrue, Notion, an edge function, fetch).
 * Classifiers in src/data/errors produce it; the message catalogue (catalogue.ts) turns it,
 * with a context, into the spec's text. Pure: no I/O, no source-specific codes here.
 */
/** `deviceStorage`: the browser refused to store more (IndexedDB's QuotaExceededError). */
export type QuotaKind = 'linkedinImports' | 'notionPages' | 'provider' | 'deviceStorage';

export type ErrorReason =
  | { kind: 'offline' }
  | { kind: 'network' }
  | { kind: 'timeout' }
  | { kind: 'rateLimited'; retryAfterMs: number | null }
  | { kind: 'unauthorized' }
  | { kind: 'forbidden' }
  | { kind: 'notFound' }
  | { kind: 'validation'; field?: string }
  | { kind: 'conflict' }
  | { kind: 'quotaExceeded'; quota: QuotaKind }
  | { kind: 'server'; retryAfterMs?: number }
  | { kind: 'unknown' };

export type ReasonKind = ErrorReason['kind'];

export const REASON_KINDS: readonly ReasonKind[] = [
  'offline',
  'network',
  'timeout',
  'rateLimited',
  'unauthorized',
  'forbidden',
  'notFound',
  'validation',
  'conflict',
  'quotaExceeded',
  'server',
  'unknown',
];

/** What the catalogue needs of an error: its reason and the source's own text. */
export interface ReasonedError {
  reason: ErrorReason;
  /** The service's message (Notion's `message`, GoTrue's text, an edge function's `error`). */
  message: string;
  /**
   * The catalogue context of the step that failed, when an intent spans several (the
   * database step reads the workspace from Supabase, then Notion): it wins over the screen's.
   */
  context?: string;
}

/** Failures of the connection itself: screens show the offline state, never a raw text. */
export const isConnectionFailure = (reason: ErrorReason): boolean =>
  reason.kind === 'offline' || reason.kind === 'network' || reason.kind === 'timeout';

/** A status-like view of any HTTP status, shared by every classifier. */
export function reasonOfStatus(status: number, retryAfterMs: number | null = null): ErrorReason {
  if (status === 0) return { kind: 'network' };
  if (status === 401) return { kind: 'unauthorized' };
  if (status === 403) return { kind: 'forbidden' };
  if (status === 404) return { kind: 'notFound' };
  if (status === 408 || status === 504) return { kind: 'timeout' };
  if (status === 409) return { kind: 'conflict' };
  if (status === 429) return { kind: 'rateLimited', retryAfterMs };
  if (status === 400 || status === 422) return { kind: 'validation' };
  if (status >= 500) return serverReason(retryAfterMs);
  return { kind: 'unknown' };
}

/** A server failure; an unavailable or overloaded service may say when to come back (Retry-After). */
export const serverReason = (retryAfterMs: number | null = null): ErrorReason =>
  retryAfterMs === null ? { kind: 'server' } : { kind: 'server', retryAfterMs };
