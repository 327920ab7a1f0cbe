/**
 * Notion's error answers: `{object: "error", status, code, message}` with the status and code
 * pairs of Notion's reference (status-codes). Handlers throw a `NotionError`; the server turns
 * it into the body. Only codes the official SDK knows (plus `missing_version`, which Notion
 * really sends) are used, so `@notionhq/client` raises the same `APIResponseError` it would
 * against api.notion.com.
 */
import { randomUUID } from 'node:crypto';

export class NotionError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(): Record<string, unknown> {
    return { object: 'error', status: this.status, code: this.code, message: this.message, request_id: randomUUID() };
  }
}

export const unauthorized = () => new NotionError(401, 'unauthorized', 'API token is invalid.');

export const missingVersion = (value: string | undefined) =>
  new NotionError(
    400,
    'missing_version',
    `Notion-Version header failed validation: Notion-Version header should be defined, instead was \`${value}\`.`,
  );

/** A version the sandbox does not implement (see versions.ts); its shapes would differ. */
export const unsupportedVersion = (value: string, known: readonly string[]) =>
  new NotionError(
    400,
    'invalid_request',
    `Notion-Version header failed validation: this sandbox implements ${known.map((v) => `\`${v}\``).join(', ')}, instead was \`${value}\`.`,
  );

/** What Notion answers a 2022-06-28 call on a database with several data sources. */
export const multipleDataSources = () =>
  validation('Databases with multiple data sources are not supported in this API version.');

export const invalidJson = () => new NotionError(400, 'invalid_json', 'Error parsing JSON body.');

export const invalidRequestUrl = () => new NotionError(400, 'invalid_request_url', 'Invalid request URL.');

export const validation = (message: string) => new NotionError(400, 'validation_error', message);

/** Notion's wording for a limit: "body failed validation: <path> should be ≤ `max`, instead was `n`." */
export const tooLong = (path: string, max: number, actual: number) =>
  validation(`body failed validation: ${path}.length should be ≤ \`${max}\`, instead was \`${actual}\`.`);

export const notFound = (kind: 'database' | 'data_source' | 'page' | 'block' | 'user' | 'file_upload', id: string) =>
  new NotionError(
    404,
    'object_not_found',
    `Could not find ${kind} with ID: ${id}. Make sure the relevant pages and databases are shared with your integration.`,
  );

export const rateLimited = (retryAfterSeconds: number) =>
  new NotionError(429, 'rate_limited', 'You have been rate limited. Please try again in a few minutes.', {
    'retry-after': String(retryAfterSeconds),
  });

export const conflict = () =>
  new NotionError(409, 'conflict_error', 'Conflict occurred while saving. Please try again.');

export const internalError = () =>
  new NotionError(500, 'internal_server_error', 'Unexpected error occurred. Please try again later.');

export const serviceUnavailable = () =>
  new NotionError(503, 'service_unavailable', 'Notion is unavailable, please try again later.');
