/**
 * The admin layout's environment badge (spec 2 §2): the database's branch name, in the
 * production style when get_database_info says it is production (the database decides: main
 * or production), the development style for develop, a neutral one for any other branch (a
 * local stack says 'local'); 'Supabase: error' when the read failed.
 */
import { adminTexts } from './adminTexts.ts';

export type BadgeStyle = 'production' | 'development' | 'neutral' | 'error';

export interface EnvironmentBadge {
  label: string;
  style: BadgeStyle;
}

const DEVELOPMENT_BRANCH = 'develop';

/** The badge for get_database_info's answer, or for its failure (`null`). */
export function environmentBadge(
  info: { branch_name: string | null; is_production: boolean | null } | null,
): EnvironmentBadge {
  if (!info) return { label: adminTexts.databaseInfoFailed, style: 'error' };
  const branch = info.branch_name?.trim() || 'unknown';
  const style = info.is_production ? 'production' : branch === DEVELOPMENT_BRANCH ? 'development' : 'neutral';
  return { label: `Supabase: ${branch}`, style };
}
