/**
 * Who may send which notification through slack-notify, and the text the operators read. Pure
 * (no I/O), so the rules are unit-tested in Deno (tests/deno/slack-notify-policy.test.ts).
 *
 * - The service role (other functions, operators' scripts) may send every type, about anyone.
 * - A signed-in user may send only USER_NOTIFICATION_TYPES, always with a type, and only about
 *   themselves: a subject (`auth_user_id`, `email`) naming another account is refused. The
 *   sender line of the text is their e-mail as the auth server knows it, never a claim of the
 *   body.
 * - A user's `new_user` notice is written here from their account (e-mail, sign-up time), not
 *   from the body: the body cannot make the operators announce someone else.
 */
import {
  type NotificationType,
  USER_NOTIFICATION_TYPES,
  type UserNotificationType,
} from '../_shared/notification-types.ts';

export type Sender = { kind: 'service' } | { kind: 'user'; id: string; email: string | null; createdAt: string | null };

/** Whom a notification says it is about, when the body names someone. */
export interface Subject {
  auth_user_id?: string;
  email?: string;
}

export interface Refusal {
  status: 400 | 403;
  error: string;
}

export const REFUSALS = {
  typeRequired: 'type is required',
  serverOnly: (type: string) => `${type} notifications are sent by the server only`,
  notYours: 'You may only send notifications about your own account',
} as const;

function isUserType(type: NotificationType): type is UserNotificationType {
  return (USER_NOTIFICATION_TYPES as readonly string[]).includes(type);
}

/** Why `sender` may not send this notification, or undefined when they may. */
export function refusalOf(sender: Sender, type: NotificationType | undefined, subject: Subject): Refusal | undefined {
  if (sender.kind === 'service') return undefined;
  if (type === undefined) return { status: 400, error: REFUSALS.typeRequired };
  if (!isUserType(type)) return { status: 403, error: REFUSALS.serverOnly(type) };
  const otherId = subject.auth_user_id !== undefined && subject.auth_user_id !== sender.id;
  const otherEmail =
    subject.email !== undefined && subject.email.trim().toLowerCase() !== (sender.email ?? '').toLowerCase();
  if (otherId || otherEmail) return { status: 403, error: REFUSALS.notYours };
  return undefined;
}

/** Slack's control characters as entities, so `<!channel>` or `<https://x|label>` stay text. */
export function slackEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The new-user notice, from the account itself (spec: "new user registered"; body not shown). */
export function newUserMessage(sender: Extract<Sender, { kind: 'user' }>): string {
  return `New user registered: ${sender.email ?? sender.id} (signed up ${sender.createdAt ?? 'at an unknown time'})`;
}

/** The text posted: `[type] message` and who sent it, the caller's words kept plain text. */
export function notificationText(sender: Sender, type: NotificationType | undefined, message: string): string {
  const from = sender.kind === 'service' ? 'service' : (sender.email ?? sender.id);
  return `${type ? `[${type}] ` : ''}${slackEscape(message)}\nFrom: ${slackEscape(from)}`;
}
