/**
 * Sync Now (spec 2 §7, §8, §9): runs the Stripe sync as this admin; a failure reads
 * 'Sync failed: {message}'; either way the history reloads SYNC_REFRESH_DELAY_MS after the
 * answer (a failed run is logged too). The button stays busy until then, so a run is never
 * started twice.
 */
import { useCallback, useState } from 'react';
import { textOf } from '../../data/errors/result.ts';
import { SYNC_REFRESH_DELAY_MS } from '../../domain/admin/syncLog.ts';
import { syncNow } from './actions.ts';

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function useSyncNow(reload: () => Promise<void>) {
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(async () => {
    setRunning(true);
    setError(null);
    const done = await syncNow();
    if (!done.ok) setError(textOf('syncStripe', done.error));
    await pause(SYNC_REFRESH_DELAY_MS);
    await reload();
    setRunning(false);
  }, [reload]);
  return { running, error, run };
}
