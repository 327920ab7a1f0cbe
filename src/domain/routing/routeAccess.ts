/**
 * Route guards and header rules (spec 1 §2, spec 2 §2): which paths need a session, which are
 * for signed-out visitors only, and what the header shows on each path.
 */
export type Access = 'auth' | 'guest' | 'open' | 'admin';

export const AUTH_PAGES = ['/login', '/register', '/reset-password', '/update-password'];
export const SETTINGS_FLOW = [
  '/notion-settings',
  '/new-setting/select-workspace',
  '/new-setting/select-database',
  '/new-setting/linkedin-mapping',
  '/new-setting/completion',
];
const BACK_BUTTON_PAGES = [...SETTINGS_FLOW, '/profile', '/account'];

/** Where a visitor goes instead of the page, or null when they may stay. */
export function guardRedirect(access: Access, signedIn: boolean, isAdmin = false): string | null {
  if (access === 'guest') return signedIn ? '/' : null;
  if (access === 'auth') return signedIn ? null : '/login';
  if (access === 'admin') return !signedIn ? '/login' : isAdmin ? null : '/account';
  return null;
}

export interface HeaderPlan {
  visible: boolean;
  backLabel: 'Exit Notion settings' | 'Back' | null;
}

export function headerPlan(pathname: string): HeaderPlan {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (AUTH_PAGES.includes(path)) return { visible: false, backLabel: null };
  if (!BACK_BUTTON_PAGES.includes(path)) return { visible: true, backLabel: null };
  return { visible: true, backLabel: SETTINGS_FLOW.includes(path) ? 'Exit Notion settings' : 'Back' };
}

/** The user menu's badge: the e-mail's first letter. */
export function emailInitial(email: string | null | undefined): string {
  return (email?.trim()[0] ?? 'U').toUpperCase();
}

/** The query string without one parameter ('' when nothing is left). */
export function withoutQueryParam(search: string, name: string): string {
  const params = new URLSearchParams(search);
  params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
