/**
 * Notion errors, normalised once (spec 1 §8 "Notes-database service errors"): the message of
 * the response body, else 'Notion API returned status N'. A failed fetch (offline, proxy
 * down) is a `network` error, which screens show as the offline state rather than a message.
 */
export type NotionErrorReason = 'http' | 'network';

export class NotionApiError extends Error {
  readonly reason: NotionErrorReason;
  readonly status: number;
  readonly code: string | undefined;

  constructor(reason: NotionErrorReason, status: number, message: string, code?: string) {
    super(message);
    this.name = 'NotionApiError';
    this.reason = reason;
    this.status = status;
    this.code = code;
  }
}

/** The error for a non-2xx answer with its (possibly non-JSON) body. */
export function errorFromResponse(status: number, body: unknown): NotionApiError {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const message =
    typeof record.message === 'string' && record.message.trim() !== ''
      ? record.message
      : `Notion API returned status ${status}`;
  return new NotionApiError('http', status, message, typeof record.code === 'string' ? record.code : undefined);
}

export const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : 'Unknown error';
