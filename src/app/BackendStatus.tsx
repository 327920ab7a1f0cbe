import { useEffect, useState } from 'react';
import { backendReachable, SUPABASE_URL } from '../data/supabase/client.ts';

type Status = 'checking' | 'online' | 'offline';

const STATUS_TEXT: Record<Status, string> = {
  checking: 'Connecting…',
  online: 'Backend connected',
  offline: 'Backend unreachable',
};

/** A small footer line saying whether the backend answers (checked once at start). */
export function BackendStatus() {
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
