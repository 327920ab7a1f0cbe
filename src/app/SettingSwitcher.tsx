/**
 * The header's active setting (spec 2 §2): its name (35 characters then an ellipsis, 'Sans
 * nom' when empty) opening a dropdown of the other settings ('Loading...', 'No other setting
 * available'); choosing one makes it active (a failure shows a toast). With none active it
 * offers them all.
 */
import { useState } from 'react';
import { messages } from '../domain/errors/messages.ts';
import { headerSettingName } from '../domain/settings/nameRules.ts';
import { refreshSettings, selectActiveSetting } from '../features/settings/actions.ts';
import { useActiveSetting, useSettingsList } from '../features/settings/useSettingsData.ts';
import { Select } from '../ui/Select.tsx';
import { showToast } from '../ui/Toast.tsx';

export function SettingSwitcher({ authId }: { authId: string }) {
  const [loading, setLoading] = useState(false);
  const active = useActiveSetting(authId);
  const settings = useSettingsList(authId);
  // Nothing to show until there is an active setting or at least one to choose.
  if (active === undefined || (!active && !settings?.length)) return null;
  const others = settings?.filter((s) => s.id !== active?.id) ?? [];
  const refresh = () => {
    setLoading(true);
    void refreshSettings(authId).finally(() => setLoading(false));
  };
  const choose = (id: string) => {
    void selectActiveSetting(authId, id).catch((error: unknown) => {
      console.error(error);
      showToast(messages.unexpectedError, 'error');
    });
  };
  return (
    <Select
      className="setting-switcher"
      label="Active setting"
      listLabel="Other settings"
      title={active?.setting.name}
      data-testid="active-setting-name"
      value={active ? headerSettingName(active.setting.name) : 'Choose a setting'}
      options={others.map((s) => ({ id: s.id, label: headerSettingName(s.name) }))}
      emptyText={settings === undefined || loading ? 'Loading...' : 'No other setting available'}
      onOpen={refresh}
      onChoose={choose}
    />
  );
}
