/**
 * The account-setup overlay (spec 2 §2 "Setup overlay"): the whole panel while the signed-in
 * user's setup runs — 'Setting up your account...', 'This may take a few moments', Log Out; in
 * debug mode the seven steps with 'Check Status Again'. It drives the polling (§4) and calls
 * `onDone` once the machine says done (setup_complete, or team_activated accepted). Focus
 * starts on its heading.
 */
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { routes } from '../../domain/routing/routes.ts';
import { Button } from '../../ui/Button.tsx';
import { signOutAndReload } from '../auth/actions.ts';
import { useDebugMode } from '../debug/useDebugMode.ts';
import { SetupStepList } from './SetupStepList.tsx';
import { useSetupPolling } from './useSetupPolling.ts';
import './setupOverlay.css';

export function SetupOverlay({ authId, onDone }: { authId: string; onDone: () => void }) {
  const { polling, checkAgain } = useSetupPolling(authId);
  const { debug } = useDebugMode();
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const done = polling.outcome !== null;
  useEffect(() => {
    if (done) onDone();
  }, [done, onDone]);
  const logOut = () => void signOutAndReload(() => navigate(routes.login(), { replace: true }));
  return (
    <main className="setup-overlay" aria-labelledby="setup-overlay-title">
      <h1 id="setup-overlay-title" ref={heading} tabIndex={-1}>
        Setting up your account...
      </h1>
      <div className="setup-spinner" aria-hidden="true" />
      <p>This may take a few moments</p>
      {debug && <SetupStepList profileState={polling.profileState ?? null} />}
      <div className="setup-actions">
        {debug && <Button onPress={checkAgain}>Check Status Again</Button>}
        <Button onPress={logOut}>Log Out</Button>
      </div>
    </main>
  );
}
