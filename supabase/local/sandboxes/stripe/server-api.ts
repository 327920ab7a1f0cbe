/**
 * One API request, answered as Stripe answers it: the secret key (Bearer, or Basic with the key
 * as user name, as `curl -u sk_test_…:` sends it), the `Stripe-Version` header, the route, then
 * the handler; the state is saved when it changed. POSTs with an `Idempotency-Key` are answered
 * once and replayed for the same key and parameters (another request with that key is
 * Stripe's `idempotency_error`), kept in memory for the sandbox's lifetime.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Core } from './context.ts';
import { idempotencyMismatch, internalError, invalidApiKey, noApiKey, StripeError, unrecognizedUrl } from './errors.ts';
import { decodeParams } from './form.ts';
import { route } from './routes.ts';
import { API_VERSION, checkVersion } from './versions.ts';

const IDEMPOTENCY_KEYS_KEPT = 5_000;

export interface ApiAnswer {
  status: number;
  body: unknown;
  requestId: string;
  version: string;
  idempotencyKey?: string;
}

/** A request id like Stripe's (`req_…`). */
const newRequestId = () => `req_${randomBytes(10).toString('hex').slice(0, 14)}`;

export class Idempotency {
  private readonly answers = new Map<string, { request: string; status: number; body: unknown }>();

  recall(key: string, request: string): { status: number; body: unknown } | undefined {
    const saved = this.answers.get(key);
    if (saved && saved.request !== request) throw idempotencyMismatch(key);
    return saved;
  }

  remember(key: string, request: string, status: number, body: unknown): void {
    if (this.answers.size >= IDEMPOTENCY_KEYS_KEPT) this.answers.delete(this.answers.keys().next().value!);
    this.answers.set(key, { request, status, body });
  }
}

function apiKey(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const bearer = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  if (bearer) return bearer;
  const basic = /^Basic\s+(\S+)$/i.exec(header)?.[1];
  return basic ? Buffer.from(basic, 'base64').toString('utf8').split(':')[0] : header;
}

export interface ApiRequest {
  method: string;
  url: URL;
  text: string;
  headers: IncomingHttpHeaders;
  /** Answers a `/_sandbox/…` path. */
  hook: (path: string) => { body: unknown };
}

function run(core: Core, request: ApiRequest): { status: number; body: unknown } {
  const { method, url } = request;
  const key = apiKey(request.headers.authorization);
  if (!key) throw noApiKey();
  if (key !== core.store.state.secretKey) throw invalidApiKey(key);
  checkVersion(request.headers['stripe-version'] as string | undefined);
  if (url.pathname.startsWith('/_sandbox/')) return { status: 200, body: request.hook(url.pathname).body };
  const found = route(method, url.pathname);
  if (!found) throw unrecognizedUrl(method, url.pathname);
  const input = decodeParams(method === 'POST' ? request.text : url.search.slice(1));
  const result = found.handler({ ...core, params: found.params, input });
  if (result.changed) core.store.save();
  return { status: 200, body: result.body };
}

export function answerApi(core: Core, idempotency: Idempotency, request: ApiRequest): ApiAnswer {
  const requestId = newRequestId();
  const version = (request.headers['stripe-version'] as string | undefined) ?? API_VERSION;
  const idempotencyKey =
    request.method === 'POST' ? (request.headers['idempotency-key'] as string | undefined) : undefined;
  const fingerprint = `${request.method} ${request.url.pathname} ${request.text}`;
  try {
    const replay = idempotencyKey ? idempotency.recall(idempotencyKey, fingerprint) : undefined;
    if (replay) return { ...replay, requestId, version, idempotencyKey };
    const answer = run(core, request);
    if (idempotencyKey) idempotency.remember(idempotencyKey, fingerprint, answer.status, answer.body);
    return { ...answer, requestId, version, idempotencyKey };
  } catch (error) {
    const stripeError = error instanceof StripeError ? error : internalError();
    if (!(error instanceof StripeError)) console.error('[stripe-sandbox]', error);
    const body = stripeError.body(requestId);
    // Stripe replays errors too, except 5xx (the request may be retried with the same key).
    if (
      idempotencyKey &&
      stripeError.status < 500 &&
      stripeError.status !== 401 &&
      stripeError.type !== 'idempotency_error'
    ) {
      idempotency.remember(idempotencyKey, fingerprint, stripeError.status, body);
    }
    return { status: stripeError.status, body, requestId, version, idempotencyKey };
  }
}
