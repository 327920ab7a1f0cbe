/**
 * The extension bridge (spec 1 §7, §8; spec 2 §7, §9): origin allow-list, sender and target
 * checks, zod checks, the 2 s REQUEST_CURRENT_URL timeout and REQUEST_SCRAPED_DATA ~100 ms
 * after start, on a fake window (a set of listeners), a fake parent and a fake clock.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ExtensionBridge, type BridgeMessageEvent, type BridgeWindow } from '../../src/data/extension/bridge.ts';
import type { IncomingMessage } from '../../src/data/extension/messages.ts';
import { parseExtensionOrigins } from '../../src/data/extension/origins.ts';
import { classifyLinkedInUrl } from '../../src/domain/linkedin/profileUrl.ts';

const EXT = 'chrome-extension://abcdefghijklmnop';
const HARNESS = 'http://127.0.0.1:54330';
const FOREIGN = 'https://evil.example';

function fakeWindow() {
  const listeners = new Set<(event: BridgeMessageEvent) => void>();
  const win: BridgeWindow = {
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
  };
  const dispatch = (event: BridgeMessageEvent) => listeners.forEach((listener) => listener(event));
  return { win, dispatch };
}

/** A bridge framed by a parent of origin `framingOrigin` (null: the browser did not say). */
function setup(framingOrigin: string | null = EXT) {
  const { win, dispatch } = fakeWindow();
  const posted: { message: unknown; origin: string }[] = [];
  const parent = { postMessage: (message: unknown, origin: string) => posted.push({ message, origin }) };
  const bridge = new ExtensionBridge(win, parent, [EXT, HARNESS], framingOrigin);
  const received: IncomingMessage[] = [];
  bridge.subscribe((m) => received.push(m));
  /** A message from the parent window (or from `source`), sent from `origin`. */
  const deliver = (data: unknown, origin = framingOrigin ?? EXT, source: unknown = parent) =>
    dispatch({ data, origin, source: source as MessageEventSource });
  return { bridge, posted, received, deliver };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('incoming messages', () => {
  test('the four message types from an allowed origin arrive typed, their URLs classified', () => {
    const { bridge, received, deliver } = setup();
    bridge.start();
    deliver({ type: 'LINKEDIN_PROFILE_NAVIGATION', url: 'https://www.linkedin.com/in/a' });
    deliver({ type: 'EXTENSION_URL_UPDATE', url: 'https://www.linkedin.com/feed', timestamp: 5 });
    deliver({
      type: 'SIDEPANEL_PROFILE_LOADED',
      url: 'https://www.linkedin.com/in/a',
      scrapedData: {
        name: 'Ada',
        title: 'Not found',
        avatarUrl: '',
        currentJob: { title: 'CTO', company: 'Not found' },
      },
    });
    const profileA = classifyLinkedInUrl('https://www.linkedin.com/in/a');
    expect(profileA).toMatchObject({ kind: 'profile', canonical: 'https://www.linkedin.com/in/a' });
    expect(received).toEqual([
      { type: 'LINKEDIN_PROFILE_NAVIGATION', url: profileA },
      {
        type: 'EXTENSION_URL_UPDATE',
        url: { kind: 'linkedin-other', raw: 'https://www.linkedin.com/feed' },
        timestamp: 5,
      },
      {
        type: 'SIDEPANEL_PROFILE_LOADED',
        url: profileA,
        scrapedData: {
          name: 'Ada',
          title: undefined,
          avatarUrl: undefined,
          currentJob: { title: 'CTO', company: undefined },
        },
      },
    ]);
  });

  test('messages from a foreign origin are ignored', () => {
    const { bridge, received, deliver } = setup();
    bridge.start();
    deliver({ type: 'LINKEDIN_PROFILE_NAVIGATION', url: 'https://www.linkedin.com/in/a' }, FOREIGN);
    deliver({ type: 'LINKEDIN_PROFILE_NAVIGATION', url: 'https://www.linkedin.com/in/a' }, 'null');
    expect(received).toEqual([]);
  });

  test('messages from another window than the parent are ignored, even from an allowed origin', () => {
    const { bridge, received, deliver } = setup();
    bridge.start();
    const msg = { type: 'LINKEDIN_PROFILE_NAVIGATION', url: 'https://www.linkedin.com/in/a' };
    deliver(msg, EXT, { postMessage() {} });
    deliver(msg, EXT, null);
    expect(received).toEqual([]);
  });

  test('once the framing origin is known, another allowed origin is not believed', () => {
    const { bridge, received, deliver } = setup(EXT);
    bridge.start();
    deliver({ type: 'LINKEDIN_PROFILE_NAVIGATION', url: 'https://www.linkedin.com/in/a' }, HARNESS);
    expect(received).toEqual([]);
  });

  test('malformed messages are ignored', () => {
    const { bridge, received, deliver } = setup();
    bridge.start();
    for (const data of [
      null,
      'LINKEDIN_PROFILE_NAVIGATION',
      { type: 'LINKEDIN_PROFILE_NAVIGATION' },
      { type: 'LINKEDIN_PROFILE_NAVIGATION', url: 42 },
      { type: 'SOMETHING_ELSE', url: 'x' },
      { type: 'CURRENT_URL_RESPONSE', url: 'x' },
    ]) {
      deliver(data);
    }
    expect(received).toEqual([]);
  });

  test('nothing is heard before start or after stop', () => {
    const { bridge, received, deliver } = setup();
    const msg = { type: 'LINKEDIN_PROFILE_NAVIGATION', url: 'https://www.linkedin.com/in/a' };
    deliver(msg);
    bridge.start();
    bridge.stop();
    deliver(msg);
    expect(received).toEqual([]);
  });
});

describe('outgoing messages', () => {
  test('REQUEST_SCRAPED_DATA goes to the parent ~100 ms after start, once', () => {
    const { bridge, posted } = setup();
    bridge.start();
    bridge.start();
    vi.advanceTimersByTime(99);
    expect(posted).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(posted).toEqual([{ message: { type: 'REQUEST_SCRAPED_DATA' }, origin: EXT }]);
    vi.advanceTimersByTime(5_000);
    expect(posted).toHaveLength(1);
  });

  test('messages go to the framing origin only, never to every configured origin', () => {
    const { bridge, posted } = setup(HARNESS);
    bridge.start();
    void bridge.requestCurrentUrl().catch(() => {});
    vi.advanceTimersByTime(100);
    expect(posted.map((p) => p.origin)).toEqual([HARNESS, HARNESS]);
  });

  test('framed by an origin that is not configured, nothing is posted', () => {
    const { bridge, posted } = setup(FOREIGN);
    bridge.start();
    void bridge.requestCurrentUrl().catch(() => {});
    vi.advanceTimersByTime(2_000);
    expect(posted).toEqual([]);
  });

  test('when the browser does not tell the framing origin, messages wait for the parent to speak', async () => {
    const { bridge, posted, deliver } = setup(null);
    bridge.start();
    const answer = bridge.requestCurrentUrl();
    vi.advanceTimersByTime(100);
    expect(posted).toEqual([]);
    deliver({ type: 'EXTENSION_URL_UPDATE', url: 'https://www.linkedin.com/feed' }, HARNESS);
    expect(posted.map((p) => [(p.message as { type: string }).type, p.origin])).toEqual([
      ['REQUEST_CURRENT_URL', HARNESS],
      ['REQUEST_SCRAPED_DATA', HARNESS],
    ]);
    const { requestId } = posted[0].message as { requestId: string };
    deliver({ type: 'CURRENT_URL_RESPONSE', requestId, url: 'https://www.linkedin.com/in/a' }, HARNESS);
    await expect(answer).resolves.toEqual(classifyLinkedInUrl('https://www.linkedin.com/in/a'));
  });

  test('REQUEST_CURRENT_URL resolves with the matching response only', async () => {
    const { bridge, posted, deliver } = setup();
    bridge.start();
    const answer = bridge.requestCurrentUrl();
    const request = posted[0].message as { type: string; requestId: string };
    expect(request.type).toBe('REQUEST_CURRENT_URL');
    deliver({ type: 'CURRENT_URL_RESPONSE', requestId: 'other', url: 'https://wrong.example' });
    deliver({ type: 'CURRENT_URL_RESPONSE', requestId: request.requestId, url: 'https://x.example' }, FOREIGN);
    deliver({ type: 'CURRENT_URL_RESPONSE', requestId: request.requestId, url: 'https://www.linkedin.com/in/a' });
    await expect(answer).resolves.toEqual(classifyLinkedInUrl('https://www.linkedin.com/in/a'));
  });

  test('REQUEST_CURRENT_URL rejects after 2 s with the spec text', async () => {
    const { bridge, posted, received, deliver } = setup();
    bridge.start();
    const answer = bridge.requestCurrentUrl();
    const settled = vi.fn();
    answer.catch(settled);
    vi.advanceTimersByTime(1_999);
    await Promise.resolve();
    expect(settled).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    await expect(answer).rejects.toThrow('Timeout: Extension did not respond within 2 seconds');
    // a late answer changes nothing: no listener hears it, and it settles no later request
    const { requestId } = posted[0].message as { requestId: string };
    const next = bridge.requestCurrentUrl();
    const nextSettled = vi.fn();
    next.then(nextSettled, nextSettled);
    deliver({ type: 'CURRENT_URL_RESPONSE', requestId, url: 'https://www.linkedin.com/in/a' });
    await Promise.resolve();
    expect(received).toEqual([]);
    expect(nextSettled).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2_000);
    await expect(next).rejects.toThrow('Timeout: Extension did not respond within 2 seconds');
  });

  test('without a parent frame nothing is posted and requests time out', async () => {
    const bridge = new ExtensionBridge(fakeWindow().win, null, [EXT]);
    bridge.start();
    const answer = bridge.requestCurrentUrl();
    vi.advanceTimersByTime(2_000);
    await expect(answer).rejects.toThrow('Timeout: Extension did not respond within 2 seconds');
  });
});

