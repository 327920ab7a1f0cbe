/**
 * The local stand-in for pg_cron: reads the jobs and their cron expressions from
 * private.job_schedules (the rows private.schedule_jobs() hands to pg_cron on hosted Supabase) and fires
 * each at its next time, for as long as the stack runs. A run that fails is logged and the job
 * fires again at its next time, as pg_cron does; runs of one job never overlap.
 *
 * The clock is a parameter so a test can drive the schedule without waiting a day.
 *
 * What must stay true: `stop()` clears every timer and waits for a run in progress.
 */
import type { Database } from '../db/database.ts';
import { nextRunAfter, parseCron } from './cron.ts';
import { isJobName, type JobAnswer, type JobName } from './run.ts';

export interface SchedulerClock {
  now(): number;
  setTimeout(fire: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
}

export interface ScheduledJob {
  job: JobName;
  schedule: string;
}

export interface SchedulerEvents {
  /** Runs the job (the stack passes runJob with its own URL and service key). */
  run(job: JobName): Promise<JobAnswer>;
  log?(line: string): void;
}

export interface Scheduler {
  /** Each job's next fire time (epoch ms), for the launcher's banner and the tests. */
  nextRuns(): Record<string, number>;
  stop(): Promise<void>;
}

/** setTimeout's longest delay (about 24.8 days); a later run is reached in several waits. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const systemClock: SchedulerClock = {
  now: () => Date.now(),
  setTimeout: (fire, ms) => setTimeout(fire, ms),
  clearTimeout: (timer) => clearTimeout(timer as NodeJS.Timeout),
};

export async function readJobSchedules(db: Database): Promise<ScheduledJob[]> {
  const { rows } = await db.transaction((tx) =>
    tx.query<{ job: string; schedule: string }>('select job, schedule from private.job_schedules order by job'),
  );
  return rows.map(({ job, schedule }) => {
    if (!isJobName(job)) throw new Error(`private.job_schedules names a job the local stack cannot run: ${job}`);
    return { job, schedule };
  });
}

export function startScheduler(jobs: ScheduledJob[], events: SchedulerEvents, clock = systemClock): Scheduler {
  const log = events.log ?? ((line: string) => console.log(line));
  const timers = new Map<JobName, unknown>();
  const nextAt = new Map<JobName, number>();
  const running = new Set<Promise<void>>();
  const schedules = new Map(jobs.map(({ job, schedule }) => [job, parseCron(schedule)]));
  let stopped = false;

  const arm = (job: JobName, at: number) => {
    nextAt.set(job, at);
    const wait = Math.max(0, at - clock.now());
    timers.set(
      job,
      clock.setTimeout(() => (wait > MAX_TIMER_MS ? arm(job, at) : fire(job, at)), Math.min(wait, MAX_TIMER_MS)),
    );
  };

  const fire = (job: JobName, at: number) => {
    const run = events
      .run(job)
      .then(
        (answer) => log(`[jobs] ${job}: ${JSON.stringify(answer)}`),
        (error: unknown) => log(`[jobs] ${job} failed: ${error instanceof Error ? error.message : String(error)}`),
      )
      .finally(() => {
        running.delete(run);
        if (!stopped) arm(job, nextRunAfter(schedules.get(job)!, Math.max(at, clock.now())));
      });
    running.add(run);
  };

  for (const [job, schedule] of schedules) arm(job, nextRunAfter(schedule, clock.now()));

  return {
    nextRuns: () => Object.fromEntries(nextAt),
    async stop() {
      stopped = true;
      for (const timer of timers.values()) clock.clearTimeout(timer);
      await Promise.all(running);
    },
  };
}
