/**
 * The setting-details modal (spec 2 §2, §5; debug mode): the cached setting and its workspace's
 * key as the server masks it (first 5 + last 3 characters) — the app never holds the key.
 */
import { Button } from '../ui/Button.tsx';
import { Dialog, DialogActions } from '../ui/Dialog.tsx';
import { useActiveSetting } from '../features/settings/useSettingsData.ts';

export function SettingInfoModal({ authId, onClose }: { authId: string; onClose: () => void }) {
  const active = useActiveSetting(authId);
  return (
    <Dialog title="Setting details" onClose={onClose} dismissable>
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
      <DialogActions>
        <Button onPress={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
