/**
 * The setup polling of the signed-in user while the overlay shows: the currency detected
 * first (the payment customer's), then the machine started; stopped — its timer cleared, late
 * answers ignored — when the overlay goes (logout, another user, setup done and unmounted).
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { initialSetupPolling, type SetupPolling } from '../../domain/billing/setupPolling.ts';
import { setupCurrency, setupIo } from './actions.ts';
import { createSetupRunner, type SetupRunner } from './setupRunner.ts';

const IDLE = initialSetupPolling();
const noRunner = { subscribe: () => () => {}, state: IDLE };

export function useSetupPolling(authId: string): { polling: SetupPolling; checkAgain: () => void } {
  const [runner, setRunner] = useState<SetupRunner | null>(null);
  useEffect(() => {
    const started = createSetupRunner(setupIo(authId));
    let live = true;
    void setupCurrency().then((currency) => {
      if (!live) return;
      started.start(currency);
      setRunner(started);
    });
    return () => {
      live = false;
      started.stop();
      setRunner(null);
    };
  }, [authId]);
  const source = runner ?? noRunner;
  const polling = useSyncExternalStore(source.subscribe, () => source.state);
  return { polling, checkAgain: () => runner?.checkAgain() };
}
