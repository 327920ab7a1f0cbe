/**
 * The Slack sink: a local stand-in for a Slack incoming webhook, so operator notifications
 * (slack-notify, the profile fetch's rate and quota alerts) can be seen and tested without a
 * Slack workspace.
 *
 * - `POST /services/<T…>/<B…>/<secret>` (the `webhookUrl`) takes a JSON payload as Slack does:
 *   200 `ok` (text/plain); 400 `invalid_payload` for a body that is not a JSON object; 400
 *   `no_text` when it has neither `text` nor `blocks`; any other webhook path → 404
 *   `no_service`. `configure({failWith: {status, body}})` makes the webhook fail on purpose.
 * - `GET /api/messages` lists what was received, newest first, as
 *   `[{id, receivedAt, path, payload, text}]`; `DELETE /api/messages` empties the list.
 * - `GET /` shows the same as a page.
 *
 * What must stay true: messages are kept in memory only, and only those the webhook accepted.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { escapeHtml } from '../../html.ts';

export interface ReceivedSlackMessage {
  id: string;
  receivedAt: string;
  path: string;
  payload: Record<string, unknown>;
  /** The payload's `text` (empty when only `blocks` were sent). */
  text: string;
}

export interface SlackSinkOptions {
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Make the webhook answer this instead of `ok` (to test that failures are only logged). */
  failWith?: { status: number; body: string };
}

export interface SlackSink {
  url: string;
  webhookUrl: string;
  received(): ReceivedSlackMessage[];
  clear(): void;
  configure(options: Pick<SlackSinkOptions, 'failWith'>): void;
  stop(): Promise<void>;
}

const MAX_BODY_BYTES = 1024 * 1024;

function page(messages: ReceivedSlackMessage[]): string {
  const items = messages
    .map(
      (m) => `<article><p><time>${m.receivedAt}</time> · <code>${escapeHtml(m.path)}</code></p>
<pre>${escapeHtml(m.text || JSON.stringify(m.payload, null, 2))}</pre></article>`,
    )
    .join('<hr>');
  return `<!doctype html><html><head><meta charset="utf-8"><title>Sidenote local Slack</title>
<style>body{font-family:system-ui;max-width:48rem;margin:2rem auto;padding:0 1rem}pre{white-space:pre-wrap}</style>
</head><body><h1>Local Slack webhook (${messages.length})</h1>${items || '<p>No message yet.</p>'}</body></html>`;
}

async function readBody(req: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function reply(res: ServerResponse, status: number, body: string, type = 'text/plain; charset=utf-8'): void {
  res.writeHead(status, { 'content-type': type });
  res.end(body);
}

function parsePayload(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export async function startSlackSink(options: SlackSinkOptions = {}): Promise<SlackSink> {
  const webhookPath = `/services/T${randomBytes(4).toString('hex').toUpperCase()}/B${randomBytes(4)
    .toString('hex')
    .toUpperCase()}/${randomBytes(12).toString('hex')}`;
  const messages: ReceivedSlackMessage[] = [];
  let failWith = options.failWith;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://sink').pathname;
    if (path === '/api/messages' && req.method === 'GET') {
      return reply(res, 200, JSON.stringify(messages), 'application/json; charset=utf-8');
    }
    if (path === '/api/messages' && req.method === 'DELETE') {
      messages.length = 0;
      return reply(res, 204, '');
    }
    if (path === '/' && req.method === 'GET') return reply(res, 200, page(messages), 'text/html; charset=utf-8');
    if (!path.startsWith('/services/')) return reply(res, 404, 'Not found');
    if (path !== webhookPath || req.method !== 'POST') return reply(res, 404, 'no_service');
    const payload = parsePayload(await readBody(req));
    if (!payload) return reply(res, 400, 'invalid_payload');
    const text = typeof payload.text === 'string' ? payload.text : '';
    if (text === '' && !Array.isArray(payload.blocks)) return reply(res, 400, 'no_text');
    if (failWith) return reply(res, failWith.status, failWith.body);
    messages.unshift({ id: randomUUID(), receivedAt: new Date().toISOString(), path, payload, text });
    return reply(res, 200, 'ok');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('slack sink:', error instanceof Error ? error.message : error);
      if (!res.headersSent) reply(res, 500, 'internal_error');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const url = `http://${options.host ?? '127.0.0.1'}:${port}`;

  return {
    url,
    webhookUrl: `${url}${webhookPath}`,
    received: () => messages.map((m) => ({ ...m })),
    clear() {
      messages.length = 0;
    },
    configure(next) {
      failWith = next.failWith;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
