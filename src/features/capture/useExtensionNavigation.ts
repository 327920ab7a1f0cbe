/**
 * Follows the extension (spec 1 §2 "Extension navigation"): the URL of the browser tab, as the
 * extension reports it, moves the app to the profile's verdict or to UnusedLinkedIn/NotLinkedIn
 * (`extensionNavigationTarget`), unless blocked (same url as the query, the screen already
 * shown, or a route outside the allowed set). Mounted once in the layout.
 */
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { extensionNavigationTarget } from '../../domain/capture/extensionNavigation.ts';
import { followExtension } from './actions.ts';

let navigations = 0;

/**
 * How many times the extension has moved the app: a screen that decided where to go before a
 * later count must not go there — the extension's navigation is newer (RootScreen).
 */
export const extensionNavigationCount = (): number => navigations;

export function useExtensionNavigation(): void {
  const navigate = useNavigate();
  const location = useLocation();
  const where = useRef({ pathname: location.pathname, search: location.search });
  useEffect(() => {
    where.current = { pathname: location.pathname, search: location.search };
  }, [location]);
  useEffect(
    () =>
      followExtension((url) => {
        const target = extensionNavigationTarget(url, where.current.pathname, where.current.search);
        if (!target) return;
        // A profile comes as two messages (the tab's URL update, then the navigation): the
        // second one must see where the first one went, before React renders the new location.
        const { pathname, search } = new URL(target, 'http://app.invalid');
        where.current = { pathname, search };
        navigations += 1;
        void navigate(target);
      }),
    [navigate],
  );
}
