/**
 * The Stripe sandbox: a stateful stand-in for api.stripe.com with the subset Sidenote's billing
 * functions use — products and prices (seeded plans, seed.ts), customers, payment methods,
 * subscriptions, checkout and billing-portal sessions with their hosted pages, events sent to a
 * webhook endpoint with Stripe's signature — plus a test clock. Checked against the official
 * `stripe` SDK (tests/local/integration/stripe-sandbox-*.test.ts).
 *
 * What must stay true:
 * - code that works against the sandbox works against Stripe: same paths, form-encoded
 *   parameters, shapes of API version `API_VERSION`, ids, `livemode: false`, error bodies and
 *   statuses; a parameter or mode the sandbox does not emulate is a 400, never ignored;
 * - each API request is checked in Stripe's order: key (Bearer or Basic), version, route, params;
 * - state lives in `<dataDir>/stripe.json` (kept between runs; the secret key and webhook secret
 *   too) or in memory; deliveries and idempotency keys live in memory.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { advanceClockTo } from './clock.ts';
import type { Core } from './context.ts';
import { decodeParams } from './form.ts';
import { sandboxHook } from './hooks.ts';
import type { Delivery, EventRecord } from './model.ts';
import { checkoutPage, submitCheckout, type PageAnswer } from './page-checkout.ts';
import { portalPage, submitPortal } from './page-portal.ts';
import { answerApi, type ApiAnswer, Idempotency } from './server-api.ts';
import { seedState } from './seed.ts';
import { StripeStore } from './store.ts';
import { Webhooks } from './webhooks.ts';

/** Stripe's hosted Checkout and portal pages refuse to be framed (Stripe has a separate embedded mode). */
const HOSTED_PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-frame-options': 'DENY',
  'content-security-policy': "frame-ancestors 'none'",
};

export { API_VERSION } from './versions.ts';
export { lookupKey, PLANS, SEED_IDS, yearlyAmount } from './seed.ts';
export { signatureHeader } from './webhooks.ts';

const MAX_BODY_BYTES = 1024 * 1024;

export interface StripeSandboxOptions {
  /** Folder for `stripe.json`; in memory when absent. */
  dataDir?: string;
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Where events are POSTed; none are sent while unset. */
  webhookUrl?: string;
  /** Waits before the 2nd, 3rd… delivery attempts (default 1, 2, 4, 8, 16 s). */
  retryDelaysMs?: number[];
}

export interface StripeSandbox {
  url: string;
  /** `sk_test_…`: the only key the sandbox accepts. */
  secretKey: string;
  /** `whsec_…`: the key of the events' `Stripe-Signature`. */
  webhookSecret: string;
  /** The sandbox's clock (unix seconds). */
  now(): number;
  /** Moves the clock forward by `seconds`, running the renewals, trial ends… due on the way. */
  advanceClock(seconds: number): void;
  setWebhookUrl(url: string | undefined): void;
  /** Every event made, newest first. */
  events(): EventRecord[];
  /** Webhook deliveries so far, oldest first. */
  deliveries(): Delivery[];
  /** Resolves when no delivery is in flight or waiting for a retry. */
  deliveriesSettled(): Promise<void>;
  /** Back to the seed and today's clock (same keys), no deliveries, the webhook URL it started with. */
  reset(): void;
  stop(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.once('error', reject);
  });
}

export async function startStripeSandbox(options: StripeSandboxOptions = {}): Promise<StripeSandbox> {
  const store = StripeStore.open(options.dataDir, seedState);
  const webhooks = new Webhooks(store, options.webhookUrl, options.retryDelaysMs);
  const idempotency = new Idempotency();
  const host = options.host ?? '127.0.0.1';
  const core: Core = { store, webhooks, origin: '' };

  function page(req: IncomingMessage, path: string, text: string): PageAnswer | undefined {
    const checkout = /^\/c\/pay\/(cs_test_[A-Za-z0-9]+)$/.exec(path)?.[1];
    const portal = /^\/p\/session\/(bps_[A-Za-z0-9]+)$/.exec(path)?.[1];
    const post = req.method === 'POST';
    if (checkout) return post ? submitCheckout(core, checkout, decodeParams(text)) : checkoutPage(core, checkout);
    if (portal) return post ? submitPortal(core, portal, decodeParams(text)) : portalPage(core, portal);
    return undefined;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', core.origin);
    const text = await readBody(req);
    const method = req.method ?? 'GET';
    const html = page(req, url.pathname, text);
    if (html) {
      if (html.redirect) res.writeHead(303, { location: html.redirect });
      else res.writeHead(html.status, HOSTED_PAGE_HEADERS);
      res.end(html.html ?? '');
      return;
    }
    const answer: ApiAnswer = answerApi(core, idempotency, {
      method,
      url,
      text,
      headers: req.headers,
      hook: (path) => sandboxHook(core, method, path, text),
    });
    const payload = JSON.stringify(answer.body, null, 2);
    res.writeHead(answer.status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(payload),
      'request-id': answer.requestId,
      'stripe-version': answer.version,
      ...(answer.idempotencyKey ? { 'idempotency-key': answer.idempotencyKey } : {}),
    });
    res.end(payload);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('[stripe-sandbox]', error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred.' } }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  core.origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  return {
    url: core.origin,
    secretKey: store.state.secretKey,
    webhookSecret: store.state.webhookSecret,
    now: () => store.now(),
    advanceClock: (seconds) => advanceClockTo(core, store.now() + seconds),
    setWebhookUrl: (url) => webhooks.setUrl(url),
    events: () => store.events().map((e) => JSON.parse(JSON.stringify(e)) as EventRecord),
    deliveries: () => webhooks.list(),
    deliveriesSettled: () => webhooks.idle(),
    reset: () => {
      webhooks.reset(options.webhookUrl);
      store.reset(seedState);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        webhooks.stop();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
