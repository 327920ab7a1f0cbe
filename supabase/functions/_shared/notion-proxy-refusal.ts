/**
 * How notion-proxy marks an answer as its own refusal rather than Notion's (issue 32, item 5):
 * both use Notion's error body, and both answer 401 `unauthorized` — the proxy when the caller's
 * Sidenote session is missing or ended, Notion when the workspace's key was revoked. The app's
 * outbox keeps an edit refused for the session queued until its account is signed in again, and
 * fails one whose key Notion refused. ONE definition, read by the proxy (Deno) and by the app's
 * Notion client (src/data/errors/notion.ts), so it has no imports.
 */

export const PROXY_REFUSAL_HEADER = 'x-sidenote-proxy';
export const PROXY_REFUSAL = 'refused';
