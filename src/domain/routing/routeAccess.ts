/**
 * Route guards and header rules (spec 1 §2, spec 2 §2), read from the route table: where a
 * visitor goes instead of a page, and what the header shows on each path.
 */
import { routeOf, routes, ROUTES, type Access } from './routes.ts';

/** Where a visitor goes instead of the page, or null when they may stay. */
export function guardRedirect(access: Access, signedIn: boolean, isAdmin = false): string | null {
  if (access === 'guest') return signedIn ? routes.root() : null;
  if (access === 'auth') return signedIn ? null : routes.login();
  if (access === 'admin') return !signedIn ? routes.login() : isAdmin ? null : routes.account();
  return null;
}

/** Whether the path is a screen only for users granted debug mode (issue 20: `debugOnly` in the table). */
export function isDebugOnlyPath(pathname: string): boolean {
  const id = routeOf(pathname);
  return id !== null && ROUTES[id].debugOnly === true;
}

/**
 * Where a signed-in user without the debug-mode grant goes instead of a debug-only screen (/),
 * or null. Signed out, the route's access decides (guardRedirect).
 */
export function debugGrantRedirect(pathname: string, signedIn: boolean, granted: boolean): string | null {
  return signedIn && !granted && isDebugOnlyPath(pathname) ? routes.root() : null;
}

export interface HeaderPlan {
  visible: boolean;
  backLabel: 'Exit Notion settings' | 'Back' | null;
}

/** The header on a path; an unknown path shows NotLinkedIn, with a header and no back button. */
export function headerPlan(pathname: string): HeaderPlan {
  const id = routeOf(pathname);
  const kind = id ? ROUTES[id].header : 'plain';
  if (kind === 'none') return { visible: false, backLabel: null };
  if (kind === 'plain') return { visible: true, backLabel: null };
  return { visible: true, backLabel: kind === 'settingsFlow' ? 'Exit Notion settings' : 'Back' };
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
