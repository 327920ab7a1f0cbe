/**
 * The local scheduler's clock arithmetic and timers (supabase/local/jobs): cron expressions read
 * as pg_cron reads them (UTC), each job fired at its next time and then re-armed for the one
 * after, a failed run logged and retried at the next time, and stop() clearing the timers.
 */
import { describe, expect, test } from 'vitest';
import { nextRunAfter, parseCron } from '../../../supabase/local/jobs/cron.ts';
import { startScheduler } from '../../../supabase/local/jobs/scheduler.ts';
import type { JobName } from '../../../supabase/local/jobs/run.ts';
import { fakeClock } from '../../integration/support/fakeClock.ts';

const next = (expression: string, afterIso: string) =>
  new Date(nextRunAfter(parseCron(expression), Date.parse(afterIso))).toISOString();

describe('nextRunAfter', () => {
  test.each([
    // the daily quota reset, 00:05 UTC
    ['5 0 * * *', '2026-11-24T23:26:00Z', '2026-11-25T00:05:00.000Z'],
    ['5 0 * * *', '2026-11-25T00:04:59Z', '2026-11-25T00:05:00.000Z'],
    ['5 0 * * *', '2026-11-25T00:05:00Z', '2026-11-26T00:05:00.000Z'],
    ['5 0 * * *', '2026-12-31T12:00:00Z', '2027-01-01T00:05:00.000Z'],
    // the weekly Stripe sync, Monday 03:00 UTC (2026-11-23 is a Monday)
    ['0 3 * * 1', '2026-11-23T02:59:00Z', '2026-11-23T03:00:00.000Z'],
    ['0 3 * * 1', '2026-11-23T03:00:00Z', '2026-11-30T03:00:00.000Z'],
    ['0 3 * * 1', '2026-11-24T23:26:00Z', '2026-11-30T03:00:00.000Z'],
    // the rest of the grammar
    ['*/15 * * * *', '2026-11-24T10:16:30Z', '2026-11-24T10:30:00.000Z'],
    ['0 9-17/4 * * *', '2026-11-24T13:00:00Z', '2026-11-24T17:00:00.000Z'],
    ['30 6 1,15 * *', '2026-11-02T00:00:00Z', '2026-11-15T06:30:00.000Z'],
    ['0 0 * * 7', '2026-11-24T00:00:00Z', '2026-11-29T00:00:00.000Z'], // 7 is Sunday too
    ['0 0 13 * 5', '2026-11-24T00:00:00Z', '2026-11-27T00:00:00.000Z'], // both day fields: either
    ['0 0 29 2 *', '2026-03-01T00:00:00Z', '2028-02-29T00:00:00.000Z'],
  ])('%s after %s is %s', (expression, after, expected) => {
    expect(next(expression, after)).toBe(expected);
  });

  test.each([['5 0 * *'], ['61 0 * * *'], ['0 24 * * *'], ['0 0 * * MON'], ['5-1 * * * *'], ['*/0 * * * *']])(
    '"%s" is refused, never read as another time',
    (expression) => {
      expect(() => parseCron(expression)).toThrow(/cron/i);
    },
  );

  test('an expression that never fires is an error', () => {
    expect(() => next('0 0 31 2 *', '2026-01-01T00:00:00Z')).toThrow('This cron expression never fires');
  });
});

describe('startScheduler', () => {
  const jobs = [
    { job: 'reset-monthly-quotas' as JobName, schedule: '5 0 * * *' },
    { job: 'sync-stripe-cron' as JobName, schedule: '0 3 * * 1' },
  ];
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  test('fires each job at its cron time, once, then waits for the next', async () => {
    const clock = fakeClock('2026-11-22T23:00:00Z'); // Sunday
    const runs: string[] = [];
    const scheduler = startScheduler(
      jobs,
      { run: async (job) => (runs.push(`${job}@${new Date(clock.now()).toISOString()}`), { ok: true }), log: () => {} },
      clock,
    );
    expect(scheduler.nextRuns()).toEqual({
      'reset-monthly-quotas': Date.parse('2026-11-23T00:05:00Z'),
      'sync-stripe-cron': Date.parse('2026-11-23T03:00:00Z'),
    });

    clock.advanceTo('2026-11-23T00:04:59Z');
    await settle();
    expect(runs).toEqual([]);
    clock.advanceTo('2026-11-23T00:05:00Z');
    await settle();
    expect(runs).toEqual(['reset-monthly-quotas@2026-11-23T00:05:00.000Z']);
    expect(scheduler.nextRuns()['reset-monthly-quotas']).toBe(Date.parse('2026-11-24T00:05:00Z'));

    clock.advanceTo('2026-11-23T03:00:00Z');
    await settle();
    expect(runs.at(-1)).toBe('sync-stripe-cron@2026-11-23T03:00:00.000Z');
    expect(scheduler.nextRuns()['sync-stripe-cron']).toBe(Date.parse('2026-11-30T03:00:00Z'));

    for (const day of ['24', '25', '26', '27', '28', '29', '30']) {
      clock.advanceTo(`2026-11-${day}T12:00:00Z`);
      await settle();
    }
    expect(runs.filter((r) => r.startsWith('reset-monthly-quotas'))).toHaveLength(8);
    expect(runs.filter((r) => r.startsWith('sync-stripe-cron'))).toEqual([
      'sync-stripe-cron@2026-11-23T03:00:00.000Z',
      'sync-stripe-cron@2026-11-30T12:00:00.000Z', // fired late (the clock jumped), not skipped
    ]);
    await scheduler.stop();
  });

  test('a failed run is logged and the job fires again at its next time', async () => {
    const clock = fakeClock('2026-11-25T00:00:00Z');
    const lines: string[] = [];
    let calls = 0;
    const scheduler = startScheduler(
      [jobs[0]],
      {
        run: async () => {
          calls += 1;
          throw new Error('reset-monthly-quotas answered 500: boom');
        },
        log: (line) => lines.push(line),
      },
      clock,
    );
    clock.advanceTo('2026-11-25T00:05:00Z');
    await settle();
    expect(lines).toEqual(['[jobs] reset-monthly-quotas failed: reset-monthly-quotas answered 500: boom']);
    expect(clock.pending()).toEqual([Date.parse('2026-11-26T00:05:00Z')]);
    clock.advanceTo('2026-11-26T00:05:00Z');
    await settle();
    expect(calls).toBe(2);
    await scheduler.stop();
  });

  test('a run far away waits in steps setTimeout can hold; stop() clears every timer', async () => {
    const clock = fakeClock('2026-03-01T00:00:00Z');
    const runs: number[] = [];
    const scheduler = startScheduler(
      [{ job: 'reset-monthly-quotas' as JobName, schedule: '0 0 29 2 *' }],
      { run: async () => (runs.push(clock.now()), {}), log: () => {} },
      clock,
    );
    expect(clock.pending()).toEqual([Date.parse('2026-03-01T00:00:00Z') + 2 ** 31 - 1]);
    clock.advanceTo('2026-03-30T00:00:00Z');
    await settle();
    expect(runs).toEqual([]);
    expect(clock.pending()).toHaveLength(1);
    await scheduler.stop();
    expect(clock.pending()).toEqual([]);
  });
});
