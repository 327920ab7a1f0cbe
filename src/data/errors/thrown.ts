/**
 * Anything thrown into an `AppError`: fetch's TypeError is `offline` when the browser says it
 * is offline, else `network`; an AbortError or TimeoutError is `timeout`; an `AppError`
 * stays itself; anything else is `unknown`, keeping its text.
 */
import { AppError } from './appError.ts';

const browserOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;

export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  if (name === 'AbortError' || name === 'TimeoutError') {
    return new AppError({ kind: 'timeout' }, message, { source: 'fetch', code: name });
  }
  if (error instanceof TypeError) {
    return new AppError({ kind: browserOffline() ? 'offline' : 'network' }, message, { source: 'fetch', code: name });
  }
  return new AppError({ kind: 'unknown' }, message, { source: 'app' });
}
