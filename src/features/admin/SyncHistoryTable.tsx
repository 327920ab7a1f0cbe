/**
 * The Stripe sync history (spec 2 §2, §9): every run, newest first, French dates, a Details
 * button per run. Each cell names its column (data-label) for the stacked narrow layout.
 */
import { frenchDateTime } from '../../domain/admin/logFormats.ts';
import { syncStatusLabel } from '../../domain/admin/syncLog.ts';
import { Button } from '../../ui/Button.tsx';
import type { SyncRun } from './actions.ts';

export function SyncHistoryTable({ runs, onDetails }: { runs: SyncRun[]; onDetails: (run: SyncRun) => void }) {
  return (
    <table className="log-table">
      <caption>Sync history, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Status</th>
          <th scope="col">Teams</th>
          <th scope="col">Type</th>
          <th scope="col" className="details-cell">
            <span className="visually-hidden">Details</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {runs.map((run) => {
          const date = frenchDateTime(run.run_date);
          return (
            <tr key={run.id} data-testid="sync-row">
              <td data-label="Date">{date}</td>
              <td data-label="Status">
                <span className={`run-status ${run.details.status}`}>{syncStatusLabel(run.details.status)}</span>
              </td>
              <td data-label="Teams">
                {run.successful_teams}/{run.total_teams}
              </td>
              <td data-label="Type">{run.details.runType ?? '—'}</td>
              <td className="details-cell">
                <Button variant="ghost" aria-label={`Details of run ${run.id}, ${date}`} onPress={() => onDetails(run)}>
                  Details
                </Button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
