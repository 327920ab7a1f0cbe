/**
 * What redaction removes from a text, replaced by `[REDACTED]` — pure (no environment, no
 * I/O), so the rules are unit-tested in Deno (tests/deno/redact-secrets.test.ts); `redact.ts`
 * applies them with the deployment's own secrets.
 *
 * - every value of `knownSecrets`, wherever it appears (longest first);
 * - well-known token shapes: JWTs (Supabase keys and access tokens), `Bearer …`, Notion
 *   (`ntn_…`, `secret_…`), Stripe (`sk_/rk_/pk_…`, `whsec_…`), Slack (`xox…-`, hooks.slack.com
 *   URLs), RapidAPI keys (`…msh…p1…jsn…`);
 * - the value after a secret-sounding name (…key, …token, …secret, …password, authorization,
 *   cookie) in `name=value` / `name: value` text, after its `Bearer`/`Basic` scheme if any, so
 *   a quoted header or query string leaks nothing.
 */
export const REDACTED = '[REDACTED]';

const TOKEN_PATTERNS: RegExp[] = [
  /eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]+/g,
  /\b(?:ntn_|secret_)[A-Za-z0-9]{20,}/g,
  /\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{8,}/g,
  /\bwhsec_[A-Za-z0-9+/=]{8,}/g,
  /\bxox[abposr]-[A-Za-z0-9-]{8,}/g,
  /https?:\/\/hooks\.slack\.com\/[^\s"'<>]+/g,
  /\b[0-9a-f]{10}msh[0-9a-f]{15}p1[0-9a-f]{5,7}jsn[0-9a-f]{12}\b/gi,
];
const BEARER = /\b(Bearer\s+)[A-Za-z0-9._~+/=-]+/gi;
const NAMED_VALUE =
  /((?:[A-Za-z0-9_-]*(?:key|token|secret|password)|authorization|cookie)["']?\s*[:=]\s*["']?(?:(?:Bearer|Basic)\s+)?)[^\s"'&,;}]+/gi;

/** `text` with every known secret and every secret-shaped value replaced by `[REDACTED]`. */
export function redactSecrets(text: string, knownSecrets: readonly string[]): string {
  let out = text;
  for (const value of [...knownSecrets].sort((a, b) => b.length - a.length)) out = out.split(value).join(REDACTED);
  for (const pattern of TOKEN_PATTERNS) out = out.replace(pattern, REDACTED);
  out = out.replace(BEARER, `$1${REDACTED}`);
  out = out.replace(NAMED_VALUE, `$1${REDACTED}`);
  return out;
}
