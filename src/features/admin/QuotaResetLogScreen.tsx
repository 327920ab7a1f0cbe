/**
 * /admin/daily-quota-reset-log (spec 2 §2, §3, §4, §8): every run of the quota reset, newest
 * first — Date, Status (the labels of §4), Teams, Duration, Type — or 'No quota reset logs found.'.
 */
import { adminTexts } from '../../domain/admin/adminTexts.ts';
import { durationText } from '../../domain/admin/logFormats.ts';
import { resetStatus } from '../../domain/admin/quotaResetLog.ts';
import { formatDateEnd } from '../../domain/notion/dates.ts';
import { loadResetRuns } from './actions.ts';
import { AdminFrame } from './AdminFrame.tsx';
import { AdminLog } from './AdminLog.tsx';
import { useAdminLog } from './useAdminLog.ts';

export function QuotaResetLogScreen() {
  const { log, reload } = useAdminLog(loadResetRuns);
  return (
    <AdminFrame title="Daily Quota Reset Log" inLogs>
      <AdminLog log={log} retry={() => void reload()} empty={adminTexts.noResetLogs}>
        {(rows) => (
          <table className="log-table">
            <caption>Quota resets, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Status</th>
                <th scope="col">Teams</th>
                <th scope="col">Duration</th>
                <th scope="col">Type</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((run) => {
                const status = resetStatus(run.status);
                return (
                  <tr key={run.id} data-testid="reset-row">
                    <td data-label="Date">{formatDateEnd(run.reset_date)}</td>
                    <td data-label="Status">
                      <span className={`run-status ${status.tone}`}>{status.label}</span>
                    </td>
                    <td data-label="Teams">{run.teams_affected}</td>
                    <td data-label="Duration">{durationText(run.duration_ms)}</td>
                    <td data-label="Type">{run.run_type}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </AdminLog>
    </AdminFrame>
  );
}
