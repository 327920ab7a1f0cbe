/**
 * Who may set a new password on /update-password (spec 1 §2), decided from the session the
 * auth server gave, never from the address's words (recoverySession.ts):
 * - the reset link's token hash is redeemed with the auth server — unless an ordinary session
 *   is stored: that one is never silently replaced; the user is asked to log out first;
 * - a recovery session gets the form; an ordinary session, or none, is refused.
 * The hash leaves the address once redeemed (a reload keeps the recovery session).
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { recoveryTokenHash } from '../../domain/auth/recoverySession.ts';
import { messageFor } from '../../domain/errors/catalogue.ts';
import { routes } from '../../domain/routing/routes.ts';
import { redeemRecoveryLink, signOutHere } from './actions.ts';
import { useSession } from './session.tsx';

export type RecoveryGate =
  | { kind: 'checking' }
  | { kind: 'form'; email: string }
  | { kind: 'signedIn'; email: string; logOut: () => void }
  | { kind: 'notRecovery' }
  | { kind: 'noLink'; error?: string };

export function useRecoveryGate(): RecoveryGate {
  const { ready, session, recovery } = useSession();
  const { search } = useLocation();
  const navigate = useNavigate();
  const tokenHash = recoveryTokenHash(search);
  const [redeeming, setRedeeming] = useState(false);
  const [linkError, setLinkError] = useState<string | undefined>();
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (!ready || !tokenHash || session || started.current === tokenHash) return;
    started.current = tokenHash;
    setRedeeming(true);
    void redeemRecoveryLink(tokenHash).then((result) => {
      setLinkError(result.ok ? undefined : messageFor('updatePassword', result.error));
      setRedeeming(false);
      navigate(routes.updatePassword(), { replace: true });
    });
  }, [ready, tokenHash, session, navigate]);

  if (!ready || redeeming) return { kind: 'checking' };
  if (tokenHash && session) {
    return { kind: 'signedIn', email: session.user.email ?? '', logOut: () => void signOutHere() };
  }
  if (recovery) return { kind: 'form', email: recovery.user.email ?? '' };
  if (session) return { kind: 'notRecovery' };
  if (tokenHash) return { kind: 'checking' };
  return { kind: 'noLink', error: linkError };
}
