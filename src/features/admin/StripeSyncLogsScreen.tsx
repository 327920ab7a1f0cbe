/**
 * /admin/stripe-sync-logs (spec 2 §2, §3, §7, §8, §9): Sync Now, the last run's card, the
 * history of every run (French dates) and a run's details with its teams; 'No synchronization
 * logs found.' before the first run.
 */
import { useState } from 'react';
import { adminTexts } from '../../domain/admin/adminTexts.ts';
import { Button } from '../../ui/Button.tsx';
import { ErrorMessage } from '../../ui/ErrorMessage.tsx';
import { loadSyncRuns, type SyncRun } from './actions.ts';
import { AdminFrame } from './AdminFrame.tsx';
import { AdminLog } from './AdminLog.tsx';
import { SyncDetailsDialog } from './SyncDetailsDialog.tsx';
import { SyncHistoryTable } from './SyncHistoryTable.tsx';
import { SyncRunFacts } from './SyncRunFacts.tsx';
import { useAdminLog } from './useAdminLog.ts';
import { useSyncNow } from './useSyncNow.ts';

export function StripeSyncLogsScreen() {
  const { log, reload } = useAdminLog(loadSyncRuns);
  const sync = useSyncNow(reload);
  const [details, setDetails] = useState<SyncRun | null>(null);
  return (
    <AdminFrame title="Weekly Stripe Sync Logs" inLogs>
      <Button variant="primary" busy={sync.running} onPress={() => void sync.run()}>
        Sync Now
      </Button>
      <ErrorMessage message={sync.error} />
      <AdminLog log={log} retry={() => void reload()} empty={adminTexts.noSyncLogs}>
        {(runs) => (
          <>
            <section className="last-sync card" aria-labelledby="last-sync-title" data-testid="last-sync">
              <h2 id="last-sync-title">Last sync</h2>
              <SyncRunFacts run={runs[0]} />
            </section>
            <SyncHistoryTable runs={runs} onDetails={setDetails} />
          </>
        )}
      </AdminLog>
      {details && <SyncDetailsDialog run={details} onClose={() => setDetails(null)} />}
    </AdminFrame>
  );
}
