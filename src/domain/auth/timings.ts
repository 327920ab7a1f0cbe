/**
 * The visible timers of the access and profile screens (spec 1 §2, §4), in milliseconds, and
 * the schedules the screens start with them. Each returns its cancel function (for unmount).
 */
import { routes } from '../routing/routes.ts';

export const REGISTERED_NOTICE_MS = 8_000;
export const REGISTER_REDIRECT_MS = 3_000;
export const UPDATE_PASSWORD_REDIRECT_MS = 2_000;
export const FIELD_STATUS_MS = 2_000;
export const AVATAR_MESSAGE_MS = 3_000;

export const REGISTER_REDIRECT_TARGET = routes.login({ registered: 'success' });
export const UPDATE_PASSWORD_REDIRECT_TARGET = routes.root();

function after(delayMs: number, action: () => void): () => void {
  const timer = setTimeout(action, delayMs);
  return () => clearTimeout(timer);
}

/** /login?registered=success: hide the notice and drop the query after 8 s. */
export const expireRegisteredNotice = (expire: () => void) => after(REGISTERED_NOTICE_MS, expire);

/** /register success: the thank-you stays 3 s, then /login?registered=success. */
export const redirectAfterRegister = (go: (path: string) => void) =>
  after(REGISTER_REDIRECT_MS, () => go(REGISTER_REDIRECT_TARGET));

/** /update-password success: go to / after 2 s. */
export const redirectAfterPasswordUpdate = (go: (path: string) => void) =>
  after(UPDATE_PASSWORD_REDIRECT_MS, () => go(UPDATE_PASSWORD_REDIRECT_TARGET));
