/**
 * The background's rules for a window's active tab URL (extension/urlTracking.ts) and the
 * names of its side panel ports (extension/runtimeMessages.ts): which messages a URL change
 * gives, what the app is told of a tab (issue 32, item 6: a LinkedIn page's origin and path,
 * nothing of another site — no URL, no query string, no fragment), and that repeated tab events
 * for what the app was told are told once per window.
 */
import { describe, expect, test } from 'vitest';
import { extensionMessage } from '../../src/domain/extension/protocol.ts';
import { panelPortName, windowOfPanelPort } from '../../extension/runtimeMessages.ts';
import {
  ActiveUrls,
  currentUrlResponse,
  profileLoadedMessage,
  urlChangeMessages,
} from '../../extension/urlTracking.ts';

/** Another site's tab, with what a URL may carry: a token in the query, a session in the fragment. */
const ELSEWHERE = 'https://mail.example.com/inbox/42?access_token=opaque-123&user=ada#state=s3cr3t';

describe('urlChangeMessages', () => {
  test('a profile URL: EXTENSION_URL_UPDATE with the time, then LINKEDIN_PROFILE_NAVIGATION, without query or fragment', () => {
    const told = 'https://www.linkedin.com/in/ada-lovelace/';
    expect(urlChangeMessages(`${told}?miniProfile=1&trk=abc#experience`, 1234)).toEqual([
      { type: 'EXTENSION_URL_UPDATE', url: told, timestamp: 1234 },
      { type: 'LINKEDIN_PROFILE_NAVIGATION', url: told },
    ]);
  });

  test.each([
    ['https://www.linkedin.com/feed/', 'https://www.linkedin.com/feed/'],
    ['https://www.linkedin.com/in/', 'https://www.linkedin.com/in/'],
    ['https://fr.linkedin.com/company/acme/?trk=x', 'https://fr.linkedin.com/company/acme/'],
    [
      'https://www.linkedin.com/search/results/people/?keywords=ada%20lovelace',
      'https://www.linkedin.com/search/results/people/',
    ],
  ])('%s, LinkedIn but no profile: only EXTENSION_URL_UPDATE, with %s', (url, told) => {
    expect(urlChangeMessages(url, 5)).toEqual([{ type: 'EXTENSION_URL_UPDATE', url: told, timestamp: 5 }]);
  });

  test.each([ELSEWHERE, 'https://example.com/in/ada', 'https://linkedin.com.evil.example/in/ada', 'chrome://newtab/'])(
    '%s, not LinkedIn: only EXTENSION_URL_UPDATE, with no URL at all',
    (url) => {
      const messages = urlChangeMessages(url, 5);
      expect(messages).toEqual([{ type: 'EXTENSION_URL_UPDATE', url: null, timestamp: 5 }]);
      for (const message of messages) expect(extensionMessage.safeParse(message).success).toBe(true);
    },
  );
});

