/**
 * Redaction of secrets from anything sent to an operator channel (Slack) or written to a log
 * line about a notification: notifications quote errors, URLs and request details, and those can
 * carry keys. Everything that leaves through `_shared/slack.ts` passes through here.
 *
 * Removed: the value of every environment variable whose name says it is secret (…KEY, …TOKEN,
 * …SECRET, …PASSWORD, …WEBHOOK…), and the token shapes and named values of
 * `redact-secrets.ts`.
 */
import { redactSecrets } from './redact-secrets.ts';

const SECRET_ENV_NAME = /(KEY|TOKEN|SECRET|PASSWORD|WEBHOOK)/i;
const MIN_SECRET_LENGTH = 8;

function secretEnvValues(): string[] {
  let env: Record<string, string>;
  try {
    env = Deno.env.toObject();
  } catch {
    return [];
  }
  return Object.entries(env)
    .filter(([name, value]) => SECRET_ENV_NAME.test(name) && value.length >= MIN_SECRET_LENGTH)
    .map(([, value]) => value);
}

/** The text with every secret it contains replaced by `[REDACTED]`. */
export function redactText(text: string): string {
  return redactSecrets(text, secretEnvValues());
}
