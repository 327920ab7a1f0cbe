/**
 * The header's active setting (spec 2 §2): its name (35 characters then an ellipsis, 'Sans
 * nom' when empty) opening a dropdown of the other settings ('Loading...', 'No other setting
 * available'); choosing one makes it active. With none active it offers them all.
 */
import { useState } from 'react';
import { headerSettingName } from '../domain/settings/nameRules.ts';
import { refreshSettings, selectActiveSetting } from '../features/settings/actions.ts';
import { useActiveSetting, useSettingsList } from '../features/settings/useSettingsData.ts';

export function SettingSwitcher({ authId }: { authId: string }) {
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const active = useActiveSetting(authId);
  const settings = useSettingsList(authId);
  // Nothing to show until there is an active setting or at least one to choose.
  if (active === undefined || (!active && !settings?.length)) return null;
  const others = settings?.filter((s) => s.id !== active?.id);
  const toggle = () => {
    if (!open) {
      setLoading(true);
      void refreshSettings(authId).finally(() => setLoading(false));
    }
    setOpen(!open);
  };
  const choose = (id: string) => {
    setOpen(false);
    void selectActiveSetting(authId, id).catch((error: unknown) => console.error(error));
  };
  return (
    <div className="setting-switcher">
      <button
        type="button"
        className="active-setting"
        aria-haspopup="listbox"
        aria-expanded={open}
        title={active?.setting.name}
        data-testid="active-setting-name"
        onClick={toggle}
      >
        {active ? headerSettingName(active.setting.name) : 'Choose a setting'} ▾
      </button>
      {open && (
        <div className="menu" role="listbox" aria-label="Other settings">
          {others === undefined || (loading && others.length === 0) ? (
            <span>Loading...</span>
          ) : others.length === 0 ? (
            <span>No other setting available</span>
          ) : (
            others.map((s) => (
              <button type="button" role="option" aria-selected={false} key={s.id} onClick={() => choose(s.id)}>
                {headerSettingName(s.name)}
              </button>
            ))
          )}
        </div>
      )}
    </div>
  );
}
