/**
 * NotionSettings (spec 1 §2): the saved settings with edit and delete, 'Add new setting', and
 * 'Create your first setting!' when empty; an Error badge for unhealthy ones. Reads Dexie
 * (so the list shows offline); a refresh on mount writes the latest rows into it.
 * On /go-back-settings with a stored origin it returns there (GoBackFromSettings).
 */
import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { useSession } from '../auth/session.tsx';
import { goBackTarget } from '../../domain/settings/origin.ts';
import { deleteSetting, refreshSettings, startEditingSetting, startNewSetting } from './actions.ts';
import { readSettingsOrigin } from '../../data/local/settingsOrigin.ts';
import { useActiveSetting, useSettingsList } from './useSettingsData.ts';
import { routes } from '../../domain/routing/routes.ts';

export function SettingsListScreen({ goBack = false }: { goBack?: boolean }) {
  const { session } = useSession();
  const authId = session?.user.id;
  const navigate = useNavigate();
  const settings = useSettingsList(authId);
  const active = useActiveSetting(authId);
  useEffect(() => {
    if (authId) void refreshSettings(authId);
  }, [authId]);
  const target = goBack ? goBackTarget(readSettingsOrigin()) : null;
  if (target) return <Navigate to={target} replace />;

  const startNew = async () => {
    if (!authId) return;
    await startNewSetting();
    navigate(routes.selectWorkspace());
  };
  const edit = async (id: string) => {
    const setting = settings?.find((s) => s.id === id);
    if (!authId || !setting) return;
    await startEditingSetting(authId, setting);
    navigate(routes.selectWorkspace());
  };

  return (
    <main className="screen">
      <h1>Notion Settings</h1>
      {settings === undefined ? (
        <p aria-busy="true">Loading...</p>
      ) : settings.length === 0 ? (
        <button type="button" className="primary" onClick={() => void startNew()}>
          Create your first setting!
        </button>
      ) : (
        <>
          <ul className="settings-list" aria-label="Settings">
            {settings.map((setting) => (
              <li key={setting.id} data-testid="setting-item">
                <span className="setting-name">{setting.name}</span>
                {active?.id === setting.id && <span className="badge">Active</span>}
                {setting.health === 'Error' && <span className="badge error">Error</span>}
                <button type="button" onClick={() => void edit(setting.id)} aria-label={`Edit ${setting.name}`}>
                  Edit
                </button>
                <button
                  type="button"
                  onClick={() => authId && void deleteSetting(authId, setting.id, active?.id ?? null)}
                  aria-label={`Delete ${setting.name}`}
                >
                  Delete
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className="primary" onClick={() => void startNew()}>
            Add new setting
          </button>
        </>
      )}
    </main>
  );
}
