/**
 * PostgREST errors (supabase-js `{ error, status }` of `.from()` and `.rpc()`) into `AppError`:
 * the SQLSTATE or PGRST code decides, the HTTP status only when the code says nothing. A
 * status of 0 is supabase-js's "the fetch itself failed" (`TypeError: Failed to fetch`).
 */
import { reasonOfStatus, type ErrorReason } from '../../domain/errors/reason.ts';
import { AppError } from './appError.ts';
import { toAppError } from './thrown.ts';

/** The error object supabase-js returns (PostgrestError's fields). */
export interface PostgrestErrorLike {
  code?: string;
  message: string;
  details?: string | null;
  hint?: string | null;
}

const BY_CODE: Record<string, ErrorReason> = {
  '23505': { kind: 'conflict' }, // unique_violation
  '23503': { kind: 'conflict' }, // foreign_key_violation
  '40001': { kind: 'conflict' }, // serialization_failure
  '23502': { kind: 'validation' }, // not_null_violation
  '23514': { kind: 'validation' }, // check_violation
  P0001: { kind: 'validation' }, // raise exception: a rule of ours, its message is the text
  P0002: { kind: 'notFound' }, // no_data_found, raised by our RPCs
  '57014': { kind: 'timeout' }, // query_canceled (statement timeout)
  PGRST116: { kind: 'notFound' }, // .single() found no row
  PGRST301: { kind: 'unauthorized' }, // JWT invalid or expired
  PGRST302: { kind: 'unauthorized' }, // anonymous access disabled
  PGRST303: { kind: 'unauthorized' }, // JWT expired
  PGRST000: { kind: 'server' }, // database unreachable
  PGRST001: { kind: 'server' },
  PGRST002: { kind: 'server' },
};

function reasonOf(code: string, status: number): ErrorReason {
  if (code === '42501') return status === 401 ? { kind: 'unauthorized' } : { kind: 'forbidden' };
  const known = BY_CODE[code];
  if (known) return known;
  if (code.startsWith('22')) return { kind: 'validation' }; // data exceptions: 22023, 22004, 22P02…
  if (code.startsWith('53') || code.startsWith('XX')) return { kind: 'server' };
  if (/^PGRST1\d\d$/.test(code)) return { kind: 'validation' }; // request errors (bad column, filter)
  return reasonOfStatus(status);
}

/** The `AppError` for a supabase-js PostgREST failure. */
export function postgrestError(error: PostgrestErrorLike, status = 0): AppError {
  const code = error.code ?? '';
  if (status === 0 && code === '') {
    const fetchFailure = toAppError(new TypeError(error.message));
    return new AppError(fetchFailure.reason, error.message, { source: 'postgrest', status });
  }
  return new AppError(reasonOf(code, status), error.message, {
    source: 'postgrest',
    code,
    status,
    body: { code, message: error.message, details: error.details ?? null, hint: error.hint ?? null },
  });
}
