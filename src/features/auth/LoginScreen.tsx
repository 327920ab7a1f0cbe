/**
 * /login (spec 1 §2): e-mail and password, show/hide, links; on success go to /. With
 * `confirmed=true` (from /auth/callback) it says the address is confirmed.
 */
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { confirmationNotices } from '../../domain/errors/messages.ts';
import { messageFor } from '../../domain/errors/catalogue.ts';
import { EmailInput } from '../../ui/EmailInput.tsx';
import { PasswordInput } from '../../ui/PasswordInput.tsx';
import { signIn } from './actions.ts';
import { useRegisteredNotice } from './useRegisteredNotice.ts';
import { ErrorMessage } from '../../ui/ErrorMessage.tsx';
import { routes } from '../../domain/routing/routes.ts';

export const REGISTERED_NOTICE = 'A verification email has been sent. Please check your inbox to confirm your account.';

export function LoginScreen() {
  const navigate = useNavigate();
  const showNotice = useRegisteredNotice();
  const confirmed = new URLSearchParams(useLocation().search).get('confirmed') === 'true';
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const result = await signIn(email, password);
    setBusy(false);
    if (result.ok) navigate(routes.root(), { replace: true });
    else setError(messageFor('login', result.error));
  };

  return (
    <main className="screen narrow auth-screen">
      <h1>Sign in</h1>
      {showNotice && (
        <p className="notice success" data-testid="registered-notice">
          {REGISTERED_NOTICE}
        </p>
      )}
      {confirmed && (
        <p className="notice success" role="status" data-testid="confirmed-notice">
          {confirmationNotices.addressConfirmed}
        </p>
      )}
      <form onSubmit={(event) => void submit(event)}>
        <EmailInput value={email} onChange={setEmail} />
        <PasswordInput
          label="Password"
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
          toggle
        />
        <ErrorMessage message={error} />
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <p className="links">
        <Link to={routes.resetPassword()}>Forgot your password?</Link>
        <Link to={routes.register()}>Create an account</Link>
      </p>
    </main>
  );
}
