/**
 * The HTTP front of the local stack: Supabase's URL layout on one port, as Kong serves it on
 * the hosted platform. It reads bodies up to a per-service limit, checks the `apikey` where
 * Kong would, adds CORS for the browser app, and hands a `GatewayRequest` to the service.
 *
 * What must stay true: a service never sees a body over its limit; an exception inside a
 * service becomes a 500 without leaking request headers (keys, tokens) to the log; a client
 * that cuts its body off or resets its socket costs that one connection, never the stack (no
 * error escapes the request handler).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { json, type GatewayRequest, type GatewayResponse, type Service } from './http.ts';

export interface Route {
  prefix: string;
  service: Service;
  maxBodyBytes: number;
  /** Whether Kong's key-auth applies; `isPublic` exempts some paths (e-mail verify links). */
  requiresApiKey: boolean;
  isPublic?: (path: string, method: string) => boolean;
  /** Whether the gateway answers CORS itself (functions answer their own). */
  gatewayCors: boolean;
}

const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers':
    'authorization, x-client-info, apikey, content-type, prefer, accept, accept-profile, content-profile, range, x-upsert, x-supabase-api-version, cache-control, x-retry-count',
  'access-control-expose-headers': 'content-range, content-location, x-supabase-api-version, retry-after',
  'access-control-max-age': '3600',
};

class BodyTooLarge extends Error {}

async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) throw new BodyTooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new BodyTooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function send(res: ServerResponse, response: GatewayResponse, extraHeaders: Record<string, string>): void {
  res.writeHead(response.status, { ...extraHeaders, ...response.headers });
  res.end(response.body ?? '');
}

/**
 * Whether the error is the client going away mid-request: its body cut off (`complete` is
 * false only then — the gateway reads every body before a service runs) or its socket gone.
 * (`req.destroyed` is no test: Node sets it once the body has been read.)
 */
function clientGone(req: IncomingMessage, error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return !req.complete || req.socket.destroyed || code === 'ECONNRESET' || code === 'ECONNABORTED';
}

/** Ends a request the handler could not finish: nothing to say to a client that left, else a 500. */
function abandon(req: IncomingMessage, res: ServerResponse, error: unknown, cors: Record<string, string> = {}): void {
  if (clientGone(req, error)) {
    res.destroy();
    return;
  }
  console.error(`[gateway] ${req.method} ${req.url?.split('?')[0]} failed:`, (error as Error)?.stack ?? error);
  if (res.headersSent) res.destroy();
  else send(res, json(500, { message: 'An unexpected error occurred' }), cors);
}

export function createGateway(routes: Route[], apiKeys: string[]): Server {
  const server = createServer((req, res) => {
    handle(routes, apiKeys, req, res).catch((error: unknown) => abandon(req, res, error));
  });
  // A malformed request line or a socket error before a request exists: Node answers 400 or
  // drops that socket; the server itself stays up.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) socket.destroy();
    else socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n');
  });
  return server;
}

async function handle(routes: Route[], apiKeys: string[], req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const method = req.method ?? 'GET';
  const route = routes.find((r) => url.pathname === r.prefix || url.pathname.startsWith(`${r.prefix}/`));
  if (!route) return send(res, json(404, { message: 'no Route matched with those values' }), CORS_HEADERS);
  const cors = route.gatewayCors ? CORS_HEADERS : {};
  if (route.gatewayCors && method === 'OPTIONS') return send(res, { status: 204 }, cors);

  const path = url.pathname.slice(route.prefix.length) || '/';
  if (route.requiresApiKey && !route.isPublic?.(path, method)) {
    const key = req.headers.apikey ?? url.searchParams.get('apikey') ?? undefined;
    if (!key) return send(res, json(401, { message: 'No API key found in request' }), cors);
    if (!apiKeys.includes(String(key))) return send(res, json(401, { message: 'Invalid API key' }), cors);
  }

  let body: Buffer;
  try {
    body = await readBody(req, route.maxBodyBytes);
  } catch (error) {
    if (!(error instanceof BodyTooLarge)) throw error;
    res.setHeader('connection', 'close');
    return send(res, json(413, { message: 'Request size limit exceeded' }), cors);
  }

  const request: GatewayRequest = { method, url, path, headers: req.headers, body };
  try {
    send(res, await route.service(request), cors);
  } catch (error) {
    abandon(req, res, error, cors);
  }
}
