/**
 * The one redaction of everything that leaves the browser for a support ticket (/cache-debug's
 * exports): a value under a secret-sounding name (access/refresh token, authorization, API key,
 * password, Notion key…) is replaced whole, and inside any other string every Notion key
 * (`ntn_…`, `secret_…`), JWT and `Bearer …` value is replaced. A string holding JSON (what
 * localStorage keeps, a supabase-js session for one) is redacted inside and kept as JSON.
 */
export const REDACTED = '[redacted]';

const SECRET_NAME =
  /^(access_?token|refresh_?token|provider_?(refresh_)?token|id_?token|token|authorization|api_?key|apikey|password|secret|notion_?key|notion_internal_key|client_secret)$/i;

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
  return SECRET_TEXT.reduce((redacted, pattern) => redacted.replace(pattern, REDACTED), text);
}

export function redactSecrets(value: unknown): unknown {
  if (typeof value === 'string') return redactText(value);
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([name, inner]) => [
        name,
        SECRET_NAME.test(name) && inner !== null && inner !== undefined ? REDACTED : redactSecrets(inner),
      ]),
    );
  }
  return value;
}
