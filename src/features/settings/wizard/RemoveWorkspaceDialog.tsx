/**
 * Workspace removal (spec 1 §4): confirm, then the last linked user deletes the workspace,
 * anyone else only their link; the active setting is cleared and the page reloads after 1 s.
 */
import { useState } from 'react';
import type { CachedWorkspace } from '../../../data/db/schema.ts';
import { messageFor } from '../../../domain/errors/catalogue.ts';
import { removeWorkspace } from '../workspaceActions.ts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';

export const RELOAD_AFTER_REMOVAL_MS = 1_000;

export function RemoveWorkspaceDialog({
  authId,
  workspace,
  onClose,
  onRemoved,
}: {
  authId: string;
  workspace: CachedWorkspace;
  onClose: () => void;
  onRemoved: (message: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = workspace.notion_workspace_name ?? workspace.name ?? '';
  const confirm = async () => {
    setBusy(true);
    const result = await removeWorkspace(authId, workspace.id);
    setBusy(false);
    if (!result.ok) {
      setError(messageFor('removeWorkspace', result.error));
      return;
    }
    onRemoved(
      result.value.deleted
        ? `Workspace "${name}" deleted: you were its last user.`
        : `You were removed from workspace "${name}". Its other users keep it.`,
    );
    setTimeout(() => window.location.reload(), RELOAD_AFTER_REMOVAL_MS);
  };
  return (
    <ConfirmDialog
      title="Remove workspace"
      confirmLabel="Confirm removal"
      busy={busy}
      error={error}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      <p>
        Remove yourself from workspace "{name}"? Your settings on it are deleted. If you are its last user, the
        workspace is deleted too.
      </p>
    </ConfirmDialog>
  );
}
