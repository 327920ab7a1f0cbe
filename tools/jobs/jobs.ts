/**
 * `npm run jobs -- <job>`: runs one scheduled job now against the running `npm start` stack
 * (found through `.local/stack.json`, or `$SIDENOTE_DATA_DIR/stack.json`), as an operator's
 * manual run: `reset-monthly-quotas` (a quota_reset_logs row with run_type manual) or
 * `sync-stripe-cron` (a stripe_sync_logs row with run_type manual, run_by cron). Prints the
 * run's answer as JSON; exits 1 on failure, 2 on a wrong job name.
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { isJobName, JOB_NAMES, runJob, type JobTarget } from '../../supabase/local/jobs/run.ts';

const root = resolve(import.meta.dirname, '../..');
const dataDir = resolve(process.env.SIDENOTE_DATA_DIR ?? join(root, '.local'));

async function main(): Promise<number> {
  const name = process.argv[2] ?? '';
  if (!isJobName(name)) {
    console.error(`Usage: npm run jobs -- <${JOB_NAMES.join('|')}>`);
    return 2;
  }
  let target: JobTarget;
  try {
    target = JSON.parse(await readFile(join(dataDir, 'stack.json'), 'utf8')) as JobTarget;
  } catch {
    console.error(`No running stack: ${join(dataDir, 'stack.json')} is missing. Start one with npm start.`);
    return 1;
  }
  try {
    console.log(JSON.stringify(await runJob(name, target, 'manual'), null, 2));
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
}

process.exitCode = await main();
