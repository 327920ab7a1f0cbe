/**
 * The header's DEV badge (issue 20): outside the production build, or — for an admin, who may
 * read get_database_info — on a database that is not production (src/domain/debug/devBadge.ts).
 */
import { useEffect, useState } from 'react';
import type { EnvironmentBadge } from '../../domain/admin/environmentBadge.ts';
import { DEV_BADGE_TEXT, showsDevBadge } from '../../domain/debug/devBadge.ts';
import { loadEnvironmentBadge } from '../../data/supabase/admin.ts';
import { isAdmin } from '../auth/actions.ts';

export function DevBadge({ authId }: { authId: string }) {
  const productionBuild = import.meta.env.PROD;
  const [database, setDatabase] = useState<EnvironmentBadge | null>(null);
  useEffect(() => {
    if (!productionBuild) return;
    let live = true;
    void isAdmin(authId).then(async (admin) => {
      if (admin && live) {
        const badge = await loadEnvironmentBadge();
        if (live) setDatabase(badge);
      }
    });
    return () => {
      live = false;
    };
  }, [authId, productionBuild]);
  if (!showsDevBadge(productionBuild, database)) return null;
  return (
    <span className="badge dev-badge" data-testid="dev-badge" title="Not production">
      {DEV_BADGE_TEXT}
    </span>
  );
}
