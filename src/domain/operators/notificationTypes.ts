/**
 * The kinds of operator notification (slack-notify's `type`) as the app reads them: the list
 * lives in supabase/functions/_shared/notification-types.ts, shared with the function, which
 * refuses any other — and, from a signed-in user, any outside USER_NOTIFICATION_TYPES.
 */
export type { NotificationType, UserNotificationType } from '../../../supabase/functions/_shared/notification-types.ts';
