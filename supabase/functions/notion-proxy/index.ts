/**
 * notion-proxy: the app's same-origin Notion API, `/api/notion/v1/*` (Vite's dev proxy
 * locally, a hosting rewrite in production) → `/functions/v1/notion-proxy/*` → Notion.
 *
 * The browser cannot call api.notion.com itself (no CORS), and the Notion key never reaches
 * the browser: the app (and the service worker) call the proxy with
 * - `Authorization: Bearer <Supabase access token>`: only signed-in Sidenote users may use
 *   the proxy (`callerOf`, checked with the auth server);
 * - `x-sidenote-workspace: <workspace uuid>`: the saved workspace whose key to use. The proxy
 *   loads the key server-side, only for a caller linked to that workspace (access.ts), and
 *   sends it on as `Authorization: Bearer` to NOTION_API_URL (default https://api.notion.com).
 * The one exception is the wizard's validation of a typed key before its workspace exists:
 * `GET /users/me` with `x-notion-key: <integration key>` instead of the workspace header. A raw
 * key on any other call is refused.
 *
 * Answers, in the order checked (refusals carry `x-sidenote-proxy: refused`,
 * ../_shared/notion-proxy-refusal.ts):
 * - 400 invalid_request_url: not a call of allow-list.ts;
 * - 401 unauthorized: no valid Supabase session;
 * - 400 invalid_request: another Notion-Version, no credential, both, or a raw key off users/me;
 * - 413 validation_error: a body over Notion's 500 KB payload limit (read no further);
 * - 400 validation_error: a file upload other than an import of a LinkedIn media URL
 *   (file-uploads.ts);
 * - 402 subscription_inactive "You don't have an active subscription.": the caller's team is
 *   missing or inactive (../_shared/subscription-gate.ts), on every call;
 * - 403 restricted_resource: the workspace is not one the caller is linked to (or does not
 *   exist — the same answer);
 * - 403 notion_quota_exceeded "Quota exceeded. You have reached your limit of N Notion page
 *   views." with `quota` and `used`: a page view (`GET /pages/{id}` naming its view in
 *   x-sidenote-page-view) over the team's monthly Notion quota; each view is counted here, once
 *   (page-views.ts says which calls count); a malformed or misplaced view id is a 400;
 * - 429 rate_limited + Retry-After: the key's queue is longer than pacing.ts allows (the queue
 *   of every instance, shared-budget.ts);
 * - otherwise Notion's own status, JSON body and Retry-After, unchanged.
 *
 * What must stay true:
 * - only the method + path pairs of allow-list.ts are forwarded, to NOTION_API_URL only,
 *   with `Notion-Version: 2026-03-11`; anything else is refused before any upstream call;
 * - no key is used before the caller and their subscription are checked;
 * - no page view reaches Notion uncounted or over the quota (page-views.ts);
 * - each key is paced to Notion's rate by its digest, across every instance (shared-budget.ts;
 *   when the database does not answer in time, by this instance's pacer, pacing.ts);
 * - the key is never logged, never echoed in a response, and redacted from error texts.
 * Refusals use Notion's error body shape (`{object: "error", status, code, message}`) so the
 * app handles them like Notion's own errors.
 */
import { callerOf } from '../_shared/auth.ts';
import { serviceClient } from '../_shared/clients.ts';
import { corsHeaders, preflight } from '../_shared/cors.ts';
import { accessFor, KEY_HEADER, WORKSPACE_HEADER } from './access.ts';
import { allowedCall } from './allow-list.ts';
import { fileUploadBodyRefusal } from './file-uploads.ts';
import { keyDigest, KeyPacer } from './pacing.ts';
import { holdSharedBudget, type Rpc, SHARED_BUDGET_OFF, type Slot, takeSharedSlot } from './shared-budget.ts';
import { countPageView, pageViewOf } from './page-views.ts';
import { PAGE_VIEW_HEADER } from '../_shared/notion-page-view.ts';
import { PROXY_REFUSAL, PROXY_REFUSAL_HEADER } from '../_shared/notion-proxy-refusal.ts';
import { PayloadTooLarge, readBodyText } from '../_shared/request-body.ts';

/** Today's Notion API (data sources, `in_trash`); the spec's 2022-06-28 is left on purpose. */
const NOTION_VERSION = '2026-03-11';
const DEFAULT_NOTION_API_URL = 'https://api.notion.com';
const FUNCTION_PREFIX = /^\/notion-proxy(?=\/|$)/;
const UPSTREAM_TIMEOUT_MS = 30_000;
/** Notion's own limit of a request's payload (500 KB); a larger write is refused here, unread. */
const NOTION_PAYLOAD_MAX_BYTES = 500 * 1024;
const EXTRA_CORS_HEADERS = [WORKSPACE_HEADER, KEY_HEADER, PAGE_VIEW_HEADER, 'notion-version'];

const pacer = new KeyPacer();
/** The key budget shared by every instance (shared-budget.ts), unless NOTION_SHARED_BUDGET=off. */
const budget = {
  on: Deno.env.get('NOTION_SHARED_BUDGET')?.trim().toLowerCase() !== SHARED_BUDGET_OFF,
  rpc: ((name, args, signal) => serviceClient().rpc(name, args).abortSignal(signal)) satisfies Rpc,
};

function notionApiUrl(): string {
  return (Deno.env.get('NOTION_API_URL') || DEFAULT_NOTION_API_URL).replace(/\/+$/, '');
}

