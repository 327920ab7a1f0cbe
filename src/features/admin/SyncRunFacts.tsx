/** A sync run's facts (spec 2 §3 "Stripe sync log"), as the last-sync card and the details modal list them. */
import { durationText, frenchDateTime } from '../../domain/admin/logFormats.ts';
import { syncStatusLabel } from '../../domain/admin/syncLog.ts';
import type { SyncRun } from './actions.ts';

const NONE = '—';

export function SyncRunFacts({ run }: { run: SyncRun }) {
  const { details } = run;
  const facts: [string, string, string?][] = [
    ['Date', frenchDateTime(run.run_date)],
    ['Status', syncStatusLabel(details.status), `run-status ${details.status}`],
    ['Teams', `${run.successful_teams} of ${run.total_teams} synced`],
    ['Success rate', details.successRate === null ? NONE : `${details.successRate}%`],
    ['Duration', durationText(run.execution_time_ms)],
    ['Type', details.runType ?? NONE],
    ['Run by', details.runBy ?? NONE],
  ];
  return (
    <dl className="run-facts">
      {facts.map(([label, value, className]) => (
        <div key={label} className="detail-row">
          <dt>{label}</dt>
          <dd className={className}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
