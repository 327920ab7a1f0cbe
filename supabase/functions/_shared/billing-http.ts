/**
 * The billing functions' common answers (spec 2 §8 "Billing: server error field shown, else
 * 'Failed to …'"): `{error}` JSON with CORS, the texts shared by several functions, where the
 * browser is sent back after Stripe's hosted pages, and how a Stripe failure is told apart.
 *
 * What must stay true:
 * - the browser is only ever sent back to the app: a return URL's origin must be one of
 *   APP_ORIGIN's (else 400 INVALID_RETURN_URL), and the path is ours (/account…), never the
 *   request's — no open redirect through Stripe's pages;
 * - a Stripe error's own text is logged (redacted), never returned: the caller gets the
 *   function's spec text.
 */
import { callerOf } from './auth.ts';
import { allowedOrigins, preflight } from './cors.ts';
import { jsonResponse } from './http.ts';
import { type RateLimit, retryAfterSeconds } from './rate-limit.ts';
import { redactText } from './redact.ts';
import { PayloadTooLarge } from './request-body.ts';

export const INVALID_RETURN_URL = "Invalid return URL: it must be on the app's origin";
export const UNSUPPORTED_CURRENCY = 'Unsupported currency: use usd or eur';
export const METHOD_NOT_ALLOWED = 'Method not allowed';
export const TOO_MANY_BILLING_REQUESTS = 'Too many billing requests. Please retry later.';

/**
 * One budget per user for the billing functions that call Stripe on a user's behalf (every
 * serveBilling function: checkout, customer portal, subscription status, products, customer
 * creation), so one user cannot spend the account's shared Stripe rate limit (issue 32).
 * sync-stripe-subscription keeps its own, stricter limit; the webhook, the cron and the admin's
 * deletion are not a user's calls. An account screen costs 2 calls, a checkout 1.
 */
export const STRIPE_CALLS_PER_USER: RateLimit = { bucket: 'stripe-billing', limit: 30, windowSeconds: 60 };

export function failure(
  req: Request,
  status: number,
  error: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Response {
  return jsonResponse(req, status, { ...extra, error }, headers);
}

/** A thrown stripe-node error (StripeInvalidRequestError, StripeAuthenticationError, …, StripeConnectionError). */
export function isStripeError(error: unknown): error is Error & { type: string; statusCode?: number; code?: string } {
  const type: unknown = error instanceof Error ? (error as unknown as { type?: unknown }).type : undefined;
  return typeof type === 'string' && type.startsWith('Stripe');
}

/** Logs a failure of `what` without secrets. */
export function logFailure(what: string, error: unknown): void {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  console.error(`${what}: ${redactText(text)}`);
}

/**
 * The app origin to send the browser back to: the origin of the URL the request names (the
 * spec's successUrl / returnUrl), else the request's Origin header, else SITE_URL. Null when
 * that origin is not the app's (or the URL does not parse).
 */
export function appReturnOrigin(req: Request, named: string | undefined): string | null {
  const candidate = named ?? req.headers.get('origin') ?? Deno.env.get('SITE_URL') ?? '';
  let origin: string;
  try {
    origin = new URL(candidate).origin;
  } catch {
    return null;
  }
  return allowedOrigins().includes(origin) ? origin : null;
}

/**
 * Serves a billing function: the CORS preflight, its methods (POST unless told; else 405), the
 * signed-in caller's Stripe budget (STRIPE_CALLS_PER_USER, else 429 with Retry-After; a caller
 * without a session is left to the function's own 401), a body over its cap (413), and a thrown
 * failure logged without secrets and answered with the function's own text — 502 when Stripe
 * failed, 500 otherwise. `extra` joins every failure body (a function's empty answer).
 */
export function serveBilling(
  name: string,
  handle: (req: Request) => Promise<Response>,
  {
    failed,
    methods = ['POST'],
    extra = {},
    corsHeaders = [],
  }: { failed: string; methods?: string[]; extra?: Record<string, unknown>; corsHeaders?: string[] },
): void {
  Deno.serve(async (req) => {
    if (req.method === 'OPTIONS') return preflight(req, corsHeaders);
    if (!methods.includes(req.method)) return failure(req, 405, METHOD_NOT_ALLOWED, extra);
    try {
      const caller = await callerOf(req);
      const wait = caller.ok ? await retryAfterSeconds(caller.user.id, STRIPE_CALLS_PER_USER) : 0;
      if (wait > 0) {
        return failure(req, 429, TOO_MANY_BILLING_REQUESTS, extra, {
          'retry-after': String(wait),
          'access-control-expose-headers': 'retry-after',
        });
      }
      return await handle(req);
    } catch (error) {
      if (error instanceof PayloadTooLarge) return failure(req, 413, error.message, extra);
      logFailure(`${name} failed`, error);
      return failure(req, isStripeError(error) ? 502 : 500, failed, extra);
    }
  });
}
