/**
 * The one redaction of everything that leaves the browser for a support ticket (/cache-debug's
 * exports, the copied diagnostics): a value under a secret-sounding name is replaced whole, and
 * inside any other string every Notion key (`ntn_…`, `secret_…`), JWT and `Bearer …` value is
 * replaced. A string holding JSON (what localStorage keeps) is redacted inside and kept as JSON.
 *
 * A name sounds secret by its last word part (camelCase, snake_case and kebab-case alike): token,
 * secret, password, credential, authorization or verifier (`access_token`, `client_secret`,
 * supabase-js's session `sb-…-auth-token`, replaced whole, and its `…-auth-token-code-verifier`),
 * `apikey`, or `key` after another word (`api_key`, `notionApiKey`, `X-Api-Key`). Names that only
 * share a word stay: `key` alone (the cache's row key), `keys`, `keyMask`, `keyboard`, `token_type`.
 *
 * In a URL (a tab's, a route's), a query or fragment parameter loses its value when any word of
 * its name is a secret one, or `signature`, or when it is an OAuth `code` (`access_token`,
 * `token_hash`, `X-Amz-Signature`, `#refresh_token=…`): a tab may show any site, and sites put
 * tokens there. Other parameters and the rest of the URL stay.
 */
export const REDACTED = '[redacted]';

const SECRET_WORD = /^(tokens?|secrets?|passwords?|credentials?|authorization|verifier|apikey)$/;

/** A name's word parts in lower case: camelCase, snake_case, kebab-case and dots split alike. */
const wordsOf = (name: string): string[] =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

function isSecretName(name: string): boolean {
  const words = wordsOf(name);
  const last = words.at(-1) ?? '';
  return SECRET_WORD.test(last) || (last === 'key' && words.length > 1);
}

/** Any word of a URL parameter's name that makes its value a secret (or the whole name `code`). */
const SECRET_PARAM_WORD =
  /^(tokens?|secrets?|passwords?|credentials?|authorization|verifier|apikey|key|signature|sig)$/;
const isSecretParam = (name: string): boolean =>
  name.toLowerCase() === 'code' || wordsOf(name).some((w) => SECRET_PARAM_WORD.test(w));

/** `name=value` after a URL's `?`, `#` or `&` (the value ends at the next `&`, `#`, space or quote). */
const URL_PARAM = /([?#&])([^=&#?\s"'<>]+)=([^&#\s"'<>]*)/g;

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const redactUrlParams = (text: string): string =>
  text.replace(URL_PARAM, (whole, mark: string, name: string, value: string) =>
    value !== '' && isSecretParam(safeDecode(name)) ? `${mark}${name}=${REDACTED}` : whole,
  );

const SECRET_TEXT = [
  /\b(?:ntn|secret)_[A-Za-z0-9]{8,}/g,
  /\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g,
  /\bBearer\s+[A-Za-z0-9._~+/=-]+/gi,
];

function redactText(text: string): string {
  const trimmed = text.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return JSON.stringify(redactSecrets(JSON.parse(trimmed)));
    } catch {
      // not JSON after all: redact it as text
    }
  }
  return SECRET_TEXT.reduce((redacted, pattern) => redacted.replace(pattern, REDACTED), redactUrlParams(text));
}

export function redactSecrets(value: unknown): unknown {
  if (typeof value === 'string') return redactText(value);
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([name, inner]) => [
        name,
        isSecretName(name) && inner !== null && inner !== undefined ? REDACTED : redactSecrets(inner),
      ]),
    );
  }
  return value;
}
