/**
 * Operator notifications to Slack (spec: slack-notify; "API error, new user registered, debug
 * mode change, API rate limit or monthly quota exceeded"). Used by the slack-notify function and
 * by functions that notify on their own (get-profile-data-by-url's rate and quota alerts).
 *
 * What must stay true:
 * - the destination is the configured SLACK_WEBHOOK_URL only, never one given by a caller;
 * - no webhook configured, or the webhook failing, is logged and still counts as delivered
 *   for the caller (spec: "the fallback is logging only and that counts as success");
 * - every text is redacted (`redact.ts`) before it is posted or logged; the webhook URL, itself
 *   a secret, never appears in a log line.
 */
import type { NotificationType } from './notification-types.ts';
import { redactText } from './redact.ts';

const WEBHOOK_TIMEOUT_MS = 5_000;

export type SlackOutcome = 'posted' | 'logged_no_webhook' | 'logged_webhook_failed';

/** Posts `text` (redacted) to the configured webhook; logs it instead when that is not possible. */
export async function notifySlack(text: string): Promise<SlackOutcome> {
  const safeText = redactText(text);
  const webhook = Deno.env.get('SLACK_WEBHOOK_URL')?.trim();
  if (!webhook) {
    console.log(`slack-notify: no SLACK_WEBHOOK_URL configured; notification logged only:\n${safeText}`);
    return 'logged_no_webhook';
  }
  try {
    const response = await fetch(webhook, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: safeText }),
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    const answer = await response.text();
    if (response.ok) return 'posted';
    console.error(
      `slack-notify: the webhook answered ${response.status} ${redactText(answer).slice(0, 200)}; notification logged only:\n${safeText}`,
    );
  } catch (error) {
    const reason = error instanceof Error ? error.name : 'unknown error';
    console.error(`slack-notify: the webhook could not be reached (${reason}); notification logged only:\n${safeText}`);
  }
  return 'logged_webhook_failed';
}

/** A profile-data provider limit hit (spec: provider, kind rate or quota, user, endpoint, method, error, status, timestamp). */
export interface ProviderAlert {
  provider: 'LinkedIn';
  kind: 'rate' | 'quota' | 'error';
  email: string | null;
  endpoint: string;
  method: string;
  error: string;
  status: number;
  timestamp: string;
}

/** Each kind's notification type (the tag operators filter on, as slack-notify's) and title. */
const ALERTS: Record<ProviderAlert['kind'], { type: NotificationType; title: string }> = {
  rate: { type: 'rate_limit', title: 'API rate limit exceeded' },
  quota: { type: 'quota_exceeded', title: 'API monthly quota exceeded' },
  error: { type: 'api_error', title: 'API error' },
};

export function providerAlertText(alert: ProviderAlert): string {
  const { type, title } = ALERTS[alert.kind];
  return [
    `[${type}] :warning: ${alert.provider} ${title}`,
    `Provider: ${alert.provider}`,
    `Kind: ${alert.kind}`,
    `User: ${alert.email ?? 'unknown'}`,
    `Endpoint: ${alert.endpoint}`,
    `Method: ${alert.method}`,
    `Error: ${alert.error}`,
    `Status: ${alert.status}`,
    `Timestamp: ${alert.timestamp}`,
  ].join('\n');
}

export function notifyProviderAlert(alert: ProviderAlert): Promise<SlackOutcome> {
  return notifySlack(providerAlertText(alert));
}
