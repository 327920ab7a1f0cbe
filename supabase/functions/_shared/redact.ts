/**
 * Redaction of secrets from anything sent to an operator channel (Slack) or written to a log
 * line about a notification: notifications quote errors, URLs and request details, and those can
 * carry keys. Everything that leaves through `_shared/slack.ts` passes through here.
 *
 * What is removed, replaced by `[REDACTED]`:
 * - the value of every environment variable whose name says it is secret (…KEY, …TOKEN,
 *   …SECRET, …PASSWORD, …WEBHOOK…), wherever it appears;
 * - well-known token shapes: JWTs (Supabase keys and access tokens), `Bearer …`, Notion
 *   (`ntn_…`, `secret_…`), Stripe (`sk_/rk_/pk_…`, `whsec_…`), Slack (`xox…-`, hooks.slack.com
 *   URLs), RapidAPI keys (`…msh…p1…jsn…`);
 * - the value after a secret-sounding name in `name=value` / `name: value` text.
 */
export const REDACTED = '[REDACTED]';

const SECRET_ENV_NAME = /(KEY|TOKEN|SECRET|PASSWORD|WEBHOOK)/i;
const MIN_SECRET_LENGTH = 8;

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
  /((?:x-rapidapi-key|api[_-]?key|apikey|access[_-]?token|refresh[_-]?token|token|secret|password|authorization)["']?\s*[:=]\s*["']?)(?!Bearer\b)[^\s"'&,;}]+/gi;

function secretEnvValues(): string[] {
  let env: Record<string, string>;
  try {
    env = Deno.env.toObject();
  } catch {
    return [];
  }
  return Object.entries(env)
    .filter(([name, value]) => SECRET_ENV_NAME.test(name) && value.length >= MIN_SECRET_LENGTH)
    .map(([, value]) => value)
    .sort((a, b) => b.length - a.length);
}

/** The text with every secret it contains replaced by `[REDACTED]`. */
export function redactText(text: string): string {
  let out = text;
  for (const value of secretEnvValues()) out = out.split(value).join(REDACTED);
  for (const pattern of TOKEN_PATTERNS) out = out.replace(pattern, REDACTED);
  out = out.replace(BEARER, `$1${REDACTED}`);
  out = out.replace(NAMED_VALUE, `$1${REDACTED}`);
  return out;
}
