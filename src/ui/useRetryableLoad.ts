/**
 * Loads a screen's data once, with a Retry that loads it again (profile, account). The
 * screen says how a failure reads (`describe`: its context in the message catalogue).
 */
import { useCallback, useEffect, useState } from 'react';

export type Load<T> = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; data: T };

export function useRetryableLoad<T>(
  load: () => Promise<T>,
  describe: (error: unknown) => string,
): { load: Load<T>; retry: () => void } {
  const [state, setState] = useState<Load<T>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    load().then(
      (data) => live && setState({ state: 'ready', data }),
      (error: unknown) => live && setState({ state: 'error', message: describe(error) }),
    );
    return () => {
      live = false;
    };
  }, [load, describe, attempt]);
  const retry = useCallback(() => {
    setState({ state: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { load: state, retry };
}
