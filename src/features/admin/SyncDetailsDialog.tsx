/**
 * A sync run's details (spec 2 §2, §3, §8): its facts, then its teams filtered All / Success /
 * Error — each with its name, customer, outcome, and for a failed team the error or
 * 'Unknown error'.
 */
import { useState } from 'react';
import {
  filterTeams,
  TEAM_FILTER_LABELS,
  TEAM_FILTERS,
  teamErrorText,
  type TeamFilter,
} from '../../domain/admin/syncLog.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog, DialogActions } from '../../ui/Dialog.tsx';
import type { SyncRun } from './actions.ts';
import { SyncRunFacts } from './SyncRunFacts.tsx';

export function SyncDetailsDialog({ run, onClose }: { run: SyncRun; onClose: () => void }) {
  const [filter, setFilter] = useState<TeamFilter>('all');
  const teams = filterTeams(run.details.teamResults, filter);
  return (
    <Dialog title="Sync details" onClose={onClose} dismissable>
      <SyncRunFacts run={run} />
      <div className="team-filters" role="group" aria-label="Show teams">
        {TEAM_FILTERS.map((option) => (
          <button
            key={option}
            type="button"
            className="button ghost"
            aria-pressed={filter === option}
            onClick={() => setFilter(option)}
          >
            {TEAM_FILTER_LABELS[option]}
          </button>
        ))}
      </div>
      <ul className="team-results" aria-label="Teams" data-testid="team-results">
        {teams.map((team) => (
          <li key={team.teamId} data-testid="team-result" className={team.success ? 'success' : 'error'}>
            <strong>{team.teamName || team.teamId}</strong>{' '}
            <span className={`run-status ${team.success ? 'success' : 'error'}`}>
              {team.success ? 'Success' : 'Error'}
            </span>
            <span className="team-outcome">{team.success ? team.message : teamErrorText(team)}</span>
            <span className="team-customer">{team.customerId}</span>
          </li>
        ))}
      </ul>
      {teams.length === 0 && <p className="empty-state">No teams to show.</p>}
      <DialogActions>
        <Button variant="primary" autoFocus onPress={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
