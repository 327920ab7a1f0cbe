/**
 * The Stripe sync log as the admin reads it (spec 2 §3 "Stripe sync log", §4, §8, §9): a row's
 * `details` read defensively (the column is free jsonb), the run status labels, the details
 * modal's team filters All / Success / Error, and a failed team's error text.
 */

/** After Sync Now, the history reloads this long after the run answered (spec 2 §9). */
export const SYNC_REFRESH_DELAY_MS = 1500;

/** The run statuses of spec 2 §4; anything else reads as unknown. */
export type SyncStatus = 'success' | 'partial' | 'error' | 'unknown';

export interface TeamResult {
  teamName: string;
  teamId: string;
  customerId: string;
  success: boolean;
  message: string | null;
  error: string | null;
}

export interface SyncDetails {
  status: SyncStatus;
  successRate: number | null;
  runType: string | null;
  runBy: string | null;
  teamResults: TeamResult[];
}

const STATUS_LABELS: Record<SyncStatus, string> = {
  success: 'Success',
  partial: 'Partial',
  error: 'Error',
  unknown: 'Unknown',
};

export const syncStatusLabel = (status: SyncStatus): string => STATUS_LABELS[status];

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

function teamResultOf(value: unknown): TeamResult {
  const r = record(value);
  return {
    teamName: text(r.teamName) ?? '',
    teamId: text(r.teamId) ?? '',
    customerId: text(r.customerId) ?? '',
    success: r.success === true,
    message: text(r.message),
    error: text(r.error),
  };
}

/** A log row's details; missing or malformed parts read as unknown or empty. */
export function syncDetailsOf(details: unknown): SyncDetails {
  const d = record(details);
  const status = text(d.status);
  return {
    status: status === 'success' || status === 'partial' || status === 'error' ? status : 'unknown',
    successRate: typeof d.success_rate === 'number' ? d.success_rate : null,
    runType: text(d.run_type),
    runBy: text(d.run_by),
    teamResults: Array.isArray(d.team_results) ? d.team_results.map(teamResultOf) : [],
  };
}

/** The details modal's team filters, in the order shown. */
export const TEAM_FILTERS = ['all', 'success', 'error'] as const;
export type TeamFilter = (typeof TEAM_FILTERS)[number];

export const TEAM_FILTER_LABELS: Record<TeamFilter, string> = { all: 'All', success: 'Success', error: 'Error' };

export function filterTeams(teams: readonly TeamResult[], filter: TeamFilter): TeamResult[] {
  if (filter === 'all') return [...teams];
  return teams.filter((team) => team.success === (filter === 'success'));
}

/** What a failed team's row says (spec 2 §8: "Team Error rows show the error or 'Unknown error'"). */
export const teamErrorText = (team: TeamResult): string => team.error ?? 'Unknown error';
