import { describe, expect, test } from 'vitest';
import {
  analyticsConfig,
  EU_INGESTION_HOST,
  screenViewedProperties,
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
