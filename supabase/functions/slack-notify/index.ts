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
 * - `type` is one of NOTIFICATION_TYPES (else 400), and a user may send at most
 *   USER_LIMIT notifications per USER_WINDOW_SECONDS (else 429 with Retry-After; counted by the
 *   database, `take_rate_limit_slot`, so every isolate shares the count). Refused requests
 *   post nothing. The service role (other functions) is not limited;
 * - keys and tokens are redacted from every notification (`_shared/redact.ts`).
 */
import { z } from 'npm:zod@4.6.7';
import { bearerToken, callerOf } from '../_shared/auth.ts';
import { serviceClient } from '../_shared/clients.ts';
import { corsHeaders, preflight } from '../_shared/cors.ts';
import { jsonResponse, readJson } from '../_shared/http.ts';
import { NOTIFICATION_TYPES } from '../_shared/notification-types.ts';
import { notifySlack } from '../_shared/slack.ts';

const MAX_MESSAGE_CHARS = 10_000;
const USER_LIMIT = 10;
const USER_WINDOW_SECONDS = 60;

const SlackNotifyBody = z.object(
  {
    message: z
      .string({ error: 'message is required' })
      .trim()
      .min(1, { error: 'message is required' })
      .max(MAX_MESSAGE_CHARS, { error: `message must be at most ${MAX_MESSAGE_CHARS} characters` }),
    type: z.enum(NOTIFICATION_TYPES, { error: `type must be one of ${NOTIFICATION_TYPES.join(', ')}` }).optional(),
    webhook_url: z.string({ error: 'webhook_url must be a string' }).optional(),
  },
  { error: 'The request body must be a JSON object with a message' },
);

function failure(req: Request, status: number, error: string): Response {
  return jsonResponse(req, status, { success: false, error });
}

type Sender = { kind: 'service' } | { kind: 'user'; id: string; label: string };

/** Who sends the notification: the service role, or a user (named by e-mail for the operators). */
async function senderOf(req: Request): Promise<Sender | undefined> {
  const serviceKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
  if (serviceKey && bearerToken(req) === serviceKey) return { kind: 'service' };
  const caller = await callerOf(req);
  if (!caller.ok) return undefined;
  return { kind: 'user', id: caller.user.id, label: caller.user.email ?? caller.user.id };
}

/** Seconds until the user may notify again, or 0 when this notification is within the limit. */
async function retryAfterSeconds(userId: string): Promise<number> {
  const { data, error } = await serviceClient().rpc('take_rate_limit_slot', {
    p_auth_user_id: userId,
    p_bucket: 'slack-notify',
    p_limit: USER_LIMIT,
    p_window_seconds: USER_WINDOW_SECONDS,
  });
  if (error) throw new Error(`the rate limit check failed: ${error.message}`);
  return Number(data);
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
  if (sender.kind === 'user') {
    const wait = await retryAfterSeconds(sender.id);
    if (wait > 0) {
      return new Response(JSON.stringify({ success: false, error: 'Too many notifications. Please retry later.' }), {
        status: 429,
        headers: {
          ...corsHeaders(req),
          'content-type': 'application/json; charset=utf-8',
          'retry-after': String(wait),
        },
      });
    }
  }
  const { message, type } = parsed.data;
  const from = sender.kind === 'service' ? 'service' : sender.label;
  // Slack reads <…> as mentions and links: a caller's text must stay plain text.
  const text = `${type ? `[${type}] ` : ''}${slackEscape(message)}\nFrom: ${slackEscape(from)}`;
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
