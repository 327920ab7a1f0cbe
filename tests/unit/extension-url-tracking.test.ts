/**
 * The background's rules for a window's active tab URL (extension/urlTracking.ts) and the
 * names of its side panel ports (extension/runtimeMessages.ts): which messages a URL change
 * gives, and that repeated tab events for one URL are told once per window.
 */
import { describe, expect, test } from 'vitest';
import { panelPortName, windowOfPanelPort } from '../../extension/runtimeMessages.ts';
import { ActiveUrls, urlChangeMessages } from '../../extension/urlTracking.ts';

describe('urlChangeMessages', () => {
  test('a profile URL: EXTENSION_URL_UPDATE with the time, then LINKEDIN_PROFILE_NAVIGATION', () => {
    const url = 'https://www.linkedin.com/in/ada-lovelace/?miniProfile=1';
    expect(urlChangeMessages(url, 1234)).toEqual([
      { type: 'EXTENSION_URL_UPDATE', url, timestamp: 1234 },
      { type: 'LINKEDIN_PROFILE_NAVIGATION', url },
    ]);
  });

  test.each([
    'https://www.linkedin.com/feed/',
    'https://www.linkedin.com/in/',
    'https://www.linkedin.com/company/acme/',
    'https://example.com/in/ada',
    'chrome://newtab/',
  ])('%s: only EXTENSION_URL_UPDATE', (url) => {
    expect(urlChangeMessages(url, 5)).toEqual([{ type: 'EXTENSION_URL_UPDATE', url, timestamp: 5 }]);
  });
});

describe('ActiveUrls', () => {
  test('a URL is a change once per window; another URL, or the same in another window, is a change', () => {
    const urls = new ActiveUrls();
    expect(urls.changed(1, 'https://a.example/')).toBe(true);
    expect(urls.changed(1, 'https://a.example/')).toBe(false);
    expect(urls.changed(2, 'https://a.example/')).toBe(true);
    expect(urls.changed(1, 'https://b.example/')).toBe(true);
    expect(urls.changed(1, 'https://a.example/')).toBe(true);
  });

  test('a forgotten window (its panel closed) is told its URL again when a panel opens', () => {
    const urls = new ActiveUrls();
    urls.changed(1, 'https://a.example/');
    urls.forget(1);
    expect(urls.changed(1, 'https://a.example/')).toBe(true);
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
