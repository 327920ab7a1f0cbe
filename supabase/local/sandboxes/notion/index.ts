/**
 * The Notion API sandbox: a stateful stand-in for api.notion.com for the endpoints Sidenote
 * uses, answering by the `Notion-Version` header — 2026-03-11 and 2025-09-03 (databases as
 * containers of data sources) and 2022-06-28 (one data source per database; see versions.ts), so `npm start` and the tests never reach Notion and people without
 * a Notion account can try Sidenote against a seeded demo workspace.
 *
 * What must stay true:
 * - code that works against the sandbox works against Notion: same paths, request and
 *   response shapes, limits, error bodies and statuses (see errors.ts, write-values.ts,
 *   render.ts); anything not emulated is Notion's error, never a silently different answer;
 * - each request is checked in Notion's order: version header (one of `API_VERSIONS`), token (shape and workspace),
 *   rate limit (per token), then the endpoint;
 * - state lives in `<dataDir>/notion.json` (kept between runs) or in memory;
 * - tokens never appear in the request log kept for tests (`requestLog()`).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { HandlerResult } from './context.ts';
import {
  invalidJson,
  invalidRequestUrl,
  missingVersion,
  NotionError,
  unauthorized,
  unsupportedVersion,
  validation,
} from './errors.ts';
import { newId } from './ids.ts';
import { plainRichText, TOKEN_PATTERN } from './model.ts';
import { route } from './routes.ts';
import { seedState } from './seed.ts';
import { schema } from './seed-schema.ts';
import { notionNow, NotionStore } from './store.ts';
import { Traffic, type FailureKind, type TrafficKnobs } from './traffic.ts';
import { API_VERSIONS, isApiVersion } from './versions.ts';

export { knobsFromEnv, NOTION_RATE_LIMIT, type FailureKind, type RateLimit, type TrafficKnobs } from './traffic.ts';
export { SEED_IDS } from './seed.ts';
export { API_VERSIONS, type ApiVersion } from './versions.ts';

/** The request log keeps the latest entries only (a long `npm start` must not grow without end). */
const REQUEST_LOG_LIMIT = 10_000;
/** Notion refuses request bodies over 500 KB. */
const MAX_BODY_BYTES = 500 * 1024;

export interface NotionSandboxOptions extends TrafficKnobs {
  /** Folder for `notion.json`; in memory when absent. */
  dataDir?: string;
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
}

export interface LoggedRequest {
  /** `Date.now()` when the request arrived. */
  at: number;
  method: string;
  path: string;
  /** The workspace of a valid token (its id), undefined otherwise. */
  workspaceId?: string;
  status: number;
  /** A failure the sandbox injected (`failureRate`), not one Notion would have answered. */
  injected?: FailureKind;
  /** The body of a write the sandbox applied (its answer may still have been lost: `lose`). */
  applied?: unknown;
}

