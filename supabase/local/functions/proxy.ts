/**
 * Forwards one gateway request to a function's Deno server and reads its answer back, as
 * Supabase's relay does: same method, headers, query and body; the function sees the path
 * from its own name on (`/change-password/sub/path`), exactly as on hosted Supabase, so
 * routers configured with `basePath('/<name>')` work unchanged.
 *
 * What must stay true: hop-by-hop headers are not copied either way; the response status,
 * headers (all values of repeated ones such as set-cookie) and bytes reach the caller
 * unchanged, content-encoding included. A connection failure or reset is a `WorkerGone`,
 * an answer slower than the timeout a `WorkerTimeout` — both for the service to map to the
 * relay's errors.
 */
import { request, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import type { GatewayRequest, GatewayResponse } from '../gateway/http.ts';

export class WorkerGone extends Error {}
export class WorkerTimeout extends Error {}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'content-length',
]);

function forwardedHeaders(req: GatewayRequest): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
  }
  if (req.body.length > 0 || !['GET', 'HEAD', 'OPTIONS'].includes(req.method)) {
    headers['content-length'] = String(req.body.length);
  }
  return headers;
}

function responseHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    // Node's writeHead accepts string[] for repeated headers (set-cookie); GatewayResponse
    // types values as strings, so the array is passed through as is rather than joined.
    result[name] = value as string;
  }
  return result;
}

export function forward(
  port: number,
  functionName: string,
  req: GatewayRequest,
  timeoutMs: number,
): Promise<GatewayResponse> {
  return new Promise((resolve, reject) => {
    const upstream = request(
      {
        host: '127.0.0.1',
        port,
        method: req.method,
        path: `/${functionName}${req.path.slice(functionName.length + 1)}${req.url.search}`,
        headers: forwardedHeaders(req),
        agent: false,
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.once('error', (error) => reject(new WorkerGone(error.message)));
        res.once('end', () =>
          resolve({
            status: res.statusCode ?? 502,
            headers: responseHeaders(res.headers),
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    upstream.once('timeout', () => {
      upstream.destroy();
      reject(new WorkerTimeout(`no response within ${timeoutMs} ms`));
    });
    upstream.once('error', (error) => reject(new WorkerGone(error.message)));
    upstream.end(req.body);
  });
}
