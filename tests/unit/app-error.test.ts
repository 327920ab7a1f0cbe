/**
 * The AppError itself: storage and thrown errors classified (a failed fetch, an abort), and
 * no secret — Notion key, bearer token, JWT — ever kept in its message or debug body.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { AppError, scrub } from '../../src/data/errors/appError.ts';
import { notionError } from '../../src/data/errors/notion.ts';
import { storageError } from '../../src/data/errors/storage.ts';
import { toAppError } from '../../src/data/errors/thrown.ts';

afterEach(() => vi.unstubAllGlobals());

describe('storage and thrown errors', () => {
  test('storage errors by status; none is a failed fetch', () => {
    expect(storageError({ message: 'Object not found', statusCode: '404' }).reason.kind).toBe('notFound');
    expect(storageError({ message: 'new row violates row-level security policy', status: 403 }).reason.kind).toBe(
      'forbidden',
    );
    expect(storageError({ message: 'Failed to fetch' }).reason.kind).toBe('network');
  });

  test('a TypeError from fetch is network, or offline when the browser says so', () => {
    expect(toAppError(new TypeError('Failed to fetch')).reason.kind).toBe('network');
    vi.stubGlobal('navigator', { onLine: false });
    expect(toAppError(new TypeError('Failed to fetch')).reason.kind).toBe('offline');
  });

  test('AbortError and TimeoutError are timeouts; an AppError stays itself', () => {
    expect(toAppError(new DOMException('aborted', 'AbortError')).reason.kind).toBe('timeout');
    expect(toAppError(new DOMException('timed out', 'TimeoutError')).reason.kind).toBe('timeout');
    const same = new AppError({ kind: 'conflict' }, 'x', { source: 'app' });
    expect(toAppError(same)).toBe(same);
    expect(toAppError('weird').reason.kind).toBe('unknown');
  });
});

describe('secrets never reach an AppError', () => {
  const key = 'ntn_' + 'a1'.repeat(23);
  test('Notion keys, bearer tokens and JWTs are scrubbed from message and body', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
    const error = notionError(401, {
      code: 'unauthorized',
      message: `API token ${key} is invalid.`,
      request: { authorization: `Bearer ${jwt}` },
    });
    const shown = JSON.stringify({ message: error.message, debug: error.debug });
    expect(shown).not.toContain(key);
    expect(shown).not.toContain(jwt);
    expect(scrub(`Bearer ${jwt}`)).toBe('Bearer [redacted]');
  });
});
