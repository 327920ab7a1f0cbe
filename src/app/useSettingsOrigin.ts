/** Records where the settings list was opened from (origin rule, spec 1 §2). */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { storeSettingsOrigin } from '../data/local/settingsOrigin.ts';
import { originToStore } from '../domain/settings/origin.ts';

export function useSettingsOrigin(): void {
  const location = useLocation();
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const here = location.pathname + location.search;
    const origin = originToStore(previous.current, location.pathname);
    if (origin) storeSettingsOrigin(origin);
    previous.current = here;
  }, [location.pathname, location.search]);
}
