/**
 * Anything thrown into an `AppError`: fetch's TypeError is `offline` when the browser says it
 * is offline, else `network`; an AbortError or TimeoutError is `timeout`; an `AppError`
 * stays itself; a full disk (QuotaExceededError, bare or inside Dexie's error) is
 * `quotaExceeded` of `deviceStorage`; anything else is `unknown`, keeping its text.
 */
import { AppError } from './appError.ts';

/** Dexie wraps IndexedDB's errors (`inner`): a full disk is a QuotaExceededError inside. */
const innerName = (error: unknown): string | undefined => (error as { inner?: { name?: string } } | null)?.inner?.name;

const browserOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;

export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  if (name === 'QuotaExceededError' || innerName(error) === 'QuotaExceededError') {
    return new AppError({ kind: 'quotaExceeded', quota: 'deviceStorage' }, message, { source: 'app', code: name });
  }
  if (name === 'AbortError' || name === 'TimeoutError') {
    return new AppError({ kind: 'timeout' }, message, { source: 'fetch', code: name });
  }
  if (error instanceof TypeError) {
    return new AppError({ kind: browserOffline() ? 'offline' : 'network' }, message, { source: 'fetch', code: name });
  }
  return new AppError({ kind: 'unknown' }, message, { source: 'app' });
}
