/**
 * The kinds of operator notification slack-notify accepts (spec 1 "Serverless functions":
 * "API error, new user registered, debug mode change, API rate limit or monthly quota exceeded";
 * spec 2 §7: `onboarding_event`), and which of them a signed-in user may send. ONE list, read by
 * the function (Deno) and by the app's notifyOperators (Vite), so it has no imports. A type
 * outside it is refused (400): operators can trust the tag they filter on.
 */
export const NOTIFICATION_TYPES = [
  'api_error',
  'new_user',
  'debug_mode',
  'rate_limit',
  'quota_exceeded',
  'onboarding_event',
] as const;

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * What the app may report about its own user. Rate-limit and quota alerts come from the
 * functions that meet those limits (get-profile-data-by-url), never from a browser.
 */
export const USER_NOTIFICATION_TYPES = [
  'api_error',
  'new_user',
  'debug_mode',
  'onboarding_event',
] as const satisfies readonly NotificationType[];

export type UserNotificationType = (typeof USER_NOTIFICATION_TYPES)[number];
