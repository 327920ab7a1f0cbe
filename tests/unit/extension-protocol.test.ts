/**
 * The window protocol shared by the app and the extension (src/domain/extension/protocol.ts;
 * spec 1 §7, spec 2 §3, §7): the same shapes checked raw by the extension and classified by the
 * app; the app's two requests; "Not found" dropped; anything else refused.
 */
import { describe, expect, test } from 'vitest';
import {
  appMessage,
  classifiedExtensionMessage,
  extensionMessage,
  type ExtensionMessage,
} from '../../src/domain/extension/protocol.ts';

const PROFILE = 'https://www.linkedin.com/in/ada-lovelace/';

const fromExtension: ExtensionMessage[] = [
  { type: 'LINKEDIN_PROFILE_NAVIGATION', url: PROFILE },
  { type: 'SIDEPANEL_PROFILE_LOADED', url: PROFILE, scrapedData: { name: 'Ada' } },
  { type: 'EXTENSION_URL_UPDATE', url: 'https://example.com/', timestamp: 1 },
  { type: 'CURRENT_URL_RESPONSE', requestId: 'r1', url: null },
];

describe('extension → app', () => {
  test.each(fromExtension)('$type: accepted raw as sent', (message) => {
    expect(extensionMessage.parse(message)).toEqual(message);
  });

  test('the app reads the same messages with each URL classified', () => {
    const [navigation, loaded, update] = fromExtension.map((m) => classifiedExtensionMessage.parse(m));
    expect(navigation).toMatchObject({ url: { kind: 'profile', raw: PROFILE, slug: 'ada-lovelace' } });
    expect(loaded).toMatchObject({ url: { kind: 'profile' }, scrapedData: { name: 'Ada' } });
    expect(update).toMatchObject({ url: { kind: 'not-linkedin', raw: 'https://example.com/' } });
  });

  test('a tab that shows no LinkedIn page is told as no URL, and read so', () => {
    const update = { type: 'EXTENSION_URL_UPDATE', url: null, timestamp: 2 };
    expect(extensionMessage.parse(update)).toEqual(update);
    expect(classifiedExtensionMessage.parse(update)).toEqual(update);
  });

  test('"Not found" and blank scraped fields are dropped on both sides', () => {
    const message = {
      type: 'SIDEPANEL_PROFILE_LOADED',
      url: PROFILE,
      scrapedData: {
        name: 'Ada',
        title: 'Not found',
        avatarUrl: ' ',
        currentJob: { title: 'Not found', company: 'X' },
      },
    };
    const expected = { name: 'Ada', currentJob: { company: 'X' } };
    expect(extensionMessage.parse(message)).toMatchObject({ scrapedData: expected });
    expect(JSON.parse(JSON.stringify(extensionMessage.parse(message)))).toEqual({ ...message, scrapedData: expected });
    expect(classifiedExtensionMessage.parse(message)).toMatchObject({ scrapedData: expected });
  });

  test.each([
    ['an unknown type', { type: 'PROFILE_DELETED', url: PROFILE }],
    ['a type of another case', { type: 'linkedin_profile_navigation', url: PROFILE }],
    ['a URL that is not text', { type: 'LINKEDIN_PROFILE_NAVIGATION', url: 42 }],
    ['a URL over 4096 characters', { type: 'EXTENSION_URL_UPDATE', url: `${PROFILE}${'a'.repeat(4096)}` }],
    ['a response without requestId', { type: 'CURRENT_URL_RESPONSE', url: PROFILE }],
    ['an app request', { type: 'REQUEST_CURRENT_URL', requestId: 'r1' }],
    ['not an object', 'LINKEDIN_PROFILE_NAVIGATION'],
  ])('%s is refused', (_what, message) => {
    expect(extensionMessage.safeParse(message).success).toBe(false);
    expect(classifiedExtensionMessage.safeParse(message).success).toBe(false);
  });
});

describe('app → extension', () => {
  test.each([{ type: 'REQUEST_CURRENT_URL', requestId: 'mfx1-3' }, { type: 'REQUEST_SCRAPED_DATA' }])(
    '$type: accepted',
    (message) => {
      expect(appMessage.parse(message)).toEqual(message);
    },
  );

  test.each([
    ['a request without requestId', { type: 'REQUEST_CURRENT_URL' }],
    ['an extension message', { type: 'CURRENT_URL_RESPONSE', requestId: 'r', url: null }],
    ['a huge requestId', { type: 'REQUEST_CURRENT_URL', requestId: 'r'.repeat(201) }],
    ['null', null],
  ])('%s is refused', (_what, message) => {
    expect(appMessage.safeParse(message).success).toBe(false);
  });
});
