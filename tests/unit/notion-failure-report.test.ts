/**
 * The API-error notifier's texts for Notion calls (src/domain/operators/notionFailureReport.ts;
 * spec 1 §8 "Prefixed texts ... Each such error also notifies the operators"): each call's
 * prefix, the message and status, the call; and the failures the operators do not hear of.
 */
import { describe, expect, test } from 'vitest';
import type { ErrorReason } from '../../src/domain/errors/reason.ts';
import {
  notionFailurePrefix,
  notionFailureReport,
  type NotionCallFailure,
} from '../../src/domain/operators/notionFailureReport.ts';

const PAGE = '1f2e3d4c-0000-4000-8000-00000000abcd';

describe('the prefix of each call (spec 1 §8)', () => {
  test.each([
    ['GET', '/users/me', undefined, 'API key validation failed'],
    ['GET', '/users', undefined, 'Failed to fetch users'],
    ['POST', '/search', undefined, 'Failed to fetch databases'],
    ['GET', `/databases/${PAGE}`, undefined, 'Failed to fetch database properties'],
    ['GET', `/data_sources/${PAGE}`, undefined, 'Failed to fetch database properties'],
    ['PATCH', `/data_sources/${PAGE}`, { properties: {} }, 'Failed to delete property option'],
    ['POST', `/data_sources/${PAGE}/query`, { filter: {} }, 'Failed to search pages'],
    ['POST', '/pages', { properties: {} }, 'Failed to create page'],
    ['GET', `/pages/${PAGE}`, undefined, 'Failed to fetch page data'],
    ['GET', `/pages/${PAGE}/properties/title`, undefined, 'Failed to fetch page data'],
    ['PATCH', `/pages/${PAGE}`, { properties: { Name: {} } }, 'Failed to update page properties'],
    ['PATCH', `/pages/${PAGE}`, { in_trash: true }, 'Failed to archive page'],
    ['PATCH', `/pages/${PAGE}`, { archived: true }, 'Failed to archive page'],
    ['GET', '/blocks/abc/children', undefined, 'Notion API call failed'],
  ] as const)('%s %s → %s', (method, path, body, prefix) => {
    expect(notionFailurePrefix(method, path, body)).toBe(prefix);
  });
});

const failure = (reason: ErrorReason, extra: Partial<NotionCallFailure> = {}): NotionCallFailure => ({
  method: 'POST',
  path: '/search',
  reason,
  status: 401,
  code: 'unauthorized',
  message: 'API token is invalid.',
  ...extra,
});

describe('the report', () => {
  test('prefix, message, status and the call', () => {
    expect(notionFailureReport(failure({ kind: 'unauthorized' }))).toBe(
      'Failed to fetch databases: API token is invalid. (status 401)\nCall: POST /search',
    );
  });

  test('a query string is left out of the call', () => {
    const text = notionFailureReport(
      failure({ kind: 'server' }, { method: 'GET', path: '/users?page_size=100', status: 502, code: undefined }),
    );
    expect(text).toBe('Failed to fetch users: API token is invalid. (status 502)\nCall: GET /users');
  });

  test.each<ErrorReason>([
    { kind: 'unauthorized' },
    { kind: 'forbidden' },
    { kind: 'validation' },
    { kind: 'conflict' },
    { kind: 'server' },
    { kind: 'unknown' },
  ])('%o is reported', (reason) => {
    expect(notionFailureReport(failure(reason, { code: undefined }))).toMatch(/^Failed to fetch databases: /);
  });

  test.each<ErrorReason>([
    { kind: 'offline' },
    { kind: 'network' },
    { kind: 'timeout' },
    { kind: 'notFound' },
    { kind: 'rateLimited', retryAfterMs: 1000 },
    { kind: 'quotaExceeded', quota: 'notionPages' },
  ])('%o is not the operators’ concern', (reason) => {
    expect(notionFailureReport(failure(reason))).toBeUndefined();
  });

  test('an inactive subscription (the proxy’s refusal) is not reported', () => {
    expect(notionFailureReport(failure({ kind: 'forbidden' }, { code: 'subscription_inactive' }))).toBeUndefined();
  });
});
