/**
 * What the outbox does with a failed send, by the error model's reason (src/domain/errors):
 * - retryable — offline, network, timeout, rate limited, server (5xx), Notion's transient 409
 *   `conflict_error` — the entry stays queued and waits: Retry-After when Notion gave one
 *   (429, and 503/529 overloads), else exponential backoff with jitter; offline waits for the
 *   network only (the drain never sends offline);
 * - permanent — validation (400: a bad value, an archived or trashed page), not found (404:
 *   deleted or not shared with the integration), unauthorized / forbidden (401/403: key
 *   revoked, workspace or subscription refused), a quota, anything unknown — the entry moves
 *   to the failed list with its reason, for the user to retry or discard.
 * One failure is neither (`waitsForAccount`): the entry's account has no session to send it
 * with — the proxy refused the Sidenote session (401, its own refusal), or this context holds
 * another account's session or none (accountSession.ts). The entry stays queued as it was (no
 * attempt counted, no backoff) and the drain stops: it goes once its account is signed in again.
 * Notion's own 401 (the workspace's key revoked) is failed: no sign-in mends it.
 */
import type { ErrorReason } from '../../domain/errors/reason.ts';
import type { AppError } from '../errors/appError.ts';
import { BACKOFF_BASE_MS, BACKOFF_MAX_MS } from './timing.ts';

export type SendOutcome = { retry: true; delayMs: number } | { retry: false };

const RETRYABLE = new Set<ErrorReason['kind']>(['offline', 'network', 'timeout', 'rateLimited', 'server', 'conflict']);

/**
 * Backoff before attempt `attempts + 1` (`attempts` ≥ 1 failed so far): half of
 * base × 2^(attempts−1), capped, plus a random share of the other half ("equal jitter"), so
 * many panels that failed together do not all come back together.
 */
export function backoffMs(attempts: number, random: () => number): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return ceiling / 2 + random() * (ceiling / 2);
}

export function outcomeOf(reason: ErrorReason, attempts: number, random: () => number): SendOutcome {
  if (!RETRYABLE.has(reason.kind)) return { retry: false };
  if (reason.kind === 'offline') return { retry: true, delayMs: 0 };
  const told = reason.kind === 'rateLimited' || reason.kind === 'server' ? reason.retryAfterMs : undefined;
  return { retry: true, delayMs: told ?? backoffMs(attempts, random) };
}

/** The session was refused, not the edit: the entry waits for its account (see above). */
export const waitsForAccount = (error: AppError): boolean =>
  error.reason.kind === 'unauthorized' && error.debug.source !== 'notion';
