/** The admin layout's environment badge (spec 2 §2): 'Supabase: {branch}', styled by environment. */
import { useEffect, useState } from 'react';
import type { EnvironmentBadge as Badge } from '../../domain/admin/environmentBadge.ts';
import { loadEnvironmentBadge } from '../../data/supabase/admin.ts';

export function EnvironmentBadge() {
  const [badge, setBadge] = useState<Badge>();
  useEffect(() => {
    let live = true;
    void loadEnvironmentBadge().then((loaded) => live && setBadge(loaded));
    return () => {
      live = false;
    };
  }, []);
  if (!badge)
    return (
      <p className="badge env-badge" aria-busy="true">
        Supabase: …
      </p>
    );
  return (
    <p className={`badge env-badge ${badge.style}`} data-testid="environment-badge" data-style={badge.style}>
      {badge.label}
    </p>
  );
}
