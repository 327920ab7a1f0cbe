/**
 * The setting-details modal (spec 2 §2, §5; debug mode): the cached setting and its workspace's
 * key as the server masks it (first 5 + last 3 characters) — the app never holds the key.
 */
import { useActiveSetting } from '../features/settings/useSettingsData.ts';

export function SettingInfoModal({ authId, onClose }: { authId: string; onClose: () => void }) {
  const active = useActiveSetting(authId);
  return (
    <div className="modal-backdrop">
      <div className="modal" role="dialog" aria-modal="true" aria-label="Setting details">
        <h2>Setting details</h2>
        {active ? (
          <dl>
            <dt>Name</dt>
            <dd>{active.setting.name}</dd>
            <dt>Setting id</dt>
            <dd>{active.id}</dd>
            <dt>Workspace id</dt>
            <dd>{active.setting.workspace_id}</dd>
            <dt>Database id</dt>
            <dd>{active.setting.notion_db_id}</dd>
            <dt>Notion API key</dt>
            <dd data-testid="masked-key">{active.keyMask ?? ''}</dd>
          </dl>
        ) : (
          <p>No active setting selected</p>
        )}
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}
