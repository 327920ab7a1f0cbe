/** Change password (spec 1 §2, §5, §7): through the change-password function, e-mail accounts only. */
import { useState, type FormEvent } from 'react';
import { canChangePassword, PASSWORD_CHANGE_INVALID } from '../../domain/auth/passwordRules.ts';
import { messageFor } from '../../domain/errors/catalogue.ts';
import { PasswordInput } from '../../ui/PasswordInput.tsx';
import { changePassword } from './actions.ts';

export function ChangePasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const valid = canChangePassword(current, next, confirmation);
  const started = next.length > 0 || confirmation.length > 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const outcome = await changePassword(current, next, confirmation);
    setBusy(false);
    if (outcome.ok) {
      setResult({ ok: true, text: outcome.value });
      setCurrent('');
      setNext('');
      setConfirmation('');
    } else setResult({ ok: false, text: messageFor('changePassword', outcome.error) });
  };

  return (
    <section className="change-password" aria-labelledby="change-password-title">
      <h2 id="change-password-title">Change password</h2>
      <form onSubmit={(event) => void submit(event)}>
        <PasswordInput label="Current password" value={current} onChange={setCurrent} autoComplete="current-password" />
        <PasswordInput label="New password" value={next} onChange={setNext} autoComplete="new-password" />
        <PasswordInput
          label="Confirm new password"
          value={confirmation}
          onChange={setConfirmation}
          autoComplete="new-password"
        />
        {started && !valid && <p className="hint">{PASSWORD_CHANGE_INVALID}</p>}
        {result && (
          <p className={`notice ${result.ok ? 'success' : 'error'}`} role={result.ok ? 'status' : 'alert'}>
            {result.text}
          </p>
        )}
        <button type="submit" className="primary" disabled={!valid || busy}>
          {busy ? 'Changing…' : 'Change password'}
        </button>
      </form>
    </section>
  );
}
