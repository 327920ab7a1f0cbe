/**
 * The extension's current tab URL for the debug panels (spec 2 §2 "Debug panels"): asked with
 * REQUEST_CURRENT_URL whenever the route changes, and again on demand; the bridge's timeout
 * text when the extension does not answer.
 */
import { useCallback, useEffect, useState } from 'react';
import { askTabUrl } from './actions.ts';

export type TabUrlState =
  { status: 'asking' } | { status: 'answered'; url: string | null } | { status: 'failed'; message: string };

type Settled = Exclude<TabUrlState, { status: 'asking' }>;

export function useTabUrl(routeKey: string): [TabUrlState, () => void] {
  const [asked, setAsked] = useState(0);
  const [settled, setSettled] = useState<{ key: string; state: Settled }>();
  const key = `${routeKey}#${asked}`;
  useEffect(() => {
    let live = true;
    askTabUrl().then(
      (url) => live && setSettled({ key, state: { status: 'answered', url } }),
      (error: unknown) =>
        live &&
        setSettled({
          key,
          state: { status: 'failed', message: error instanceof Error ? error.message : String(error) },
        }),
    );
    return () => {
      live = false;
    };
  }, [key]);
  const askAgain = useCallback(() => setAsked((n) => n + 1), []);
  return [settled?.key === key ? settled.state : { status: 'asking' }, askAgain];
}