export interface NotionSandbox {
  url: string;
  /** The demo workspace's integration key (`ntn_…`). */
  demoKey: string;
  /** The second workspace's key (`secret_…`). */
  secondKey: string;
  /** Changes the rate limit, latency or failure rate from now on. */
  configure(knobs: TrafficKnobs): void;
  /**
   * Adds a data source named `name` (an empty one with a `Name` title property, then the given
   * `properties` as [name, type, config?] in order, e.g. `[['LinkedIn', 'url']]`) to a database, as a
   * user does in Notion; returns its id. Throws when the database does not exist.
   */
  addDataSource(
    databaseId: string,
    name: string,
    properties?: readonly [name: string, type: string, config?: Record<string, unknown>][],
  ): string;
  /** Requests received since the start or the last `clearRequestLog()` (the latest 10 000 at most). */
  requestLog(): readonly LoggedRequest[];
  clearRequestLog(): void;
  /** Back to the seed (same keys), the knobs it started with and an empty request log. */
  reset(): void;
  stop(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

function parseBody(raw: Buffer): Record<string, unknown> {
  if (raw.length > MAX_BODY_BYTES) throw validation(`Request body too large (over ${MAX_BODY_BYTES} bytes).`);
  const text = raw.toString('utf8');
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalidJson();
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw invalidJson();
  return parsed as Record<string, unknown>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startNotionSandbox(options: NotionSandboxOptions = {}): Promise<NotionSandbox> {
  const store = NotionStore.open(options.dataDir, seedState);
  const traffic = new Traffic(options);
  let log: LoggedRequest[] = [];
  const host = options.host ?? '127.0.0.1';
  let origin = '';

  async function answer(
    req: IncomingMessage,
    entry: LoggedRequest,
  ): Promise<{ status: number; body: unknown; headers: Record<string, string> }> {
    const url = new URL(req.url ?? '/', origin);
    const rawBody = await readBody(req);
    const version = req.headers['notion-version'];
    const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    const workspace = token && TOKEN_PATTERN.test(token) ? store.workspaceOfToken(token) : undefined;
    entry.workspaceId = workspace?.id;
    if (version === undefined) throw missingVersion(undefined);
    const apiVersion = String(version);
    if (!isApiVersion(apiVersion)) throw unsupportedVersion(apiVersion, API_VERSIONS);
    if (!workspace || !token) throw unauthorized();
    const limited = traffic.admit(token);
    if (limited) throw limited;
    const failure = traffic.failure(req.method ?? 'GET');
    if (failure) entry.injected = failure.kind;
    if (failure?.error) throw failure.error;
    if (failure?.kind === 'drop') throw new DroppedConnection();
    const found = route(apiVersion, req.method ?? 'GET', url.pathname);
    if (!found) throw invalidRequestUrl();
    const body = req.method === 'GET' ? {} : parseBody(rawBody);
    const result: HandlerResult = found.handler({
      store,
      workspace,
      version: apiVersion,
      params: found.params,
      query: url.searchParams,
      body,
      origin,
    });
    if (result.changed) {
      store.save();
      entry.applied = body;
    }
    if (failure?.kind === 'lose') throw new DroppedConnection();
    return { status: 200, body: result.body, headers: {} };
  }

  /** An injected `drop` or `lose`: the connection closes with no answer. */
  class DroppedConnection extends Error {}

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const entry: LoggedRequest = {
      at: Date.now(),
      method: req.method ?? 'GET',
      path: (req.url ?? '/').split('?')[0],
      status: 0,
    };
    log.push(entry);
    if (log.length > REQUEST_LOG_LIMIT) log = log.slice(-REQUEST_LOG_LIMIT / 2);
    let outcome: { status: number; body: unknown; headers: Record<string, string> };
    try {
      outcome = await answer(req, entry);
    } catch (error) {
      if (error instanceof DroppedConnection) {
        req.socket.destroy(); // no answer at all: the caller sees a network error
        return;
      }
      const notionError =
        error instanceof NotionError
          ? error
          : new NotionError(500, 'internal_server_error', 'Unexpected error occurred.');
      if (!(error instanceof NotionError)) console.error('[notion-sandbox]', error);
      outcome = { status: notionError.status, body: notionError.body(), headers: notionError.headers };
    }
    entry.status = outcome.status;
    const delay = traffic.delayMs();
    if (delay > 0) await sleep(delay);
    const payload = JSON.stringify(outcome.body);
    res.writeHead(outcome.status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(payload),
      ...outcome.headers,
    });
    res.end(payload);
  }

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const [demo, second] = store.state.workspaces;

  return {
    url: origin,
    demoKey: demo.tokens[0],
    secondKey: second.tokens[0],
    configure: (knobs) => traffic.configure(knobs),
    addDataSource: (databaseId, name, properties = []) => {
      const db = store.state.databases.find((candidate) => candidate.id === databaseId);
      if (!db) throw new Error(`notion sandbox: no database ${databaseId}`);
      const now = notionNow();
      const id = newId();
      store.state.dataSources.push({
        id,
        databaseId: db.id,
        workspaceId: db.workspaceId,
        title: [plainRichText(name)],
        description: [],
        properties: schema(id, [['Name', 'title'], ...properties]),
        created_time: now,
        last_edited_time: now,
        created_by: db.created_by,
        last_edited_by: db.created_by,
        archived: false,
        nextUniqueId: 1,
      });
      store.save();
      return id;
    },
    requestLog: () => log,
    clearRequestLog: () => {
      log = [];
    },
    reset: () => {
      store.reset(seedState);
      traffic.reset(options);
      log = [];
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
