/**
 * The admin logs' pure rules (spec 2 §3, §4, §8, §9): sync and reset status labels, a sync
 * log's details read from free jsonb, the team filters All / Success / Error, a failed team's
 * 'Unknown error', French dates for the sync logs, durations, the 1.5 s refresh and the texts.
 * Expected texts are the spec's, written out here.
 */
import { describe, expect, test } from 'vitest';
import { adminTexts, syncApiError } from '../../src/domain/admin/adminTexts.ts';
import { durationText, frenchDateTime } from '../../src/domain/admin/logFormats.ts';
import { resetStatus } from '../../src/domain/admin/quotaResetLog.ts';
import {
  filterTeams,
  SYNC_REFRESH_DELAY_MS,
  syncDetailsOf,
  syncStatusLabel,
  TEAM_FILTER_LABELS,
  TEAM_FILTERS,
  teamErrorText,
} from '../../src/domain/admin/syncLog.ts';

describe('quota reset status (§4: success/completed, error/failed, partial, else unknown)', () => {
  test.each([
    ['success', 'Success', 'success'],
    ['completed', 'Success', 'success'],
    ['COMPLETED', 'Success', 'success'],
    ['error', 'Error', 'error'],
    ['failed', 'Error', 'error'],
    ['partial', 'Partial', 'partial'],
    ['running', 'Unknown', 'unknown'],
    ['', 'Unknown', 'unknown'],
  ])('%j → %s', (status, label, tone) => {
    expect(resetStatus(status)).toEqual({ label, tone });
  });
});

describe('sync log details', () => {
  const team = (teamId: string, success: boolean, error: string | null = null) => ({
    teamName: `Team ${teamId}`,
    teamId,
    customerId: `cus_${teamId}`,
    success,
    message: success ? 'subscription synced' : 'sync failed',
    error,
    data: { data: null },
  });

  test('a run as sync-stripe-cron writes it', () => {
    const details = syncDetailsOf({
      status: 'partial',
      success_rate: 67,
      run_type: 'manual',
      run_by: 'admin_user',
      team_results: [team('a', true), team('b', false, 'No such customer')],
    });
    expect(details).toEqual({
      status: 'partial',
      successRate: 67,
      runType: 'manual',
      runBy: 'admin_user',
      teamResults: [
        {
          teamName: 'Team a',
          teamId: 'a',
          customerId: 'cus_a',
          success: true,
          message: 'subscription synced',
          error: null,
        },
        {
          teamName: 'Team b',
          teamId: 'b',
          customerId: 'cus_b',
          success: false,
          message: 'sync failed',
          error: 'No such customer',
        },
      ],
    });
  });

  test.each([null, 'text', [], {}, { status: 'exploded', team_results: 'none', success_rate: '50' }])(
    'malformed details %j read as an unknown run with no teams',
    (raw) => {
      expect(syncDetailsOf(raw)).toEqual({
        status: 'unknown',
        successRate: null,
        runType: null,
        runBy: null,
        teamResults: [],
      });
    },
  );

  test('a team entry missing fields is a failed team with empty names', () => {
    expect(syncDetailsOf({ team_results: [{ success: 'yes' }] }).teamResults).toEqual([
      { teamName: '', teamId: '', customerId: '', success: false, message: null, error: null },
    ]);
  });

  test.each([
    ['success', 'Success'],
    ['partial', 'Partial'],
    ['error', 'Error'],
    ['unknown', 'Unknown'],
  ] as const)('status %s reads %s', (status, label) => {
    expect(syncStatusLabel(status)).toBe(label);
  });

  const teams = [team('a', true), team('b', false, 'card declined'), team('c', true), team('d', false)].map(
    (t) => syncDetailsOf({ team_results: [t] }).teamResults[0],
  );
  test('filters All / Success / Error, in that order', () => {
    expect(TEAM_FILTERS.map((f) => TEAM_FILTER_LABELS[f])).toEqual(['All', 'Success', 'Error']);
    expect(filterTeams(teams, 'all').map((t) => t.teamId)).toEqual(['a', 'b', 'c', 'd']);
    expect(filterTeams(teams, 'success').map((t) => t.teamId)).toEqual(['a', 'c']);
    expect(filterTeams(teams, 'error').map((t) => t.teamId)).toEqual(['b', 'd']);
  });
  test("a failed team shows its error, or 'Unknown error'", () => {
    expect(teamErrorText(teams[1])).toBe('card declined');
    expect(teamErrorText(teams[3])).toBe('Unknown error');
  });
});

describe('formats', () => {
  test('sync log dates are French (day/month/year, 24-hour), in the zone asked for', () => {
    expect(frenchDateTime('2026-03-05T14:07:09.123456+00:00', 'UTC')).toBe('05/03/2026 14:07:09');
    expect(frenchDateTime('2026-03-05T23:30:00Z', 'Europe/Paris')).toBe('06/03/2026 00:30:00');
    expect(frenchDateTime('not a date', 'UTC')).toBe('not a date');
  });
  test('durations: milliseconds under a second, else seconds with one decimal', () => {
    expect(durationText(0)).toBe('0 ms');
    expect(durationText(999)).toBe('999 ms');
    expect(durationText(1000)).toBe('1.0 s');
    expect(durationText(12_345)).toBe('12.3 s');
  });
});

describe('texts and timings', () => {
  test('the spec’s empty states, errors and refresh delay', () => {
    expect(adminTexts.noSyncLogs).toBe('No synchronization logs found.');
    expect(adminTexts.noResetLogs).toBe('No quota reset logs found.');
    expect(syncApiError(403)).toBe('API error: 403');
    expect(adminTexts.syncFailedPrefix).toBe('Sync failed: ');
    expect(SYNC_REFRESH_DELAY_MS).toBe(1500);
  });
});
