/**
 * The app's one error type: every module of src/data throws (or returns) an `AppError`, made
 * once per source by the classifiers next to this file (postgrest.ts, gotrue.ts, notion.ts,
 * edgeFunction.ts, thrown.ts). Screens never read its debug part; they ask the message
 * catalogue (src/domain/errors/catalogue.ts) for the text of its `reason` in their context.
 *
 * What must stay true: `message` and `debug` never hold a secret — no Notion key, no bearer
 * token, no Authorization header (`scrub` runs on both), so debug panels may show them.
 */
import type { ErrorContext } from '../../domain/errors/catalogue.ts';
import type { ErrorReason, ReasonedError } from '../../domain/errors/reason.ts';

export type ErrorSource = 'postgrest' | 'auth' | 'storage' | 'notion' | 'function' | 'fetch' | 'app';

/** The original failure, kept for debug panels and logs. */
export interface ErrorDebug {
  source: ErrorSource;
  code?: string;
  status?: number;
  body?: unknown;
}

const SECRET_PATTERNS: [RegExp, string][] = [
  [/\b(ntn_|secret_)[A-Za-z0-9]{8,}/g, '$1[redacted]'],
  [/\bBearer\s+[A-Za-z0-9._~+/=-]+/gi, 'Bearer [redacted]'],
  [/\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, '[redacted jwt]'],
];

/** The text with Notion keys, bearer tokens and JWTs replaced. */
export function scrub(text: string): string {
  return SECRET_PATTERNS.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}

function scrubBody(body: unknown): unknown {
  if (body === undefined || body === null) return body;
  try {
    return JSON.parse(scrub(JSON.stringify(body))) as unknown;
  } catch {
    return undefined;
  }
}

export class AppError extends Error implements ReasonedError {
  readonly reason: ErrorReason;
  readonly debug: ErrorDebug;
  readonly context?: ErrorContext;

  constructor(reason: ErrorReason, message: string, debug: ErrorDebug, context?: ErrorContext) {
    super(scrub(message));
    this.name = 'AppError';
    this.reason = reason;
    this.debug = { ...debug, body: scrubBody(debug.body) };
    this.context = context;
  }

  /** This error, marked as the failure of the step whose catalogue context is `context`. */
  in(context: ErrorContext): AppError {
    return new AppError(this.reason, this.message, this.debug, context);
  }
}

/** A failure the app finds itself (a missing choice, a local rule): no service involved. */
export const appError = (reason: ErrorReason, message = ''): AppError =>
  new AppError(reason, message, { source: 'app' });
