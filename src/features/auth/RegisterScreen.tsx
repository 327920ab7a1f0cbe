/** /register (spec 1 §2, §5; spec 2 §5): thank-you, then /login?registered=success after 3 s. */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { redirectAfterRegister } from '../../domain/auth/timings.ts';
import { EmailInput } from '../../ui/EmailInput.tsx';
import { PasswordInput } from '../../ui/PasswordInput.tsx';
import { register } from './actions.ts';
import { useSubmitThenRedirect } from './useSubmitThenRedirect.ts';
import { ErrorMessage } from '../../ui/ErrorMessage.tsx';
import { routes } from '../../domain/routing/routes.ts';

export const THANK_YOU = 'Thank you for registering! Please check your email to confirm your account.';

export function RegisterScreen() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const { error, busy, done, submit } = useSubmitThenRedirect(
    () => register(email, password, confirmation),
    redirectAfterRegister,
    'register',
  );

  if (done) {
    return (
      <main className="screen narrow auth-screen">
        <h1>Create an account</h1>
        <p className="notice success" role="status">
          {THANK_YOU}
        </p>
      </main>
    );
  }

  return (
    <main className="screen narrow auth-screen">
      <h1>Create an account</h1>
      <form onSubmit={(event) => void submit(event)} noValidate={false}>
        <EmailInput value={email} onChange={setEmail} />
        <PasswordInput label="Password" value={password} onChange={setPassword} autoComplete="new-password" toggle />
        <PasswordInput
          label="Confirm password"
          value={confirmation}
          onChange={setConfirmation}
          autoComplete="new-password"
        />
        <ErrorMessage message={error} />
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Creating account…' : 'Sign up'}
        </button>
      </form>
      <p className="links">
        <Link to={routes.login()}>Already have an account? Sign in</Link>
      </p>
    </main>
  );
}
