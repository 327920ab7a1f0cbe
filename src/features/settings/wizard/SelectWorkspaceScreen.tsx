/**
 * Wizard step 1 (spec 1 §2, §4, §8): the user's workspaces (read from Dexie, refreshed on
 * mount), the add-workspace modal, removal with confirmation (reload after 1 s), a details
 * button in debug mode, and a back link to the settings list.
 */
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useSession } from '../../auth/session.tsx';
import { textOf } from '../../../data/errors/result.ts';
import type { CachedWorkspace } from '../../../data/db/schema.ts';
import { useDebugMode } from '../../debug/useDebugMode.ts';
import { refreshWorkspaces, rememberWizardProgress } from '../actions.ts';
import { useWorkspaceList } from '../useSettingsData.ts';
import { AddWorkspaceModal } from './AddWorkspaceModal.tsx';
import { RemoveWorkspaceDialog } from './RemoveWorkspaceDialog.tsx';
import { useTimedMessage } from './useTimedMessage.ts';
import { ErrorMessage } from '../../../ui/ErrorMessage.tsx';
import { WizardFrame } from './WizardFrame.tsx';
import { workspaceDebugDetails } from '../workspaceActions.ts';
import { routes } from '../../../domain/routing/routes.ts';

export const WORKSPACES_EMPTY = 'No workspaces found. You can create a new one.';

export function SelectWorkspaceScreen() {
  const { session } = useSession();
  const authId = session?.user.id;
  const navigate = useNavigate();
  const { debug } = useDebugMode();
  const list = useWorkspaceList(authId);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [refreshed, setRefreshed] = useState(false);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<CachedWorkspace | null>(null);
  const [details, setDetails] = useState<string | null>(null);
  const { message, show } = useTimedMessage();

  const refresh = useCallback(() => {
    if (!authId) return;
    refreshWorkspaces(authId).then(
      () => {
        setLoadError(null);
        setRefreshed(true);
      },
      (error: unknown) => {
        console.error(error);
        setLoadError(textOf('loadWorkspaces', error));
        setRefreshed(true);
      },
    );
  }, [authId]);
  useEffect(() => {
    if (!authId) return;
    refreshWorkspaces(authId).then(
      () => setRefreshed(true),
      (error: unknown) => {
        console.error(error);
        setLoadError(textOf('loadWorkspaces', error));
        setRefreshed(true);
      },
    );
  }, [authId]);

  const choose = async (workspace: CachedWorkspace) => {
    if (!authId) return;
    await rememberWizardProgress(authId, { workspaceId: workspace.id });
    navigate(routes.selectDatabase({ workspace_id: workspace.id }));
  };

  return (
    <WizardFrame step={1} title="Select a workspace">
      <Link to={routes.notionSettings()}>← Back to settings</Link>
      <ErrorMessage message={loadError} />
      {message && (
        <p className={`notice ${message.kind}`} role={message.kind === 'error' ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
      {list === undefined || (!refreshed && list.length === 0) ? (
        <p aria-busy="true">Loading...</p>
      ) : list.length === 0 && !loadError ? (
        <>
          <p>{WORKSPACES_EMPTY}</p>
          <button type="button" className="primary" onClick={() => setAdding(true)}>
            Add your first Workspace!
          </button>
        </>
      ) : (
        <>
          <ul className="workspace-list" aria-label="Workspaces">
            {list.map((workspace) => (
              <li key={workspace.id} data-testid="workspace-item">
                <button type="button" className="workspace-choice" onClick={() => void choose(workspace)}>
                  {workspace.notion_workspace_name ?? workspace.name}
                </button>
                <span className="hint">
                  {workspace.name} · {workspace.notion_key}
                </span>
                {debug && (
                  <button type="button" onClick={() => void workspaceDebugDetails(workspace).then(setDetails)}>
                    Details
                  </button>
                )}
                <button type="button" onClick={() => setRemoving(workspace)}>
                  Remove
                </button>
              </li>
            ))}
          </ul>
          <button type="button" onClick={() => setAdding(true)}>
            Add workspace
          </button>
        </>
      )}
      {details && (
        <pre className="debug-details" data-testid="workspace-details">
          {details}
        </pre>
      )}
      {adding && authId && (
        <AddWorkspaceModal
          authId={authId}
          onClose={() => setAdding(false)}
          onSaved={(name) => {
            setAdding(false);
            show('success', `Workspace "${name}" added.`);
            refresh();
          }}
        />
      )}
      {removing && authId && (
        <RemoveWorkspaceDialog
          authId={authId}
          workspace={removing}
          onClose={() => setRemoving(null)}
          onRemoved={(text) => {
            setRemoving(null);
            show('success', text);
          }}
        />
      )}
    </WizardFrame>
  );
}
