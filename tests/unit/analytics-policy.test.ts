import { describe, expect, test } from 'vitest';
import {
  analyticsConfig,
  EU_INGESTION_HOST,
  screenViewedProperties,
  trackingSignalsOf,
} from '../../src/domain/analytics/analyticsPolicy.ts';

describe('analyticsConfig', () => {
  test('off without a key, or with a blank one', () => {
    expect(analyticsConfig({}, {})).toBeNull();
    expect(analyticsConfig({ key: '  ' }, {})).toBeNull();
  });

  test("with a key: on, at PostHog's EU host unless another is configured", () => {
    expect(analyticsConfig({ key: 'phc_1' }, {})).toEqual({ key: 'phc_1', host: EU_INGESTION_HOST });
    expect(analyticsConfig({ key: ' phc_1 ', host: 'https://ingest.example' }, { doNotTrack: '0' })).toEqual({
      key: 'phc_1',
      host: 'https://ingest.example',
    });
    expect(EU_INGESTION_HOST).toBe('https://eu.i.posthog.com');
  });

  test.each([
    ['Do Not Track "1"', { doNotTrack: '1' }],
    ['Do Not Track "yes" (older browsers)', { doNotTrack: 'yes' }],
    ['Global Privacy Control', { globalPrivacyControl: true }],
  ])('off when the browser asks: %s', (_name, signals) => {
    expect(analyticsConfig({ key: 'phc_1' }, signals)).toBeNull();
  });

  test('on when the browser leaves it unset or says no preference', () => {
    expect(analyticsConfig({ key: 'phc_1' }, { doNotTrack: null, globalPrivacyControl: false })).not.toBeNull();
    expect(analyticsConfig({ key: 'phc_1' }, { doNotTrack: 'unspecified' })).not.toBeNull();
  });
});

test('a screen view carries the route id and nothing else', () => {
  expect(screenViewedProperties('notionProfile')).toEqual({ screen: 'notionProfile' });
});

describe('trackingSignalsOf: the signals as the browser exposes them on navigator', () => {
  /** A navigator whose prototype has the getters, as a browser's Navigator.prototype does. */
  const navigatorWith = (getters: Record<string, () => unknown>) => {
    const prototype = {};
    for (const [name, get] of Object.entries(getters)) Object.defineProperty(prototype, name, { get });
    return Object.create(prototype) as object;
  };

  test('Global Privacy Control on: analytics stays off, with a key', () => {
    const signals = trackingSignalsOf(navigatorWith({ doNotTrack: () => null, globalPrivacyControl: () => true }));
    expect(signals).toEqual({ doNotTrack: null, globalPrivacyControl: true });
    expect(analyticsConfig({ key: 'phc_test_project_key' }, signals)).toBeNull();
  });

  test('Do Not Track on: analytics stays off, with a key', () => {
    const signals = trackingSignalsOf(navigatorWith({ doNotTrack: () => '1' }));
    expect(analyticsConfig({ key: 'phc_test_project_key' }, signals)).toBeNull();
  });

  test('neither (a browser without GPC at all): on', () => {
    const signals = trackingSignalsOf(navigatorWith({ doNotTrack: () => null }));
    expect(signals).toEqual({ doNotTrack: null, globalPrivacyControl: undefined });
    expect(analyticsConfig({ key: 'phc_test_project_key' }, signals)).not.toBeNull();
  });
});
