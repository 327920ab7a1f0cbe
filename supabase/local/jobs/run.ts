/**
 * The scheduled jobs as the local stack runs them: what pg_cron runs on hosted Supabase
 * (private.schedule_jobs(), migration 20261128000100), through the stack's own API with the service
 * role — the same SQL function and the same edge function, nothing re-implemented here.
 * Used by the scheduler (run type `scheduled`) and by `npm run jobs` (run type `manual`).
 *
 * What must stay true: the job names are private.job_schedules' (one name per job everywhere);
 * the service key goes only into the request's headers, never into a message or log.
 */

export type RunType = 'scheduled' | 'manual';

export interface JobTarget {
  apiUrl: string;
  serviceRoleKey: string;
}

/** What a run answered: the log row of the quota reset, the summary of the Stripe sync. */
export type JobAnswer = Record<string, unknown>;

const JOBS = {
  /** `select public.reset_monthly_quotas(p_run_type)` (pg_cron runs it as postgres). */
  'reset-monthly-quotas': {
    path: '/rest/v1/rpc/reset_monthly_quotas',
    body: (runType: RunType) => ({ p_run_type: runType }),
  },
  /** pg_net's POST to the function, with the service role key as the bearer. */
  'sync-stripe-cron': { path: '/functions/v1/sync-stripe-cron', body: (runType: RunType) => ({ run_type: runType }) },
} as const;

export type JobName = keyof typeof JOBS;
export const JOB_NAMES = Object.keys(JOBS) as JobName[];

export function isJobName(name: string): name is JobName {
  return Object.hasOwn(JOBS, name);
}

/** Runs one job now and answers its result; a non-2xx answer is an error naming the status. */
export async function runJob(name: JobName, target: JobTarget, runType: RunType): Promise<JobAnswer> {
  const job = JOBS[name];
  const response = await fetch(`${target.apiUrl}${job.path}`, {
    method: 'POST',
    headers: {
      apikey: target.serviceRoleKey,
      authorization: `Bearer ${target.serviceRoleKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(job.body(runType)),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${name} answered ${response.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as JobAnswer;
}
