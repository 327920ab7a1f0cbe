/**
 * slack-notify: operator notifications (spec 1 "Serverless functions", spec 2 §7: onboarding
 * events, setup recovery, API errors, debug-mode changes, a new user).
 *
 * POST `{type?, message?, auth_user_id?, email?, webhook_url?}`; answers `{success: true,
 * delivered}` where `delivered` is `posted`, `logged_no_webhook`, `logged_webhook_failed` (no
 * webhook or a failing one is logged and still counts as success, as the spec says) or
 * `already_sent` (a new-user notice goes out once per user).
 *
 * Who may send (policy.ts):
 * - the service role key as bearer (other functions): any type, about anyone;
 * - a signed-in user's access token: only api_error, debug_mode, onboarding_event and new_user
 *   (else 403), with a type (else 400), about themselves only (a body `auth_user_id`/`email`
 *   naming another account: 403), at most USER_LIMIT (else 429 with Retry-After; counted by
 *   the database, `_shared/rate-limit.ts`, shared by every isolate). A
 *   user's new_user text is written from their account, and sent once per user
 *   (`claim_operator_notice`);
 * - nobody else → 401: the anon key or a deleted user's or revoked session's token
 *   'Authentication required' here; a forged or expired token is stopped before, by the
 *   relay's JWT check (verify_jwt, config.toml).
 * Refused requests post nothing.
 *
 * What must stay true:
 * - the message goes to the configured SLACK_WEBHOOK_URL only. The spec's `webhook_url` field is
 *   accepted for compatibility and ignored: taking a destination from the browser would make
 *   this an open relay (and put the webhook, a secret, in the app);
 * - keys, tokens and Authorization values are redacted from every notification
 *   (`_shared/redact.ts`, applied by `_shared/slack.ts`), and the caller's headers are never
 *   forwarded.
 */
import { z } from 'npm:zod@4.6.7';
import { bearerToken, callerOf } from '../_shared/auth.ts';
import { serviceClient } from '../_shared/clients.ts';
import { preflight } from '../_shared/cors.ts';
import { jsonResponse, readJson } from '../_shared/http.ts';
import { PayloadTooLarge } from '../_shared/request-body.ts';
import { NOTIFICATION_TYPES } from '../_shared/notification-types.ts';
import { type RateLimit, retryAfterSeconds } from '../_shared/rate-limit.ts';
import { notifySlack } from '../_shared/slack.ts';
import { newUserMessage, notificationText, refusalOf, type Sender } from './policy.ts';

const MAX_MESSAGE_CHARS = 10_000;
const USER_LIMIT: RateLimit = { bucket: 'slack-notify', limit: 10, windowSeconds: 60 };

const SlackNotifyBody = z.object(
  {
    message: z
      .string({ error: 'message is required' })
      .trim()
      .min(1, { error: 'message is required' })
      .max(MAX_MESSAGE_CHARS, { error: `message must be at most ${MAX_MESSAGE_CHARS} characters` })
      .optional(),
    type: z.enum(NOTIFICATION_TYPES, { error: `type must be one of ${NOTIFICATION_TYPES.join(', ')}` }).optional(),
    auth_user_id: z.uuid({ error: 'auth_user_id must be a UUID' }).optional(),
    email: z.string({ error: 'email must be a string' }).optional(),
    webhook_url: z.string({ error: 'webhook_url must be a string' }).optional(),
  },
  { error: 'The request body must be a JSON object with a message' },
);

function failure(req: Request, status: number, error: string, headers: Record<string, string> = {}): Response {
  return jsonResponse(req, status, { success: false, error }, headers);
}

/** Who sends the notification: the service role, or a user as the auth server knows them now. */
async function senderOf(req: Request): Promise<Sender | undefined> {
  const serviceKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
  if (serviceKey && bearerToken(req) === serviceKey) return { kind: 'service' };
  const caller = await callerOf(req);
  if (!caller.ok) return undefined;
  const { id, email, created_at } = caller.user;
  return { kind: 'user', id, email: email ?? null, createdAt: created_at ?? null };
}

/** True the first time a new-user notice about `userId` is sent, false ever after. */
async function claimNewUserNotice(userId: string): Promise<boolean> {
  const { data, error } = await serviceClient().rpc('claim_operator_notice', {
    p_auth_user_id: userId,
    p_kind: 'new_user',
  });
  if (error) throw new Error(`the new-user notice claim failed: ${error.message}`);
  return data === true;
}

async function slackNotify(req: Request): Promise<Response> {
  const sender = await senderOf(req);
  if (!sender) return failure(req, 401, 'Authentication required');
  const parsed = SlackNotifyBody.safeParse(await readJson(req));
  if (!parsed.success) return failure(req, 400, parsed.error.issues[0].message);
  const { type, auth_user_id, email } = parsed.data;
  const refusal = refusalOf(sender, type, { auth_user_id, email });
  if (refusal) return failure(req, refusal.status, refusal.error);
  const message = sender.kind === 'user' && type === 'new_user' ? newUserMessage(sender) : parsed.data.message;
  if (message === undefined) return failure(req, 400, 'message is required');

  if (sender.kind === 'user') {
    const wait = await retryAfterSeconds(sender.id, USER_LIMIT);
    if (wait > 0) {
      return failure(req, 429, 'Too many notifications. Please retry later.', { 'retry-after': String(wait) });
    }
  }
  const newUserId = type !== 'new_user' ? undefined : sender.kind === 'user' ? sender.id : auth_user_id;
  if (newUserId !== undefined && !(await claimNewUserNotice(newUserId))) {
    return jsonResponse(req, 200, { success: true, delivered: 'already_sent' });
  }
  const delivered = await notifySlack(notificationText(sender, type, message));
  return jsonResponse(req, 200, { success: true, delivered });
}

Deno.serve(async (req) => {
  if (req.method === 'OPTIONS') return preflight(req);
  if (req.method !== 'POST') return failure(req, 405, 'Method not allowed');
  try {
    return await slackNotify(req);
  } catch (error) {
    if (error instanceof PayloadTooLarge) return failure(req, 413, error.message);
    console.error('slack-notify failed:', error instanceof Error ? error.message : error);
    return failure(req, 500, 'Failed to send notification');
  }
});
