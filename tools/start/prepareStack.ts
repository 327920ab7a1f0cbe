/**
 * What `npm start` (start.ts) does to its stack once it is up, in one place so that a test runs
 * exactly the same: billing on, as in production (billing_config.stripe_enabled, against the
 * Stripe sandbox — a new account's setup gets its Stripe customer and free plan; the test stacks
 * leave it off unless a test turns it on), and the seeded demo account ready to use: its Stripe
 * customer and free plan (demoBilling.ts) and an active setting on the demo workspace
 * (demoSetting.ts). Safe to run on every start: each step leaves alone what an earlier start (the
 * data kept in .local) or the user already did.
 */
import type { RunningStack } from '../../supabase/local/stack.ts';
import { ensureDemoBilling } from './demoBilling.ts';
import { ensureDemoSetting } from './demoSetting.ts';

export async function prepareStack(stack: RunningStack): Promise<void> {
  await stack.db.exec('update public.billing_config set stripe_enabled = true');
  await ensureDemoBilling({ apiUrl: stack.apiUrl, anonKey: stack.anonKey });
  await ensureDemoSetting({
    apiUrl: stack.apiUrl,
    anonKey: stack.anonKey,
    notionUrl: stack.sandboxes!.notion.url,
    demoKey: stack.sandboxes!.notion.demoKey,
  });
}
