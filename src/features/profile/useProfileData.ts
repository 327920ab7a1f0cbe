/** Loads the signed-in user's profile and avatar for the profile screen. */
import { useCallback, useEffect, useState } from 'react';
import { loadProfile, UNEXPECTED_ERROR, type ProfileData } from './actions.ts';

export type ProfileLoad =
  { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; data: ProfileData };

export function useProfileData(): { load: ProfileLoad; retry: () => void } {
  const [load, setLoad] = useState<ProfileLoad>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    loadProfile().then(
      (data) => live && setLoad({ state: 'ready', data }),
      (error: unknown) =>
        live && setLoad({ state: 'error', message: error instanceof Error ? error.message : UNEXPECTED_ERROR }),
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  const retry = useCallback(() => {
    setLoad({ state: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { load, retry };
}
