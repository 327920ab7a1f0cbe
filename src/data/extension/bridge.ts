/**
 * The extension bridge: the only code that touches `postMessage` (ARCHITECTURE §3). The app
 * runs framed in the extension's side panel; the extension posts navigation and scraped data
 * to the app's window, and answers REQUEST_CURRENT_URL.
 *
 * What must stay true:
 * - a message is handled only if it comes from the parent window (the frame that holds the
 *   app), from a configured extension origin — the framing origin once it is known — AND it
 *   parses with the zod schemas of `messages.ts`; anything else is ignored;
 * - outgoing messages go to the parent window addressed to one origin: the framing origin
 *   (given by the browser at start if it is a configured one, or else learnt from the parent's
 *   first accepted message). Until it is known they wait, in order; nothing is ever posted to
 *   an origin the parent may not have (the browser would warn and drop it);
 * - REQUEST_CURRENT_URL settles exactly once: the matching CURRENT_URL_RESPONSE, or after
 *   2 s a rejection with 'Timeout: Extension did not respond within 2 seconds';
 * - REQUEST_SCRAPED_DATA is sent once, ~100 ms after `start()`;
 * - URLs arrive classified (`LinkedInUrl`, see `messages.ts`): listeners never parse them;
 * - observers (the debug message log, issue 20) see every message both ways and whether it
 *   was accepted; they cannot change what the bridge does.
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

/** The parts of a message event the bridge reads. */
export type BridgeMessageEvent = Pick<MessageEvent, 'data' | 'origin' | 'source'>;

/** The parts of `window` the bridge uses (so tests can hand it a fake). */
export interface BridgeWindow {
  addEventListener(type: 'message', listener: (event: BridgeMessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: BridgeMessageEvent) => void): void;
}
export interface BridgeParent {
  postMessage(message: unknown, targetOrigin: string): void;
}

export type BridgeListener = (message: IncomingMessage) => void;

/** One message seen by the bridge: `accepted` is false for an ignored incoming one or an unsent outgoing one. */
export interface BridgeTraffic {
  direction: 'in' | 'out';
  data: unknown;
  origin: string;
  accepted: boolean;
}
export type BridgeObserver = (traffic: BridgeTraffic) => void;

export class ExtensionTimeoutError extends Error {
  constructor() {
    super(EXTENSION_TIMEOUT_MESSAGE);
    this.name = 'ExtensionTimeoutError';
  }
}

export class ExtensionBridge {
  private readonly listeners = new Set<BridgeListener>();
  private readonly observers = new Set<BridgeObserver>();
  private readonly pending = new Map<string, (url: LinkedInUrl | null) => void>();
  private scrapedTimer: ReturnType<typeof setTimeout> | undefined;
  private counter = 0;
  private started = false;
  /** The parent's origin once known and allowed; until then outgoing messages wait. */
  private parentOrigin: string | null;
  private readonly waiting: OutgoingMessage[] = [];

  /** `framingOrigin`: the parent's origin as the browser reports it (used if allowed). */
  constructor(
    private readonly win: BridgeWindow,
    private readonly parent: BridgeParent | null,
    private readonly allowedOrigins: readonly string[],
    framingOrigin: string | null = null,
  ) {
    this.parentOrigin = framingOrigin !== null && allowedOrigins.includes(framingOrigin) ? framingOrigin : null;
  }

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

  /** Observes every message in and out (the debug message log); returns the unobserve function. */
  observe(observer: BridgeObserver): () => void {
    this.observers.add(observer);
    return () => this.observers.delete(observer);
  }

  /** The origin outgoing messages go to, once known (the debug panels show it). */
  get extensionOrigin(): string | null {
    return this.parentOrigin;
  }

  private tell(traffic: BridgeTraffic): void {
    for (const observer of this.observers) observer(traffic);
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
    if (!this.parent) return this.tell({ direction: 'out', data: message, origin: '(no extension)', accepted: false });
    if (this.parentOrigin === null) this.waiting.push(message);
    else {
      this.parent.postMessage(message, this.parentOrigin);
      this.tell({ direction: 'out', data: message, origin: this.parentOrigin, accepted: true });
    }
  }

  private readonly onMessage = (event: BridgeMessageEvent): void => {
    const accepted = this.accept(event);
    this.tell({ direction: 'in', data: event.data, origin: event.origin, accepted });
  };

  /** Handles one incoming message; false when it was ignored. */
  private accept(event: BridgeMessageEvent): boolean {
    if (!this.parent || (event.source as unknown) !== this.parent) return false;
    if (!this.allowedOrigins.includes(event.origin)) return false;
    if (this.parentOrigin !== null && event.origin !== this.parentOrigin) return false;
    const parsed = incomingMessage.safeParse(event.data);
    if (!parsed.success) return false;
    if (this.parentOrigin === null) {
      this.parentOrigin = event.origin;
      for (const waiting of this.waiting.splice(0)) this.send(waiting);
    }
    const message = parsed.data;
    if (message.type === 'CURRENT_URL_RESPONSE') {
      this.pending.get(message.requestId)?.(message.url);
      return true;
    }
    for (const listener of this.listeners) listener(message);
    return true;
  }
}
