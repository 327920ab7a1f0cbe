/**
 * Wizard step 4 (spec 1 §4, §5 "Setting name", §8): the summary, the name (3–50, unique per
 * user in any letter case unless editing), 'Save Setting' disabled while invalid; after a
 * save, a success message for 3 s, then /.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useSession } from '../../auth/session.tsx';
import { db } from '../../../data/db/schema.ts';
import { readWizardDraft } from '../../../data/db/wizardDraft.ts';
import { MAPPED_FIELDS } from '../../../domain/settings/mapping.ts';
import { FIELD_LABELS } from '../../../domain/settings/mappingWords.ts';
import { textOf } from '../../../data/errors/result.ts';
import { messageFor } from '../../../domain/errors/catalogue.ts';
import { FIX_FORM_ERRORS, settingNameError } from '../../../domain/settings/nameRules.ts';
import { existingSettingNames, saveSetting } from '../wizardActions.ts';
import { rememberWizardProgress } from '../actions.ts';
import { ErrorMessage } from '../../../ui/ErrorMessage.tsx';
import { WizardFrame } from './WizardFrame.tsx';
import { routes } from '../../../domain/routing/routes.ts';

export const SAVED_REDIRECT_MS = 3_000;
export const SETTING_SAVED = 'Setting saved successfully!';

export function CompletionScreen() {
  const { session } = useSession();
  const authId = session?.user.id;
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const workspaceId = params.get('workspace_id') ?? '';
  const databaseId = params.get('database_id') ?? '';
  const dataSourceId = params.get('data_source_id') ?? '';
  const draft = useLiveQuery(() => (authId ? readWizardDraft(authId) : undefined), [authId]);
  const workspace = useLiveQuery(() => db.workspaces.get(workspaceId), [workspaceId]);
  const [name, setName] = useState<string | null>(null);
  const [names, setNames] = useState<string[] | null>(null);
  const [namesError, setNamesError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!authId) return;
    existingSettingNames(authId).then(
      (rows) => setNames(rows.map((row) => row.name)),
      (error: unknown) => setNamesError(textOf('settingNames', error)),
    );
  }, [authId]);
  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => navigate(routes.root()), SAVED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [saved, navigate]);

  const editing = Boolean(draft?.editingSettingId);
  const value = name ?? draft?.name ?? '';
  const nameError = settingNameError(value, names ?? [], editing);
  const touched = value !== '' || name !== null;
  const ready = draft !== undefined && (names !== null || editing);
  const invalid = Boolean(nameError) || (!editing && Boolean(namesError)) || !ready;

  const onName = (next: string) => {
    setName(next);
    if (authId) void rememberWizardProgress(authId, { name: next });
  };
  const save = async () => {
    if (invalid || !draft) {
      setSaveError(FIX_FORM_ERRORS);
      return;
    }
    setBusy(true);
    const result = await saveSetting({
      authId: authId ?? null,
      name: value,
      workspaceId,
      databaseId,
      dataSourceId,
      mapping: draft.mapping ?? {},
      editingSettingId: draft.editingSettingId,
    });
    setBusy(false);
    if (result.ok) setSaved(true);
    else setSaveError(messageFor('saveSetting', result.error));
  };

  if (saved) {
    return (
      <WizardFrame step={4} title="Setting saved">
        <p className="notice success" role="status">
          {SETTING_SAVED}
        </p>
      </WizardFrame>
    );
  }
  return (
    <WizardFrame step={4} title="Name your setting">
      <Link
        to={routes.linkedinMapping({
          workspace_id: workspaceId,
          database_id: databaseId,
          data_source_id: dataSourceId,
          from_completion: 'true',
        })}
      >
        ← Edit mapping
      </Link>
      <dl className="summary" aria-label="Summary">
        <dt>Workspace</dt>
        <dd>{workspace?.notion_workspace_name ?? workspace?.name ?? workspaceId}</dd>
        <dt>Database</dt>
        <dd>{draft?.databaseTitle ?? databaseId}</dd>
        {MAPPED_FIELDS.filter((spec) => draft?.mapping?.[spec.field]).map((spec) => (
          <div key={spec.field}>
            <dt>{FIELD_LABELS[spec.field]}</dt>
            <dd>{draft?.propertyNames?.[draft.mapping![spec.field]!] ?? draft?.mapping?.[spec.field]}</dd>
          </div>
        ))}
      </dl>
      <label className="field">
        <span>Setting name</span>
        <input value={value} onChange={(event) => onName(event.target.value)} />
      </label>
      {touched && <ErrorMessage message={nameError} />}
      {!editing && <ErrorMessage message={namesError} />}
      <ErrorMessage message={saveError} />
      <button type="button" className="primary" disabled={invalid || busy} onClick={() => void save()}>
        Save Setting
      </button>
    </WizardFrame>
  );
}
