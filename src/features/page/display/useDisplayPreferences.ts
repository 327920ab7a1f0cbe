/**
 * The active setting's display preferences for the NotionProfile screen: the local copy by
 * live query (painted at once, online or offline), read again from the database on each view
 * while online and when the network returns. `loadFailed`: that read failed and no copy is kept
 * here (spec 2 §8 "Failed to load display configuration"; every property shows meanwhile).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { readDisplayPreferences } from '../../../data/db/displayPreferences.ts';
import type { DisplayPreferences } from '../../../data/supabase/displayPreferences.ts';
import { useOnline } from '../../outbox/useOutbox.ts';
import { useActiveSetting } from '../../settings/useSettingsData.ts';
import { refreshDisplayPreferences } from './actions.ts';

export interface DisplayState {
  settingId: string | null;
  /** undefined until known (never read here, and not read yet). */
  preferences: DisplayPreferences | undefined;
  loadFailed: boolean;
}

export function useDisplayPreferences(authId: string): DisplayState {
  const settingId = useActiveSetting(authId)?.id ?? null;
  const online = useOnline();
  const preferences = useLiveQuery(
    async () => (settingId ? readDisplayPreferences(settingId) : undefined),
    [settingId],
  );
  const [failedFor, setFailedFor] = useState<string | null>(null);
  useEffect(() => {
    if (!settingId || !online) return;
    let current = true;
    void refreshDisplayPreferences(settingId).then((ok) => current && setFailedFor(ok ? null : settingId));
    return () => {
      current = false;
    };
  }, [settingId, online]);
  return { settingId, preferences, loadFailed: failedFor !== null && failedFor === settingId && !preferences };
}
