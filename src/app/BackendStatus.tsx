import { useEffect, useState } from 'react';
import { backendReachable } from '../data/supabase/client.ts';
import { SUPABASE_URL } from '../data/supabase/project.ts';
import { useDebugMode } from '../features/debug/useDebugMode.ts';

type Status = 'checking' | 'online' | 'offline';

const STATUS_TEXT: Record<Status, string> = {
  checking: 'Connecting…',
  online: 'Backend connected',
  offline: 'Backend unreachable',
};

/**
 * In debug mode only (spec 1 §4), a small footer line saying whether the backend answers and
 * where it is: a developer's aid, not something every user should read (or see move the page).
 */
export function BackendStatus() {
  return useDebugMode().debug ? <BackendStatusLine /> : null;
}

/** Checked once, when the line appears. */
function BackendStatusLine() {
  const [status, setStatus] = useState<Status>('checking');
  useEffect(() => {
    let live = true;
    void backendReachable().then((ok) => live && setStatus(ok ? 'online' : 'offline'));
    return () => {
      live = false;
    };
  }, []);
  return (
    <footer className="backend-status" role="status" aria-label="Backend status" data-status={status}>
      {STATUS_TEXT[status]} <small>({SUPABASE_URL})</small>
    </footer>
  );
}
