/**
 * Follows the extension (spec 1 §2 "Extension navigation"): a profile URL from the extension
 * navigates to `/?url=…`, unless blocked (same url as the query, or a route outside the
 * allowed set). Mounted once in the layout.
 */
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { extensionNavigationTarget } from '../../domain/capture/extensionNavigation.ts';
import { followExtension } from './actions.ts';

export function useExtensionNavigation(): void {
  const navigate = useNavigate();
  const location = useLocation();
  const where = useRef(location);
  useEffect(() => {
    where.current = location;
  }, [location]);
  useEffect(
    () =>
      followExtension((url) => {
        const target = extensionNavigationTarget(url, where.current.pathname, where.current.search);
        if (target) void navigate(target);
      }),
    [navigate],
  );
}
