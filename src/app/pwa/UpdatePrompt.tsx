/**
 * "A new version is available" with Reload (issue 15): shown while a new service worker waits.
 * Reload switches only when no Notion write is in flight (`outboxIdle`); while one is, the
 * prompt says so and tries again each second, so an edit is never cut off by the update.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { outboxIdle } from './outboxIdle.ts';
import { applyUpdate, onUpdateWaiting, updateWaiting } from './serviceWorker.ts';

const RETRY_MS = 1000;

export function UpdatePrompt() {
  const waiting = useSyncExternalStore(onUpdateWaiting, updateWaiting);
  const [finishing, setFinishing] = useState(false);

  useEffect(() => {
    if (!finishing) return;
    const timer = setInterval(() => void applyUpdate(outboxIdle), RETRY_MS);
    return () => clearInterval(timer);
  }, [finishing]);

  if (!waiting) return null;
  return (
    <div className="update-prompt" role="status">
      <span>{finishing ? 'Saving your changes, then reloading…' : 'A new version is available'}</span>
      <button type="button" disabled={finishing} onClick={async () => setFinishing(!(await applyUpdate(outboxIdle)))}>
        Reload
      </button>
    </div>
  );
}
