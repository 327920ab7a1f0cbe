/**
 * After a hosted page opened in a tab (hostedPage.ts), the account is read again when the
 * checkout's tab comes back to the app (announced through storage), and each time the user
 * comes back to the panel: the window gains focus, or the page becomes visible again.
 */
import { useEffect } from 'react';
import { onCheckoutReturned } from '../../data/local/checkoutReturned.ts';

export function useReadAgainOnReturn(away: boolean, readAgain: () => void): void {
  useEffect(() => {
    if (!away) return;
    const back = () => {
      if (document.visibilityState === 'visible') readAgain();
    };
    window.addEventListener('focus', back);
    document.addEventListener('visibilitychange', back);
    const stopHearing = onCheckoutReturned(readAgain);
    return () => {
      window.removeEventListener('focus', back);
      document.removeEventListener('visibilitychange', back);
      stopHearing();
    };
  }, [away, readAgain]);
}
