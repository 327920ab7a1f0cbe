/**
 * /login?registered=success: the 'verification e-mail sent' notice stays 8 s, then it goes
 * and the query parameter is removed from the address (spec 1 §2).
 */
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { expireRegisteredNotice } from '../../domain/auth/timings.ts';
import { withoutQueryParam } from '../../domain/routing/routeAccess.ts';

export function useRegisteredNotice(): boolean {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const registered = new URLSearchParams(search).get('registered') === 'success';
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    if (!registered) return;
    return expireRegisteredNotice(() => {
      setExpired(true);
      navigate({ pathname, search: withoutQueryParam(search, 'registered') }, { replace: true });
    });
  }, [registered, search, pathname, navigate]);
  return registered && !expired;
}
