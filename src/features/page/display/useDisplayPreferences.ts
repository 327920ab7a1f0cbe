/**
 * The active setting's display preferences for the NotionProfile screen: the local copy by
 * live query (painted at once, online or offline), read again from the database on each view
 * while online and when the network returns.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { readDisplayPreferences } from '../../../data/db/displayPreferences.ts';
import type { DisplayPreferences } from '../../../data/supabase/displayPreferences.ts';
import { useOnline } from '../../outbox/useOutbox.ts';
import { useActiveSetting } from '../../settings/useSettingsData.ts';
import { refreshDisplayPreferences } from './actions.ts';

export interface DisplayState {
  settingId: string | null;
  /** undefined until known (never read here, and not read yet). */
  preferences: DisplayPreferences | undefined;
}

export function useDisplayPreferences(authId: string): DisplayState {
  const settingId = useActiveSetting(authId)?.id ?? null;
  const online = useOnline();
  const preferences = useLiveQuery(
    async () => (settingId ? readDisplayPreferences(settingId) : undefined),
    [settingId],
  );
  useEffect(() => {
    if (settingId && online) void refreshDisplayPreferences(settingId);
  }, [settingId, online]);
  return { settingId, preferences };
}
