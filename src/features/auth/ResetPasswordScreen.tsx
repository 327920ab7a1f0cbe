/** /reset-password (spec 1 §2): sends the reset mail; 'Back to login'. */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { messageFor } from '../../domain/errors/catalogue.ts';
import { EmailInput } from '../../ui/EmailInput.tsx';
import { requestPasswordReset, RESET_EMAIL_SENT } from './actions.ts';
import { routes } from '../../domain/routing/routes.ts';

export function ResetPasswordScreen() {
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await requestPasswordReset(email);
    setBusy(false);
    setMessage(
      result.ok ? { ok: true, text: RESET_EMAIL_SENT } : { ok: false, text: messageFor('resetPassword', result.error) },
    );
  };

  return (
    <main className="screen narrow auth-screen">
      <h1>Reset your password</h1>
      <form onSubmit={(event) => void submit(event)}>
        <EmailInput value={email} onChange={setEmail} />
        {message && (
          <p className={`notice ${message.ok ? 'success' : 'error'}`} role={message.ok ? 'status' : 'alert'}>
            {message.text}
          </p>
        )}
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Sending…' : 'Send reset link'}
        </button>
      </form>
      <p className="links">
        <Link to={routes.login()}>Back to login</Link>
      </p>
    </main>
  );
}
