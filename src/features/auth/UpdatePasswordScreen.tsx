/**
 * /update-password (spec 1 §2): opened from the reset mail's link; new password and
 * confirmation; on success / after 2 s. Only a recovery session gets the form
 * (useRecoveryGate); the change ends it, so / then asks for a sign-in with the new password.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { redirectAfterPasswordUpdate } from '../../domain/auth/timings.ts';
import { updatePasswordRefusals as refusal } from '../../domain/errors/messages.ts';
import { routes } from '../../domain/routing/routes.ts';
import { ErrorMessage } from '../../ui/ErrorMessage.tsx';
import { PasswordInput } from '../../ui/PasswordInput.tsx';
import { PASSWORD_UPDATED, setNewPassword } from './actions.ts';
import { useRecoveryGate, type RecoveryGate } from './useRecoveryGate.ts';
import { useSubmitThenRedirect } from './useSubmitThenRedirect.ts';

function Refusal({ gate }: { gate: Exclude<RecoveryGate, { kind: 'form' } | { kind: 'checking' }> }) {
  if (gate.kind === 'signedIn') {
    return (
      <>
        <p className="notice error" role="alert">
          {refusal.signedInElsewhere(gate.email)}
        </p>
        <button type="button" className="primary" onClick={gate.logOut}>
          Log out and continue
        </button>
      </>
    );
  }
  if (gate.kind === 'notRecovery') {
    return (
      <>
        <p className="notice error" role="alert">
          {refusal.notARecoverySession}
        </p>
        <p className="links">
          <Link to={routes.profile()}>Profile</Link>
        </p>
      </>
    );
  }
  return (
    <>
      <p className="notice error" role="alert">
        {gate.error ?? refusal.noRecoveryLink}
      </p>
      <p className="links">
        <Link to={routes.resetPassword()}>Request a new reset link</Link>
      </p>
    </>
  );
}

export function UpdatePasswordScreen() {
  const gate = useRecoveryGate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const { error, busy, done, submit } = useSubmitThenRedirect(
    () => setNewPassword(password, confirmation),
    redirectAfterPasswordUpdate,
    'updatePassword',
  );

  let body;
  if (done) {
    body = (
      <p className="notice success" role="status">
        {PASSWORD_UPDATED}
      </p>
    );
  } else if (gate.kind === 'checking') {
    body = <p aria-busy="true">Loading…</p>;
  } else if (gate.kind !== 'form') {
    body = <Refusal gate={gate} />;
  } else {
    body = (
      <form onSubmit={(event) => void submit(event)}>
        <p data-testid="recovery-email">{gate.email}</p>
        <PasswordInput label="New password" value={password} onChange={setPassword} autoComplete="new-password" />
        <PasswordInput
          label="Confirm new password"
          value={confirmation}
          onChange={setConfirmation}
          autoComplete="new-password"
        />
        <ErrorMessage message={error} />
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Updating…' : 'Update password'}
        </button>
      </form>
    );
  }

  return (
    <main className="screen narrow auth-screen">
      <h1>Set a new password</h1>
      {body}
    </main>
  );
}
