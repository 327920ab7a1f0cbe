/**
 * The sandbox-only test hooks, under `/_sandbox/` (never a Stripe path), authenticated with the
 * secret key like the API, JSON in and out:
 * - `GET /_sandbox/clock` → `{now}`; `POST /_sandbox/clock/advance` `{seconds}` or `{to}` (unix
 *   seconds) runs renewals, trial ends, retries and cancellations up to then → `{now}`;
 * - `GET /_sandbox/webhook` / `PUT /_sandbox/webhook` `{url}` (null to stop sending);
 * - `GET /_sandbox/deliveries` → the webhook deliveries so far (`eventId`, `type`, `attempts`,
 *   `lastStatus`, `delivered`, `failed`), oldest first.
 */
import { z } from 'zod';
import { advanceClockTo } from './clock.ts';
import type { Core } from './context.ts';
import { invalidParameter, unrecognizedUrl } from './errors.ts';

const advanceSchema = z.union([
  z.strictObject({ seconds: z.number().int().nonnegative() }),
  z.strictObject({ to: z.number().int() }),
]);
const webhookSchema = z.strictObject({ url: z.url().nullable() });

function json(text: string): unknown {
  try {
    return text.trim() ? JSON.parse(text) : {};
  } catch {
    throw invalidParameter('body', 'Invalid JSON body.');
  }
}

export function sandboxHook(core: Core, method: string, path: string, text: string): { body: unknown } {
  const { store, webhooks } = core;
  if (method === 'GET' && path === '/_sandbox/clock') return { body: { now: store.now() } };
  if (method === 'POST' && path === '/_sandbox/clock/advance') {
    const parsed = advanceSchema.safeParse(json(text));
    if (!parsed.success) throw invalidParameter('seconds', 'Send {"seconds": n} or {"to": unix seconds}.');
    advanceClockTo(core, 'seconds' in parsed.data ? store.now() + parsed.data.seconds : parsed.data.to);
    return { body: { now: store.now() } };
  }
  if (method === 'GET' && path === '/_sandbox/webhook') return { body: { url: webhooks.endpoint ?? null } };
  if (method === 'PUT' && path === '/_sandbox/webhook') {
    const parsed = webhookSchema.safeParse(json(text));
    if (!parsed.success) throw invalidParameter('url', 'Send {"url": "http://…"} or {"url": null}.');
    webhooks.setUrl(parsed.data.url ?? undefined);
    return { body: { url: webhooks.endpoint ?? null } };
  }
  if (method === 'GET' && path === '/_sandbox/deliveries') return { body: webhooks.list() };
  throw unrecognizedUrl(method, path);
}
