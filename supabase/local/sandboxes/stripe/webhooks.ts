/**
 * Events and their delivery. Every change the billing functions care about becomes an event
 * (`evt_…`, kept in the state and listed by `GET /v1/events`); when a webhook endpoint is set, the
 * event is POSTed to it as Stripe does: the JSON body, `Stripe-Signature: t=<unix>,v1=<hex>` where
 * v1 is HMAC-SHA256 of `<t>.<body>` keyed by the `whsec_…` secret, and a retry with backoff until
 * a 2xx (or until the retries run out; Stripe spreads them over 3 days, the sandbox over seconds).
 *
 * What must stay true:
 * - `t` is the wall-clock time of the attempt (the receiver checks it against its own clock),
 *   while `event.created` is the sandbox's clock, which the test clock moves;
 * - first attempts leave in the order the events were made; retries are independent;
 * - deliveries live in memory: a restart does not resend old events.
 */
import { createHmac } from 'node:crypto';
import { plain } from './expand.ts';
import { newId } from './ids.ts';
import type { Delivery, EventRecord, StripeObject } from './model.ts';
import type { StripeStore } from './store.ts';
import { API_VERSION } from './versions.ts';

/** The waits before the 2nd, 3rd, … attempts. */
export const DEFAULT_RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 16_000];
const ATTEMPT_TIMEOUT_MS = 10_000;

export function signatureHeader(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export class Webhooks {
  private readonly deliveries: Delivery[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private queue: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly store: StripeStore,
    private url: string | undefined,
    private retryDelaysMs: readonly number[] = DEFAULT_RETRY_DELAYS_MS,
  ) {}

  setUrl(url: string | undefined): void {
    this.url = url;
  }

  get endpoint(): string | undefined {
    return this.url;
  }

  setRetryDelays(delays: readonly number[]): void {
    this.retryDelaysMs = delays;
  }

  /** Makes an event (saved with the next `store.save()`) and queues its delivery. */
  emit(type: string, object: StripeObject, previousAttributes?: Record<string, unknown>): EventRecord {
    const event: EventRecord = {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: this.store.now(),
      data: { object: plain(object), ...(previousAttributes ? { previous_attributes: previousAttributes } : {}) },
      livemode: false,
      pending_webhooks: this.url ? 1 : 0,
      request: { id: null, idempotency_key: null },
      type,
    };
    this.store.add('events', event);
    if (this.url && !this.stopped) {
      const delivery: Delivery = {
        eventId: event.id,
        type,
        url: this.url,
        attempts: 0,
        delivered: false,
        failed: false,
      };
      this.deliveries.push(delivery);
      const payload = JSON.stringify(event, null, 2);
      this.queue = this.queue.then(() => this.attempt(delivery, payload));
      this.track(this.queue);
    }
    return event;
  }

  /** Deliveries so far, oldest first (copies). */
  list(): Delivery[] {
    return this.deliveries.map((d) => ({ ...d }));
  }

  /** Resolves when no delivery is in flight or waiting for a retry. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0 || this.timers.size > 0) {
      await Promise.all([...this.inFlight]);
      if (this.timers.size > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Forgets the deliveries and their retries, and sends to `url` from now on. */
  reset(url: string | undefined): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.deliveries.length = 0;
    this.url = url;
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private track(promise: Promise<void>): void {
    this.inFlight.add(promise);
    void promise.finally(() => this.inFlight.delete(promise));
  }

  private async attempt(delivery: Delivery, payload: string): Promise<void> {
    if (this.stopped) return;
    delivery.attempts += 1;
    const timestamp = Math.floor(Date.now() / 1000);
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signatureHeader(payload, this.store.state.webhookSecret, timestamp),
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
        signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      });
      await response.arrayBuffer().catch(() => undefined);
      delivery.lastStatus = response.status;
      delivery.delivered = response.ok;
    } catch {
      delivery.lastStatus = 0;
    }
    if (delivery.delivered || this.stopped) return;
    const wait = this.retryDelaysMs[delivery.attempts - 1];
    if (wait === undefined) {
      delivery.failed = true;
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.track(this.attempt(delivery, payload));
    }, wait);
    this.timers.add(timer);
  }
}
