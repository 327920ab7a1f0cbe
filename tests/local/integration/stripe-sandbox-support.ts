/**
 * Helpers for the Stripe sandbox suites: a sandbox per file, the official `stripe` SDK pointed at
 * it (as the functions will configure it: host, port, protocol), a webhook receiver that records
 * the raw bodies and signatures it gets, and a browser-like client for the hosted pages.
 */
import { createServer, type Server } from 'node:http';
import Stripe from 'stripe';
import { expect } from 'vitest';
import {
  API_VERSION,
  SEED_IDS,
  startStripeSandbox,
  type StripeSandboxOptions,
} from '../../../supabase/local/sandboxes/stripe/index.ts';

export { API_VERSION, SEED_IDS };

export const startSandbox = (options: StripeSandboxOptions = {}) =>
  startStripeSandbox({ retryDelaysMs: [50, 100], ...options });

export function stripeClient(url: string, key: string): Stripe {
  const { hostname, port } = new URL(url);
  return new Stripe(key, {
    host: hostname,
    port: Number(port),
    protocol: 'http',
    apiVersion: API_VERSION,
    maxNetworkRetries: 0,
  });
}

/** What a call rejects with (the test fails when it resolves). */
export async function rejection(call: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'expected the call to fail').toBeInstanceOf(Stripe.errors.StripeError);
  return error as Stripe.errors.StripeError;
}

export interface Received {
  body: string;
  signature: string;
}

/** A webhook endpoint; `failFirst` answers 500 to that many requests first. */
export async function startReceiver(failFirst = 0) {
  const received: Received[] = [];
  let failuresLeft = failFirst;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        res.writeHead(500).end('boom');
        return;
      }
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: String(req.headers['stripe-signature']),
      });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}/webhook`,
    received,
    /** The event types received so far, in order. */
    types: () => received.map((r) => (JSON.parse(r.body) as { type: string }).type),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The hosted page's form posted as a browser would; the answer is not followed. */
export async function submitForm(url: string, fields: Record<string, string>) {
  const response = await fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
  const html = await response.text();
  const error = /class="error"[^>]*>([^<]*)</.exec(html)?.[1]?.replace(/&#39;/g, "'");
  return { status: response.status, location: response.headers.get('location'), html, error };
}

export const card = (number: string) => ({ cardNumber: number, cardExpiry: '12 / 34', cardCvc: '123' });

/** A price id by its lookup key (`pro_monthly_usd`…). */
export const price = (key: string) => SEED_IDS.price(key);
