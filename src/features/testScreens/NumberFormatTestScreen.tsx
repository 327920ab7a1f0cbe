/**
 * /number-format-test (spec 2 §2 "loads database properties on open, shows them as JSON, retry
 * and run-again buttons", §8 'Error testing number format: {message}', §9 number formats): the
 * active setting database's properties, and each number property's format applied to a sample
 * value by the page's own formatter.
 */
import { useCallback, useState } from 'react';
import type { ActiveSettingValue } from '../../data/db/activeSetting.ts';
import { formatNumber } from '../../domain/notion/numberFormats.ts';
import { ErrorMessage } from '../../ui/ErrorMessage.tsx';
import { Button } from '../../ui/Button.tsx';
import { useRetryableLoad } from '../../ui/useRetryableLoad.ts';
import { useSession } from '../auth/session.tsx';
import { useActiveSetting } from '../settings/useSettingsData.ts';
import { loadDatabaseProperties, numberFormatFailureText } from './actions.ts';
import './testScreens.css';

/** The value every number format is shown with. */
export const SAMPLE_NUMBER = 1234.5;

type NumberProperty = { name: string; type: 'number'; number?: { format?: string } };
const isNumberProperty = (property: unknown): property is NumberProperty =>
  (property as { type?: unknown }).type === 'number';

function Results({ properties }: { properties: unknown[] }) {
  const numbers = properties.filter(isNumberProperty);
  return (
    <>
      <div className="test-table" tabIndex={0} role="region" aria-label="Number formats">
        <table>
          <caption>{SAMPLE_NUMBER} in each number format</caption>
          <thead>
            <tr>
              <th scope="col">Property</th>
              <th scope="col">Format</th>
              <th scope="col">Shown as</th>
            </tr>
          </thead>
          <tbody>
            {numbers.map((property) => (
              <tr key={property.name} data-testid="number-format-row">
                <th scope="row">{property.name}</th>
                <td>{property.number?.format ?? 'number'}</td>
                <td>{formatNumber(SAMPLE_NUMBER, property.number?.format)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2>Database properties</h2>
      <pre className="test-json" tabIndex={0} aria-label="Database properties as JSON">
        {JSON.stringify(properties, null, 2)}
      </pre>
    </>
  );
}

/** The test itself, once the active setting is read: loads on open, Retry and Run again load afresh. */
function NumberFormatTest({ authId, active }: { authId: string; active: ActiveSettingValue | null }) {
  // The setting as it was when the screen opened (a live query hands over a new object on each change).
  const [opened] = useState(active);
  const load = useCallback(() => loadDatabaseProperties(authId, opened), [authId, opened]);
  const { load: state, retry } = useRetryableLoad(load, numberFormatFailureText);
  if (state.state === 'loading') return <p aria-busy="true">Loading…</p>;
  if (state.state === 'error')
    return (
      <>
        <ErrorMessage message={state.message} />
        <Button onPress={retry}>Retry</Button>
      </>
    );
  return (
    <>
      <Button onPress={retry}>Run again</Button>
      <Results properties={state.data} />
    </>
  );
}

export function NumberFormatTestScreen() {
  const authId = useSession().session?.user.id ?? '';
  const active = useActiveSetting(authId);
  return (
    <main className="screen test-screen">
      <h1>Number format test</h1>
      {active === undefined ? (
        <p aria-busy="true">Loading…</p>
      ) : (
        <NumberFormatTest key={active?.id ?? 'none'} authId={authId} active={active} />
      )}
    </main>
  );
}
