/**
 * slack-notify: operator notifications from the app (spec 1 "Serverless functions", spec 2 §7:
 * onboarding events, setup recovery, API errors, debug-mode changes).
 *
 * POST `{message, type?, webhook_url?}` with a signed-in user's access token (or the service
 * role key, for other functions); answers `{success: true, delivered}` where `delivered` is
 * `posted`, `logged_no_webhook` or `logged_webhook_failed`: no webhook configured or a failing
 * webhook is logged and still counts as success, as the spec says.
 *
 * What must stay true:
 * - the message goes to the configured SLACK_WEBHOOK_URL only. The spec's `webhook_url` field is
 *   accepted for compatibility and ignored: taking a destination from the browser would make
 *   this an open relay (and put the webhook, a secret, in the app);
 * - anonymous callers are refused, so the anon key alone cannot flood the operators' channel;
 * - keys and tokens are redacted from every notification (`_shared/redact.ts`).
 */
import { z } from 'npm:zod@4.6.7';
import { bearerToken, callerOf } from '../_shared/auth.ts';
import { preflight } from '../_shared/cors.ts';
import { jsonResponse, readJson } from '../_shared/http.ts';
import { notifySlack } from '../_shared/slack.ts';

const MAX_MESSAGE_CHARS = 10_000;
const MAX_TYPE_CHARS = 64;

const SlackNotifyBody = z.object(
  {
    message: z
      .string({ error: 'message is required' })
      .trim()
      .min(1, { error: 'message is required' })
      .max(MAX_MESSAGE_CHARS, { error: `message must be at most ${MAX_MESSAGE_CHARS} characters` }),
    type: z
      .string({ error: 'type must be a string' })
      .trim()
      .min(1, { error: 'type must not be empty' })
      .max(MAX_TYPE_CHARS, { error: `type must be at most ${MAX_TYPE_CHARS} characters` })
      .optional(),
    webhook_url: z.string({ error: 'webhook_url must be a string' }).optional(),
  },
  { error: 'The request body must be a JSON object with a message' },
);

function failure(req: Request, status: number, error: string): Response {
  return jsonResponse(req, status, { success: false, error });
}

/** Who sends the notification, for the operators: a user's e-mail, or "service". */
async function senderOf(req: Request): Promise<string | undefined> {
  const serviceKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
  if (serviceKey && bearerToken(req) === serviceKey) return 'service';
  const caller = await callerOf(req);
  if (!caller.ok) return undefined;
  return caller.user.email ?? caller.user.id;
}

/** Slack's control characters as entities, so `<!channel>` or `<https://x|label>` stay text. */
function slackEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

async function slackNotify(req: Request): Promise<Response> {
  const sender = await senderOf(req);
  if (!sender) return failure(req, 401, 'Authentication required');
  const parsed = SlackNotifyBody.safeParse(await readJson(req));
  if (!parsed.success) return failure(req, 400, parsed.error.issues[0].message);
  const { message, type } = parsed.data;
  // Slack reads <…> as mentions and links: a caller's text must stay plain text.
  const text = `${type ? `[${slackEscape(type)}] ` : ''}${slackEscape(message)}\nFrom: ${slackEscape(sender)}`;
  const delivered = await notifySlack(text);
  return jsonResponse(req, 200, { success: true, delivered });
}

Deno.serve(async (req) => {
  if (req.method === 'OPTIONS') return preflight(req);
  if (req.method !== 'POST') return failure(req, 405, 'Method not allowed');
  try {
    return await slackNotify(req);
  } catch (error) {
    console.error('slack-notify failed:', error instanceof Error ? error.message : error);
    return failure(req, 500, 'Failed to send notification');
  }
});
