/**
 * The extension bridge: the only code that touches `postMessage` (ARCHITECTURE §3). The app
 * runs framed in the extension's side panel; the extension posts navigation and scraped data
 * to the app's window, and answers REQUEST_CURRENT_URL.
 *
 * What must stay true:
 * - a message is handled only if its sender's origin is one of the configured extension
 *   origins AND it parses with the zod schemas of `messages.ts`; anything else is ignored;
 * - outgoing messages go to the parent window, addressed to each configured origin (a
 *   postMessage to a non-matching target origin is dropped by the browser, so nothing leaks);
 * - REQUEST_CURRENT_URL settles exactly once: the matching CURRENT_URL_RESPONSE, or after
 *   2 s a rejection with 'Timeout: Extension did not respond within 2 seconds';
 * - REQUEST_SCRAPED_DATA is sent once, ~100 ms after `start()`;
 * - URLs arrive classified (`LinkedInUrl`, see `messages.ts`): listeners never parse them.
 */
import type { LinkedInUrl } from '../../domain/linkedin/profileUrl.ts';
import {
  CURRENT_URL_TIMEOUT_MS,
  EXTENSION_TIMEOUT_MESSAGE,
  incomingMessage,
  SCRAPED_DATA_REQUEST_DELAY_MS,
  type IncomingMessage,
  type OutgoingMessage,
} from './messages.ts';

/** The parts of `window` the bridge uses (so tests can hand it a fake). */
export interface BridgeWindow {
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}
export interface BridgeParent {
  postMessage(message: unknown, targetOrigin: string): void;
}

export type BridgeListener = (message: IncomingMessage) => void;

export class ExtensionTimeoutError extends Error {
  constructor() {
    super(EXTENSION_TIMEOUT_MESSAGE);
    this.name = 'ExtensionTimeoutError';
  }
}

export class ExtensionBridge {
  private readonly listeners = new Set<BridgeListener>();
  private readonly pending = new Map<string, (url: LinkedInUrl | null) => void>();
  private scrapedTimer: ReturnType<typeof setTimeout> | undefined;
  private counter = 0;
  private started = false;

  constructor(
    private readonly win: BridgeWindow,
    private readonly parent: BridgeParent | null,
    private readonly allowedOrigins: readonly string[],
  ) {}

  /** Listens for messages and schedules REQUEST_SCRAPED_DATA. Idempotent. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.win.addEventListener('message', this.onMessage);
    this.scrapedTimer = setTimeout(() => this.send({ type: 'REQUEST_SCRAPED_DATA' }), SCRAPED_DATA_REQUEST_DELAY_MS);
  }

  stop(): void {
    if (!this.started) return;
    this.started = false;
    this.win.removeEventListener('message', this.onMessage);
    clearTimeout(this.scrapedTimer);
  }

  /** Subscribes to checked incoming messages; returns the unsubscribe function. */
  subscribe(listener: BridgeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Asks the extension for the current tab URL, classified (null when it has none). */
  requestCurrentUrl(): Promise<LinkedInUrl | null> {
    this.counter += 1;
    const requestId = `${Date.now().toString(36)}-${this.counter}`;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(requestId);
        reject(new ExtensionTimeoutError());
      }, CURRENT_URL_TIMEOUT_MS);
      this.pending.set(requestId, (url) => {
        clearTimeout(timer);
        this.pending.delete(requestId);
        resolve(url);
      });
      this.send({ type: 'REQUEST_CURRENT_URL', requestId });
    });
  }

  private send(message: OutgoingMessage): void {
    if (!this.parent) return;
    for (const origin of this.allowedOrigins) this.parent.postMessage(message, origin);
  }

  private readonly onMessage = (event: MessageEvent): void => {
    if (!this.allowedOrigins.includes(event.origin)) return;
    const parsed = incomingMessage.safeParse(event.data);
    if (!parsed.success) return;
    const message = parsed.data;
    if (message.type === 'CURRENT_URL_RESPONSE') {
      this.pending.get(message.requestId)?.(message.url);
      return;
    }
    for (const listener of this.listeners) listener(message);
  };
}
