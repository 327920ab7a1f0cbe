/** The optional analytics' rules (issue 20): off without a key or under DNT / GPC; events keep only the allowed properties. */
import { describe, expect, test } from 'vitest';
import {
  ANALYTICS_EU_HOST,
  analyticsAllowed,
  safeEventProperties,
} from '../../src/domain/analytics/analyticsPolicy.ts';

const noSignal = { doNotTrack: null, globalPrivacyControl: undefined };

describe('analyticsAllowed', () => {
  test.each([
    [undefined, noSignal, false],
    ['', noSignal, false],
    ['   ', noSignal, false],
    ['phc_key', noSignal, true],
    ['phc_key', { doNotTrack: '0', globalPrivacyControl: false }, true],
    ['phc_key', { doNotTrack: 'unspecified', globalPrivacyControl: undefined }, true],
    ['phc_key', { doNotTrack: '1', globalPrivacyControl: undefined }, false],
    ['phc_key', { doNotTrack: 'yes', globalPrivacyControl: undefined }, false],
    ['phc_key', { doNotTrack: null, globalPrivacyControl: true }, false],
  ])('key %j, %j → %s', (key, privacy, allowed) => expect(analyticsAllowed(key, privacy)).toBe(allowed));
});

test('the default host is the EU ingestion host', () => {
  expect(ANALYTICS_EU_HOST).toBe('https://eu.i.posthog.com');
});

test('an event keeps its route and technical fields, never a URL, e-mail, profile or Notion content', () => {
  const sent = safeEventProperties({
    route: 'notionProfile',
    token: 'phc_key',
    distinct_id: 'anon-1',
    $lib: 'web',
    $current_url: 'http://app/?url=https%3A%2F%2Fwww.linkedin.com%2Fin%2Fada-lovelace',
    $pathname: '/notion-profile',
    $referrer: 'https://www.linkedin.com/in/ada-lovelace/',
    email: 'ada@example.com',
    $set: { email: 'ada@example.com' },
    title: 'Ada Lovelace',
  });
  expect(sent).toEqual({ route: 'notionProfile', token: 'phc_key', distinct_id: 'anon-1', $lib: 'web' });
});
