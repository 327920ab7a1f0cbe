/**
 * The header's DEV badge (spec 2 §2 "A DEV badge can show"; issue 20): outside production —
 * a build that is not the production build, or a database that get_database_info does not
 * call production (read with the admin environment badge's own rule, environmentBadge.ts; a
 * failed read, as for a non-admin, says nothing).
 */
import type { EnvironmentBadge } from '../admin/environmentBadge.ts';

export const DEV_BADGE_TEXT = 'DEV';

export function showsDevBadge(productionBuild: boolean, database: EnvironmentBadge | null): boolean {
  if (!productionBuild) return true;
  return database !== null && database.style !== 'production' && database.style !== 'error';
}
