/** /update-password (spec 1 §2): opened from the recovery link; on success / after 2 s. */
import { useState } from 'react';
import { redirectAfterPasswordUpdate } from '../../domain/auth/timings.ts';
import { PasswordInput } from '../../ui/PasswordInput.tsx';
import { PASSWORD_UPDATED, setNewPassword } from './actions.ts';
import { useSubmitThenRedirect } from './useSubmitThenRedirect.ts';
import { ErrorMessage } from '../../ui/ErrorMessage.tsx';

export function UpdatePasswordScreen() {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const { error, busy, done, submit } = useSubmitThenRedirect(
    () => setNewPassword(password, confirmation),
    redirectAfterPasswordUpdate,
    'updatePassword',
  );

  return (
    <main className="screen narrow auth-screen">
      <h1>Set a new password</h1>
      {done ? (
        <p className="notice success" role="status">
          {PASSWORD_UPDATED}
        </p>
      ) : (
        <form onSubmit={(event) => void submit(event)}>
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
      )}
    </main>
  );
}
