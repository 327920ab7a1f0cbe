/**
 * /auth/callback (ours, issue 16): where the sign-up confirmation link leads. The auth server's
 * redirect never signs anyone in here (client.ts drops and revokes its session); this screen
 * only tells what happened: confirmed → the sign-in form with the "address confirmed" notice
 * (or / when already signed in); a failed link → why, with the ways on.
 */
import { Link, Navigate } from 'react-router-dom';
import { confirmationNotices } from '../../domain/errors/messages.ts';
import { routes } from '../../domain/routing/routes.ts';
import { signUpConfirmation } from './actions.ts';
import { useSession } from './session.tsx';

export function AuthCallbackScreen() {
  const { session } = useSession();
  if (signUpConfirmation?.outcome !== 'failed') {
    return <Navigate to={session ? routes.root() : routes.login({ confirmed: 'true' })} replace />;
  }
  const expired = signUpConfirmation.code === 'otp_expired';
  return (
    <main className="screen narrow auth-screen">
      <h1>E-mail confirmation</h1>
      <p role="alert">{expired ? confirmationNotices.linkExpired : confirmationNotices.linkInvalid}</p>
      <p className="links">
        <Link to={routes.login()}>Sign in</Link>
        <Link to={routes.register()}>Create an account</Link>
      </p>
    </main>
  );
}
