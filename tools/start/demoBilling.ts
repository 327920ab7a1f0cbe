/**
 * The demo account's Stripe customer and free plan under npm start (issue 32): the seed sets the
 * account up before npm start turns billing on, so its team starts with neither, and the account
 * screen had no plan to show and nothing to sell. They are made as the app's setup makes them —
 * create-stripe-customer called as the demo user, its team's owner — in usd, the currency the
 * geo-IP sandbox gives every visitor; and only while the team has no customer, so a restart (the
 * data kept in .local) costs no Stripe call. Needs billing on (prepareStack.ts turns it on first).
 */
import { FunctionsHttpError } from '@supabase/supabase-js';
import { asDemoUser } from './demoSession.ts';

const DEMO_CURRENCY = 'usd';

/** Gives the demo account's team its Stripe customer and free plan unless it has a customer; answers whether it did. */
export function ensureDemoBilling(stack: { apiUrl: string; anonKey: string }): Promise<boolean> {
  return asDemoUser(stack, async (client, authId) => {
    const profile = await client.from('profiles').select('active_team_id').eq('auth_id', authId).single();
    if (profile.error) throw new Error(`demo billing: reading the profile failed: ${profile.error.message}`);
    const teamId = (profile.data as { active_team_id: string | null }).active_team_id;
    if (!teamId) throw new Error('demo billing: the demo account has no active team (is the seed applied?)');
    const team = await client.from('teams').select('stripe_customer_id').eq('id', teamId).single();
    if (team.error) throw new Error(`demo billing: reading the team failed: ${team.error.message}`);
    if ((team.data as { stripe_customer_id: string | null }).stripe_customer_id) return false;
    const { error } = await client.functions.invoke('create-stripe-customer', {
      body: { teamId, currency: DEMO_CURRENCY },
    });
    if (error) {
      const said = error instanceof FunctionsHttpError ? await (error.context as Response).text() : error.message;
      throw new Error(`demo billing: create-stripe-customer failed: ${said}`);
    }
    return true;
  });
}
