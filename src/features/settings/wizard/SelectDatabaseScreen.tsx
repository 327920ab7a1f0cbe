/**
 * Wizard step 2 (spec 1 §2, §5 "Database", §8): every database the workspace's key can see
 * (Notion's cursors followed past 100). A database with one data source is chosen in one
 * click; one with several asks which holds the contacts (DataSourceQuestion, issue 14).
 * "Already used" holds per data source (domain/settings/databaseChoices.ts): a database is
 * disabled with the spec's message once all its sources are used by the user's other settings.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useSession } from '../../auth/session.tsx';
import { readWizardDraft } from '../../../data/db/wizardDraft.ts';
import { refreshSettings, rememberWizardProgress } from '../actions.ts';
import { useSettingsList } from '../useSettingsData.ts';
import type { Result } from '../../../data/errors/result.ts';
import { messageFor } from '../../../domain/errors/catalogue.ts';
import {
  DATABASE_ALREADY_USED,
  isDatabaseUsed,
  preselectedSource,
  usedSources,
  type DatabaseChoice,
} from '../../../domain/settings/databaseChoices.ts';
import { loadDatabases } from '../wizardActions.ts';
import { ErrorMessage } from '../../../ui/ErrorMessage.tsx';
import { DataSourceQuestion } from './DataSourceQuestion.tsx';
import { WizardFrame } from './WizardFrame.tsx';
import { routes } from '../../../domain/routing/routes.ts';

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
    outcome: Result<{ workspaceName: string; databases: DatabaseChoice[] }>;
  }>();
  const [asking, setAsking] = useState<string | null>(null);
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
  const editing = settings?.find((s) => s.id === editingId);
  const choose = async (database: DatabaseChoice, dataSourceId: string) => {
    if (!authId || !workspaceId) return;
    const several = database.dataSources.length > 1;
    const source = database.dataSources.find((s) => s.id === dataSourceId);
    await rememberWizardProgress(authId, {
      workspaceId,
      databaseId: database.id,
      dataSourceId,
      databaseTitle: several ? `${database.title} — ${source?.name ?? ''}` : database.title,
      // another data source's mapping names properties this one does not have
      ...(draft?.dataSourceId === dataSourceId ? {} : { mapping: undefined }),
    });
    const editMode = editingId ? 'true' : undefined;
    navigate(
      routes.linkedinMapping({
        workspace_id: workspaceId,
        database_id: database.id,
        data_source_id: dataSourceId,
        edit_mode: editMode,
      }),
    );
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
              const used = usedSources(database, settings ?? [], editingId);
              const disabled = isDatabaseUsed(database, used);
              const several = database.dataSources.length > 1;
              const open = several && asking === database.id;
              return (
                <li key={database.id} data-testid="database-item">
                  <button
                    type="button"
                    className="database-choice"
                    disabled={disabled}
                    aria-expanded={several ? open : undefined}
                    onClick={() =>
                      several ? setAsking(open ? null : database.id) : void choose(database, database.dataSources[0].id)
                    }
                  >
                    {database.icon && !database.icon.startsWith('http') ? `${database.icon} ` : ''}
                    {database.title || 'Untitled'}
                  </button>
                  {disabled && (
                    <>
                      <span className="badge">Already used</span>
                      <span className="hint">{DATABASE_ALREADY_USED}</span>
                    </>
                  )}
                  {open && (
                    <DataSourceQuestion
                      database={database}
                      used={used}
                      initial={preselectedSource(database, used, editing)}
                      onChoose={(dataSourceId) => void choose(database, dataSourceId)}
                    />
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
