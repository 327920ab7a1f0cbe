/**
 * /cache-debug's reading of a cache entry's age against its TTL (src/domain/debug): fresh while
 * the age is strictly under the TTL (the rule every cache read uses), then stale when the app
 * still shows the value, expired when it does not; which TTL each entry lives under
 * (src/data/debug/cacheLifetimes.ts, from src/data/db/ttl.ts); ages and sizes in words.
 */
import { describe, expect, test } from 'vitest';
import { cacheFreshness } from '../../src/domain/debug/cacheFreshness.ts';
import { ageText, bytesText } from '../../src/domain/debug/debugTexts.ts';
import { entryLifetime, TABLE_LIFETIMES } from '../../src/data/debug/cacheLifetimes.ts';

const MIN = 60_000;
const NOW = 1_800_000_000_000;

describe('cacheFreshness', () => {
  const shown = { ttlMs: 30 * MIN, servedStale: true };
  const dropped = { ttlMs: 30 * MIN, servedStale: false };
  test.each([
    [0, 'fresh', 'fresh'],
    [30 * MIN - 1, 'fresh', 'fresh'],
    [30 * MIN, 'stale', 'expired'],
    [5 * 24 * 60 * MIN, 'stale', 'expired'],
  ])('%i ms old: %s when shown past its TTL, %s when dropped', (age, whenShown, whenDropped) => {
    expect(cacheFreshness(NOW - age, NOW, shown)).toBe(whenShown);
    expect(cacheFreshness(NOW - age, NOW, dropped)).toBe(whenDropped);
  });
  test('a time in the future is not fresh (a clock moved back)', () => {
    expect(cacheFreshness(NOW + MIN, NOW, shown)).toBe('stale');
  });
});

describe('entryLifetime: the TTLs of the spec and ours', () => {
  test.each([
    ['active_setting', 30 * MIN, true],
    ['active_team', 30 * MIN, true],
    ['user_profile', 5 * MIN, false],
    ['recent_profile_visit', 30 * 24 * 60 * MIN, false],
    ['profile_check:ds:https://www.linkedin.com/in/a', 30 * 24 * 60 * MIN, false],
    ['workspace_users:u:w', 30 * MIN, true],
  ])('%s', (key, ttlMs, servedStale) => {
    expect(entryLifetime(key)).toEqual({ ttlMs, servedStale });
  });
  test('entries kept until replaced have none', () => {
    expect(entryLifetime('wizard')).toBeUndefined();
    expect(entryLifetime('worker_session')).toBeUndefined();
    expect(entryLifetime('active_setting_extra')).toBeUndefined();
  });
  test('related titles and data source schemas', () => {
    expect(TABLE_LIFETIMES.pageTitles).toEqual({ ttlMs: 60 * MIN, servedStale: true });
    expect(TABLE_LIFETIMES.dataSourceSchemas).toEqual({ ttlMs: 10 * MIN, servedStale: true });
  });
});

describe('ages and sizes in words', () => {
  test.each([
    [-5, '0 s'],
    [45_000, '45 s'],
    [12 * MIN + 59_000, '12 min'],
    [185 * MIN, '3 h 5 min'],
    [(52 * 60 + 3) * MIN, '2 d 4 h'],
  ])('%i ms → %s', (ms, text) => expect(ageText(ms)).toBe(text));
  test.each([
    [512, '512 B'],
    [1500, '1.5 kB'],
    [2_000_000, '2.0 MB'],
    [3_200_000_000, '3.2 GB'],
  ])('%i B → %s', (bytes, text) => expect(bytesText(bytes)).toBe(text));
});
