/**
 * The security test's usage table (spec 2 §2 "table of the last usage rows (Date, Endpoint,
 * Status Success/Failed) with refresh", §7 "api_usage: latest 10", §8 'Could not fetch API
 * usage data. Please try again.'). `version` changes after each test call: the table reloads.
 */
import { useEffect, useState } from 'react';
import { apiUsageCells } from '../../domain/testScreens/apiUsageRows.ts';
import { ErrorMessage } from '../../ui/ErrorMessage.tsx';
import { Button } from '../../ui/Button.tsx';
import type { ApiUsageRow } from '../../data/supabase/apiUsage.ts';
import { apiUsageFailureText, loadApiUsage } from './actions.ts';

type State = { rows: ApiUsageRow[] | null; error: string | null; busy: boolean };

export function ApiUsageTable({ version }: { version: number }) {
  const [state, setState] = useState<State>({ rows: null, error: null, busy: true });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    loadApiUsage().then(
      (rows) => live && setState({ rows, error: null, busy: false }),
      (error: unknown) => live && setState({ rows: null, error: apiUsageFailureText(error), busy: false }),
    );
    return () => {
      live = false;
    };
  }, [attempt, version]);
  const refresh = () => {
    setState((s) => ({ ...s, busy: true }));
    setAttempt((n) => n + 1);
  };

  return (
    <section aria-labelledby="api-usage-title">
      <h2 id="api-usage-title">API usage</h2>
      <Button onPress={refresh} busy={state.busy}>
        Refresh
      </Button>
      {state.error && <ErrorMessage message={state.error} />}
      {state.rows && (
        <div className="test-table" tabIndex={0} role="region" aria-label="Last API calls">
          <table>
            <caption>Last {state.rows.length} API calls</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Endpoint</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {state.rows.map((row) => {
                const cells = apiUsageCells(row);
                return (
                  <tr key={row.id} data-testid="api-usage-row">
                    <td>{cells.date}</td>
                    <td>{cells.endpoint}</td>
                    <td>{cells.status}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
