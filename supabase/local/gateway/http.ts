/**
 * The gateway's request/response values and the helpers every service shares. Services are
 * functions from a fully read `GatewayRequest` to a `GatewayResponse`, so the body size limit,
 * CORS and error handling live in one place (server.ts) and services stay easy to test.
 */
import type { IncomingHttpHeaders } from 'node:http';

export interface GatewayRequest {
  method: string;
  url: URL;
  /** The path below the service prefix, e.g. `/todos` for `/rest/v1/todos`. */
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface GatewayResponse {
  status: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export type Service = (req: GatewayRequest) => Promise<GatewayResponse>;

export function json(status: number, value: unknown, headers: Record<string, string> = {}): GatewayResponse {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify(value),
  };
}

export function header(req: GatewayRequest, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

export function bearerToken(req: GatewayRequest): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header(req, 'authorization') ?? '');
  return match?.[1];
}

/** Parses a JSON body; `undefined` for an empty body, throws `SyntaxError` when malformed. */
export function jsonBody(req: GatewayRequest): unknown {
  const text = req.body.toString('utf8');
  return text.trim() === '' ? undefined : JSON.parse(text);
}