describe('what the app is told of a tab', () => {
  test('CURRENT_URL_RESPONSE: a LinkedIn page without query or fragment; another site, or no tab, as null', () => {
    expect(currentUrlResponse('r1', 'https://www.linkedin.com/in/ada/?trk=x#top')).toEqual({
      type: 'CURRENT_URL_RESPONSE',
      requestId: 'r1',
      url: 'https://www.linkedin.com/in/ada/',
    });
    expect(currentUrlResponse('r2', ELSEWHERE)).toEqual({ type: 'CURRENT_URL_RESPONSE', requestId: 'r2', url: null });
    expect(currentUrlResponse('r3', undefined)).toEqual({ type: 'CURRENT_URL_RESPONSE', requestId: 'r3', url: null });
  });

  test('a LinkedIn URL over the protocol’s length limit is answered as no URL', () => {
    const long = `https://www.linkedin.com/in/${'a'.repeat(5000)}`;
    expect(currentUrlResponse('r4', long)).toEqual({ type: 'CURRENT_URL_RESPONSE', requestId: 'r4', url: null });
  });

  test('SIDEPANEL_PROFILE_LOADED: the scraped page’s URL without query or fragment', () => {
    const scrapedData = { name: 'Ada Lovelace' };
    expect(
      profileLoadedMessage({
        type: 'PROFILE_SCRAPED',
        url: 'https://www.linkedin.com/in/ada/?originalSubdomain=uk#about',
        scrapedData,
      }),
    ).toEqual({ type: 'SIDEPANEL_PROFILE_LOADED', url: 'https://www.linkedin.com/in/ada/', scrapedData });
  });

  const LEAD = 'https://www.linkedin.com/sales/lead/ACwAAAGz4o8BqL3pZQ1xYvKXr2mN9sTuVwXyZ0,NAME_SEARCH,hX3a';
  test('a Sales Navigator lead (issue 34): told with the public link it shows, without its query', () => {
    const message = profileLoadedMessage({
      type: 'PROFILE_SCRAPED',
      url: `${LEAD}?_ntb=abc`,
      scrapedData: { name: 'Grace Hopper' },
      profileUrl: 'https://www.linkedin.com/in/grace-hopper/?trk=sales',
    });
    expect(message).toEqual({
      type: 'SIDEPANEL_PROFILE_LOADED',
      url: LEAD,
      scrapedData: { name: 'Grace Hopper' },
      profileUrl: 'https://www.linkedin.com/in/grace-hopper/',
    });
    expect(extensionMessage.safeParse(message).success).toBe(true);
  });

  test.each([undefined, null, 'https://www.example.com/in/grace', 'https://www.linkedin.com/feed/'])(
    'a lead whose link is %j: told as showing none',
    (profileUrl) => {
      expect(profileLoadedMessage({ type: 'PROFILE_SCRAPED', url: LEAD, scrapedData: null, profileUrl })).toEqual({
        type: 'SIDEPANEL_PROFILE_LOADED',
        url: LEAD,
        scrapedData: null,
        profileUrl: null,
      });
    },
  );

  test('a lead URL change: only EXTENSION_URL_UPDATE, its path kept (not "no URL")', () => {
    expect(urlChangeMessages(LEAD, 7)).toEqual([{ type: 'EXTENSION_URL_UPDATE', url: LEAD, timestamp: 7 }]);
  });
});

describe('ActiveUrls', () => {
  const FEED = 'https://www.linkedin.com/feed/';
  const PROFILE = 'https://www.linkedin.com/in/ada/';

  test('a URL is a change once per window; another URL, or the same in another window, is a change', () => {
    const urls = new ActiveUrls();
    expect(urls.changed(1, FEED)).toBe(true);
    expect(urls.changed(1, FEED)).toBe(false);
    expect(urls.changed(2, FEED)).toBe(true);
    expect(urls.changed(1, PROFILE)).toBe(true);
    expect(urls.changed(1, FEED)).toBe(true);
  });

  test('two other sites in a row are one change: the app was told the same (no URL) twice', () => {
    const urls = new ActiveUrls();
    expect(urls.changed(1, 'https://www.linkedin.com/feed/')).toBe(true);
    expect(urls.changed(1, ELSEWHERE)).toBe(true);
    expect(urls.changed(1, 'https://news.example.org/?id=7')).toBe(false);
    expect(urls.changed(1, 'https://www.linkedin.com/feed/?trk=nav')).toBe(true);
    expect(urls.changed(1, 'https://www.linkedin.com/feed/#top')).toBe(false);
  });

  test('a forgotten window (its panel closed) is told its URL again when a panel opens', () => {
    const urls = new ActiveUrls();
    urls.changed(1, FEED);
    urls.forget(1);
    expect(urls.changed(1, FEED)).toBe(true);
  });
});

describe('side panel port names', () => {
  test('a panel port names its window', () => {
    expect(windowOfPanelPort(panelPortName(1_234_567))).toBe(1_234_567);
  });

  test.each(['sidepanel/', 'sidepanel/x', 'sidepanel/1/2', 'content/3', ' sidepanel/3', 'sidepanel/-1'])(
    '%j is not a panel port',
    (name) => {
      expect(windowOfPanelPort(name)).toBeNull();
    },
  );
});
