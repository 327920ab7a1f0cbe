/**
 * The settings list's origin rule (spec 1 §2, spec 2 §2): opening the list from anywhere but
 * the wizard steps remembers where from; GoBackFromSettings returns there, except that an
 * origin of /account or /profile leads to MissingContext. Which routes are the list and the
 * wizard is the route table's `settings` mark.
 */
import { routeOf, routes, ROUTES } from '../routing/routes.ts';

const settingsPart = (path: string) => {
  const id = routeOf(path);
  return id ? ROUTES[id].settings : undefined;
};

/** The origin to store when the list opens coming from `fromPath` (full path), or null. */
export function originToStore(fromPath: string | null, toPath: string): string | null {
  if (!fromPath || settingsPart(toPath) !== 'list') return null;
  return settingsPart(fromPath) ? null : fromPath;
}

/** Where GoBackFromSettings leads for a stored origin (null: none stored). */
export function goBackTarget(origin: string | null): string | null {
  if (!origin) return null;
  const from = routeOf(origin);
  return from === 'account' || from === 'profile' ? routes.missingContext() : origin;
}
