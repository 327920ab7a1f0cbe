/**
 * Storage errors (supabase-js `StorageError`: `statusCode` as a string or `status`, `message`)
 * into `AppError`, by HTTP status; an error without one is a failed fetch.
 */
import { reasonOfStatus } from '../../domain/errors/reason.ts';
import { AppError } from './appError.ts';
import { toAppError } from './thrown.ts';

export interface StorageErrorLike {
  name?: string;
  message: string;
  status?: number;
  statusCode?: string;
}

export function storageError(error: StorageErrorLike): AppError {
  const status = error.status ?? Number(error.statusCode ?? 0);
  if (!status) {
    const fetchFailure = toAppError(new TypeError(error.message));
    return new AppError(fetchFailure.reason, error.message, { source: 'storage' });
  }
  return new AppError(reasonOfStatus(status), error.message, { source: 'storage', status, code: error.statusCode });
}
