/**
 * The global debug panels' rules (spec 2 §2 "Debug panels"; issue 20): the extension's tab URL
 * against the route's `url` query, the backend host, and the copied diagnostics — redacted by
 * the one redaction (redactSecrets.ts) so no key or token leaves in a copy.
 */
import { redactSecrets } from './redactSecrets.ts';

export type UrlComparison = 'match' | 'differ' | 'no route url' | 'no tab url';

const comparable = (url: string): string => {
  try {
    const parsed = new URL(url);
    return `${parsed.host.replace(/^www\./, '')}${parsed.pathname.replace(/\/+$/, '')}`.toLowerCase();
  } catch {
    return url.trim().replace(/\/+$/, '').toLowerCase();
  }
};

/** The tab's URL against the route's `url` query: same host (www. aside) and path, any query. */
export function compareUrls(tabUrl: string | null, routeUrl: string | null): UrlComparison {
  if (!routeUrl) return 'no route url';
  if (!tabUrl) return 'no tab url';
  return comparable(tabUrl) === comparable(routeUrl) ? 'match' : 'differ';
}

/** The host of the backend URL ('invalid URL' for something that is not one). */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'invalid URL';
  }
}

/** The Clear-storage confirmation: what will be lost (never discard pending edits silently). */
export function clearStorageWarning(pending: number, failed: number, othersEdits: number): string {
  const edits = (n: number, kind: string) => `${n} ${kind}edit${n === 1 ? '' : 's'}`;
  const parts = [
    pending > 0 ? edits(pending, 'pending ') : null,
    failed > 0 ? edits(failed, 'failed ') : null,
    othersEdits > 0 ? `${edits(othersEdits, '')} of other accounts on this browser` : null,
  ].filter((part) => part !== null);
  if (parts.length === 0) return 'No edits are waiting to be sent. You will be signed out.';
  const named = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `${named} will be lost. You will be signed out.`;
}

/** The copied diagnostics: pretty JSON with every secret redacted. */
export function diagnosticsText(diagnostics: Record<string, unknown>): string {
  return JSON.stringify(redactSecrets(diagnostics), null, 2);
}