function refuse(
  req: Request,
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
  extra: Record<string, unknown> = {},
) {
  return new Response(JSON.stringify({ object: 'error', status, code, message, ...extra }), {
    status,
    headers: {
      ...corsHeaders(req, EXTRA_CORS_HEADERS),
      'content-type': 'application/json; charset=utf-8',
      [PROXY_REFUSAL_HEADER]: PROXY_REFUSAL,
      ...headers,
    },
  });
}

const redact = (text: string, key: string) => (key ? text.split(key).join('[redacted]') : text);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The key's next start: the shared budget's, or this instance's when that is off or does not answer. */
async function slotFor(digest: string): Promise<Slot> {
  const shared = budget.on ? await takeSharedSlot(digest, budget) : 'unavailable';
  return shared === 'unavailable' ? pacer.reserve(digest) : shared;
}

async function proxy(req: Request): Promise<Response> {
  const url = new URL(req.url);
  const path = url.pathname.replace(FUNCTION_PREFIX, '');
  const upstreamPath = allowedCall(req.method, path, url.searchParams);
  if (!upstreamPath) {
    return refuse(req, 400, 'invalid_request_url', `${req.method} ${path || '/'} is not a Notion call Sidenote makes.`);
  }
  const caller = await callerOf(req);
  if (!caller.ok) return refuse(req, 401, 'unauthorized', 'Sign in to Sidenote to use Notion.');
  const version = req.headers.get('notion-version');
  if (version !== null && version !== NOTION_VERSION) {
    return refuse(req, 400, 'invalid_request', `Sidenote speaks Notion-Version ${NOTION_VERSION} only.`);
  }
  let body: string | undefined;
  try {
    body = req.method === 'GET' ? undefined : await readBodyText(req, NOTION_PAYLOAD_MAX_BYTES);
  } catch (error) {
    if (error instanceof PayloadTooLarge) return refuse(req, 413, 'validation_error', error.message);
    throw error;
  }
  const badUpload = fileUploadBodyRefusal(req.method, upstreamPath, body);
  if (badUpload) return refuse(req, 400, 'validation_error', badUpload);
  const view = pageViewOf(req, req.method, upstreamPath);
  if (!view.ok) return refuse(req, view.refusal.status, view.refusal.code, view.refusal.message);
  const access = await accessFor(req, `${req.method} ${path}`, caller.user.id);
  if (!access.ok) return refuse(req, access.refusal.status, access.refusal.code, access.refusal.message);
  const key = access.key;
  if (view.viewId) {
    const counted = await countPageView(caller.user.id, view.viewId);
    if (!counted.ok) {
      const { status, code, message } = counted.refusal;
      return refuse(req, status, code, message, {}, { quota: counted.quota, used: counted.used });
    }
  }

  const digest = await keyDigest(key);
  const slot = await slotFor(digest);
  if ('retryAfterSeconds' in slot) {
    return refuse(req, 429, 'rate_limited', 'Too many Notion requests for this key. Please retry later.', {
      'retry-after': String(slot.retryAfterSeconds),
    });
  }
  if (slot.waitMs > 0) await sleep(slot.waitMs);
  // A timer that fired late must not send together with the ones due after it (this instance's
  // sends are a part of the shared schedule, so on time this agrees with it), nor send while
  // Notion's Retry-After this instance saw still runs.
  for (let wait = pacer.admit(digest); wait > 0; wait = pacer.admit(digest)) await sleep(wait);

  const started = Date.now();
  let upstream: Response;
  try {
    upstream = await fetch(`${notionApiUrl()}/v1${upstreamPath}`, {
      method: req.method,
      headers: {
        authorization: `Bearer ${key}`,
        'notion-version': NOTION_VERSION,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body || undefined,
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
      redirect: 'manual',
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    console.error(
      `${req.method} ${redact(path, key)} failed: ${redact(error instanceof Error ? error.message : String(error), key)}`,
    );
    return timedOut
      ? refuse(req, 504, 'gateway_timeout', 'Notion did not answer in time.')
      : refuse(req, 502, 'service_unavailable', 'Could not reach Notion.');
  }

  const text = redact(await upstream.text(), key);
  const retryAfter = upstream.headers.get('retry-after');
  if (upstream.status === 429 && retryAfter && /^\d+$/.test(retryAfter)) {
    pacer.backOff(digest, Number(retryAfter));
    if (budget.on) await holdSharedBudget(digest, Number(retryAfter), budget);
  }
  console.log(
    `${req.method} ${redact(path, key)} → ${upstream.status} (${Date.now() - started} ms, queued ${slot.waitMs} ms)`,
  );
  const headers: Record<string, string> = {
    ...corsHeaders(req, EXTRA_CORS_HEADERS),
    'content-type': upstream.headers.get('content-type') ?? 'application/json; charset=utf-8',
  };
  if (retryAfter) headers['retry-after'] = retryAfter;
  return new Response(text, { status: upstream.status, headers });
}

Deno.serve(async (req) => {
  if (req.method === 'OPTIONS') return preflight(req, EXTRA_CORS_HEADERS);
  const key = req.headers.get(KEY_HEADER) ?? '';
  try {
    return await proxy(req);
  } catch (error) {
    console.error(`notion-proxy failed: ${redact(error instanceof Error ? error.message : String(error), key)}`);
    return refuse(req, 500, 'internal_server_error', 'The Notion proxy failed. Please try again.');
  }
});
