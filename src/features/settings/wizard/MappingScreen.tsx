/**
 * Wizard step 3 (spec 1 §3 "Profile fields to map", §5 "Mapping", §8): the chosen data source's
 * properties (issue 14: query data_source_id beside database_id); each profile field by its
 * label with the Notion property type it takes, offered only compatible properties; fullName
 * auto-mapped to the title and locked; one property per field; Next needs profileUrl. With no
 * choice made yet, the suggested mapping fills the fields in, each marked 'Suggested' (tied to
 * its select by aria-describedby) until the user changes it (issue 16). Every change is kept in
 * the wizard's temporary storage so a reload keeps it. Query: edit_mode=true, from_completion=true.
 */
import { Fragment, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useSession } from '../../auth/session.tsx';
import {
  assignProperty,
  canLeaveMapping,
  compatibleProperties,
  FOLLOW_UP_FIELDS,
  MAPPED_FIELDS,
  type MappedField,
} from '../../../domain/settings/mapping.ts';
import { FIELD_LABELS, fieldTypeHint, NOT_MAPPED, SUGGESTED } from '../../../domain/settings/mappingWords.ts';
import { rememberWizardProgress } from '../actions.ts';
import { loadMappingStep, type MappingStep } from '../wizardActions.ts';
import { ErrorMessage } from '../../../ui/ErrorMessage.tsx';
import { WizardFrame } from './WizardFrame.tsx';
import { routes } from '../../../domain/routing/routes.ts';

interface Loaded extends MappingStep {
  key: string;
}

export function MappingScreen() {
  const { session } = useSession();
  const authId = session?.user.id;
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const workspaceId = params.get('workspace_id');
  const databaseId = params.get('database_id');
  const dataSourceId = params.get('data_source_id');
  const fromCompletion = params.get('from_completion') === 'true';
  const key = `${authId}|${workspaceId}|${databaseId}|${dataSourceId}`;
  const [loaded, setLoaded] = useState<Loaded>();
  const [alert, setAlert] = useState<string | null>(null);
  useEffect(() => {
    if (!authId) return;
    let live = true;
    void loadMappingStep(authId, workspaceId, databaseId, dataSourceId).then(
      (step) => live && setLoaded({ ...step, key }),
    );
    return () => {
      live = false;
    };
  }, [authId, workspaceId, databaseId, dataSourceId, key]);

  const current = loaded?.key === key ? loaded : undefined;
  const change = (field: MappedField, propertyId: string) => {
    if (!current || !authId) return;
    const result = assignProperty(current.mapping, field, propertyId);
    if (!result.ok) {
      setAlert(result.alert);
      return;
    }
    setAlert(null);
    const suggested = current.suggested.filter((other) => other !== field);
    setLoaded({ ...current, mapping: result.mapping, suggested });
    void rememberWizardProgress(authId, { mapping: result.mapping, suggestedFields: suggested });
  };
  const next = () => {
    navigate(
      routes.completion({
        workspace_id: workspaceId ?? '',
        database_id: databaseId ?? '',
        data_source_id: dataSourceId ?? '',
      }),
    );
  };

  return (
    <WizardFrame step={3} title="Map LinkedIn fields">
      <Link to={routes.selectDatabase({ workspace_id: workspaceId ?? '' })}>← Back to databases</Link>
      {!current ? (
        <p aria-busy="true">Loading properties...</p>
      ) : current.error ? (
        <ErrorMessage message={current.error} />
      ) : (
        <>
          <p className="hint">Database: {current.databaseTitle}</p>
          <ErrorMessage message={alert} />
          <table className="mapping">
            <tbody>
              {MAPPED_FIELDS.map((spec) => {
                const options = compatibleProperties(spec.field, current.properties);
                const id = `map-${spec.field}`;
                const suggested = current.suggested.includes(spec.field);
                return (
                  <Fragment key={spec.field}>
                    {spec.field === FOLLOW_UP_FIELDS[0].field && (
                      <tr>
                        <th colSpan={2} scope="rowgroup">
                          Follow-ups (optional)
                        </th>
                      </tr>
                    )}
                    <tr>
                      <td>
                        <label htmlFor={id}>{FIELD_LABELS[spec.field]}</label>
                        {spec.required && <span aria-label="required"> *</span>}
                        <div className="hint" id={`${id}-type`}>
                          {fieldTypeHint(spec.field)}
                        </div>
                      </td>
                      <td>
                        <select
                          id={id}
                          value={current.mapping[spec.field] ?? ''}
                          disabled={spec.field === 'fullName'}
                          aria-describedby={suggested ? `${id}-type ${id}-suggested` : `${id}-type`}
                          onChange={(event) => change(spec.field, event.target.value)}
                        >
                          <option value="">{NOT_MAPPED}</option>
                          {options.map((property) => (
                            <option key={property.id} value={property.id}>
                              {property.name}
                            </option>
                          ))}
                        </select>
                        {suggested && (
                          <span className="badge" id={`${id}-suggested`}>
                            {SUGGESTED}
                          </span>
                        )}
                      </td>
                    </tr>
                  </Fragment>
                );
              })}
            </tbody>
          </table>
          <button type="button" className="primary" disabled={!canLeaveMapping(current.mapping)} onClick={next}>
            {fromCompletion ? 'Back to summary' : 'Next'}
          </button>
        </>
      )}
    </WizardFrame>
  );
}
