/**
 * The user details dialog's "Debug mode" switch (issue 20): grants or withdraws the user's
 * debug mode (set_debug_mode_allowed); the user sees the change at their next sign-in or app
 * start. The switch shows the stored value: it moves back when the change fails.
 */
import { useState } from 'react';
import { Switch } from 'react-aria-components';
import { ErrorMessage } from '../../ui/ErrorMessage.tsx';
import { setUserDebugMode } from './actions.ts';
import './debugGrant.css';

export function DebugGrantSwitch({ userId, initial }: { userId: string; initial: boolean }) {
  const [allowed, setAllowed] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const change = async (next: boolean) => {
    setBusy(true);
    setError(null);
    const result = await setUserDebugMode(userId, next);
    setBusy(false);
    if (result.ok) setAllowed(result.value);
    else setError(`Could not change debug mode: ${result.error.message}`);
  };
  return (
    <div className="debug-grant">
      <Switch className="switch" isSelected={allowed} isDisabled={busy} onChange={(next) => void change(next)}>
        <span className="switch-track" aria-hidden="true">
          <span className="switch-thumb" />
        </span>
        Debug mode
      </Switch>
      <ErrorMessage message={error} />
    </div>
  );
}