describe('configured origins', () => {
  test.each([
    [undefined, []],
    ['', []],
    [EXT, [EXT]],
    [`${EXT}/, ${HARNESS}/harness ${HARNESS}`, [EXT, HARNESS]],
    ['not-an-origin, https://ok.example', ['https://ok.example']],
  ])('%j → %j', (configured, origins) => {
    expect(parseExtensionOrigins(configured)).toEqual(origins);
  });
});

describe('observers (the debug message log, issue 20)', () => {
  test('see every message both ways with whether it was accepted, without changing what the bridge does', () => {
    const { bridge, posted, received, deliver } = setup();
    const seen: { direction: string; type: unknown; origin: string; accepted: boolean }[] = [];
    const stop = bridge.observe(({ direction, data, origin, accepted }) =>
      seen.push({ direction, type: (data as { type?: unknown }).type, origin, accepted }),
    );
    bridge.start();
    deliver({ type: 'EXTENSION_URL_UPDATE', url: 'https://www.linkedin.com/feed', timestamp: 5 });
    deliver({ type: 'EXTENSION_URL_UPDATE', url: 'https://www.linkedin.com/feed', timestamp: 5 }, FOREIGN);
    deliver({ type: 'NOT_A_TYPE' });
    vi.advanceTimersByTime(200); // REQUEST_SCRAPED_DATA goes out
    expect(seen).toEqual([
      { direction: 'in', type: 'EXTENSION_URL_UPDATE', origin: EXT, accepted: true },
      { direction: 'in', type: 'EXTENSION_URL_UPDATE', origin: FOREIGN, accepted: false },
      { direction: 'in', type: 'NOT_A_TYPE', origin: EXT, accepted: false },
      { direction: 'out', type: 'REQUEST_SCRAPED_DATA', origin: EXT, accepted: true },
    ]);
    expect(received).toHaveLength(1);
    expect(posted).toEqual([{ message: { type: 'REQUEST_SCRAPED_DATA' }, origin: EXT }]);
    expect(bridge.extensionOrigin).toBe(EXT);
    stop();
    deliver({ type: 'EXTENSION_URL_UPDATE', url: 'https://www.linkedin.com/feed', timestamp: 6 });
    expect(seen).toHaveLength(4);
    expect(received).toHaveLength(2);
  });

  test('without an extension (not framed) an outgoing message is seen as not sent', () => {
    const bridge = new ExtensionBridge(fakeWindow().win, null, [EXT]);
    const seen: { accepted: boolean; origin: string }[] = [];
    bridge.observe(({ accepted, origin }) => seen.push({ accepted, origin }));
    void bridge.requestCurrentUrl().catch(() => undefined);
    expect(seen).toEqual([{ accepted: false, origin: '(no extension)' }]);
    vi.advanceTimersByTime(2_000);
  });
});
