/**
 * The settings list's origin rule (spec 1 §2, spec 2 §2): opening the list from anywhere but
 * the wizard steps remembers where from; GoBackFromSettings returns there, except that an
 * origin of /account or /profile leads to MissingContext.
 */
export const SETTINGS_LIST_PATHS = ['/notion-settings', '/go-back-settings'];
export const WIZARD_PATHS = [
  '/new-setting/select-workspace',
  '/new-setting/select-database',
  '/new-setting/linkedin-mapping',
  '/new-setting/completion',
];
export const MISSING_CONTEXT_PATH = '/missing-context';

const bare = (path: string) => path.split('?')[0].replace(/\/+$/, '') || '/';

/** The origin to store when the list opens coming from `fromPath` (full path), or null. */
export function originToStore(fromPath: string | null, toPath: string): string | null {
  if (!fromPath || !SETTINGS_LIST_PATHS.includes(bare(toPath))) return null;
  const from = bare(fromPath);
  if (WIZARD_PATHS.includes(from) || SETTINGS_LIST_PATHS.includes(from)) return null;
  return fromPath;
}

/** Where GoBackFromSettings leads for a stored origin (null: none stored). */
export function goBackTarget(origin: string | null): string | null {
  if (!origin) return null;
  const path = bare(origin);
  return path === '/account' || path === '/profile' ? MISSING_CONTEXT_PATH : origin;
}
