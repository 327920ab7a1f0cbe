/**
 * Wizard step 2 (spec 1 §2, §5 "Database", §8): every database the workspace's key can see
 * (Notion's cursors followed past 100); ones already used by another of the user's settings
 * are disabled with the spec's message.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useSession } from '../../auth/session.tsx';
import { readWizardDraft } from '../../../data/db/wizardDraft.ts';
import type { NotionDatabaseItem } from '../../../data/notion/client.ts';
import { refreshSettings, rememberWizardProgress } from '../actions.ts';
import { useSettingsList } from '../useSettingsData.ts';
import type { Result } from '../../../data/errors/result.ts';
import { messageFor } from '../../../domain/errors/catalogue.ts';
import { loadDatabases } from '../wizardActions.ts';
import { ErrorMessage } from '../../../ui/ErrorMessage.tsx';
import { WizardFrame } from './WizardFrame.tsx';
import { routes } from '../../../domain/routing/routes.ts';

export const DATABASE_ALREADY_USED = 'This database is already used in an existing setting.';

const sameDatabase = (a: string, b: string) => a.replace(/-/g, '').toLowerCase() === b.replace(/-/g, '').toLowerCase();

export function SelectDatabaseScreen() {
  const { session } = useSession();
  const authId = session?.user.id;
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const workspaceId = params.get('workspace_id');
  const settings = useSettingsList(authId);
  const draft = useLiveQuery(() => (authId ? readWizardDraft(authId) : undefined), [authId]);
  const [loaded, setLoaded] = useState<{
    for: string | null;
    outcome: Result<{ workspaceName: string; databases: NotionDatabaseItem[] }>;
  }>();
  useEffect(() => {
    let live = true;
    void loadDatabases(workspaceId).then((outcome) => live && setLoaded({ for: workspaceId, outcome }));
    if (authId) void refreshSettings(authId);
    return () => {
      live = false;
    };
  }, [workspaceId, authId]);

  const outcome = loaded && loaded.for === workspaceId ? loaded.outcome : undefined;
  const editingId = draft?.editingSettingId;
  const usedBy = (id: string) => settings?.some((s) => s.id !== editingId && sameDatabase(s.notion_db_id, id));
  const choose = async (database: NotionDatabaseItem) => {
    if (!authId || !workspaceId) return;
    await rememberWizardProgress(authId, { workspaceId, databaseId: database.id, databaseTitle: database.title });
    const editMode = editingId ? 'true' : undefined;
    navigate(routes.linkedinMapping({ workspace_id: workspaceId, database_id: database.id, edit_mode: editMode }));
  };

  return (
    <WizardFrame step={2} title="Select a database">
      <Link to={routes.selectWorkspace()}>← Back to workspaces</Link>
      {!outcome ? (
        <p aria-busy="true">Loading databases...</p>
      ) : !outcome.ok ? (
        <ErrorMessage message={messageFor('loadDatabases', outcome.error)} />
      ) : (
        <>
          <p className="hint">Workspace: {outcome.value.workspaceName}</p>
          <ul className="database-list" aria-label="Databases">
            {outcome.value.databases.map((database) => {
              const used = usedBy(database.id);
              return (
                <li key={database.id} data-testid="database-item">
                  <button
                    type="button"
                    className="database-choice"
                    disabled={used}
                    onClick={() => void choose(database)}
                  >
                    {database.icon && !database.icon.startsWith('http') ? `${database.icon} ` : ''}
                    {database.title || 'Untitled'}
                  </button>
                  {used && (
                    <>
                      <span className="badge">Already used</span>
                      <span className="hint">{DATABASE_ALREADY_USED}</span>
                    </>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </WizardFrame>
  );
}
