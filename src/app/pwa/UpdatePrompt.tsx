/**
 * "A new version is available" with Reload (issue 15): shown while a new service worker waits.
 * Reload switches only when no Notion write is in flight (`outboxIdle`); while one is, the
 * prompt says so and tries again each second, so an edit is never cut off by the update.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Button } from '../../ui/Button.tsx';
import { Notice } from '../../ui/Notice.tsx';
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
    <Notice
      action={
        <Button isDisabled={finishing} onPress={async () => setFinishing(!(await applyUpdate(outboxIdle)))}>
          Reload
        </Button>
      }
    >
      {finishing ? 'Saving your changes, then reloading…' : 'A new version is available'}
    </Notice>
  );
}
