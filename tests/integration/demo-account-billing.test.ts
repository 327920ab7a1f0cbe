/**
 * The seeded demo account under `npm start` (issue 32, operations: "the seeded demo account has
 * no Stripe customer under npm start"): the seed sets it up before billing is on, so its team is
 * on the free plan with no Stripe customer, and the account screen had nothing to show or sell.
 * What npm start does to its stack (tools/start/prepareStack.ts), run on a seeded test stack,
 * gives it its Stripe customer and free plan — once, however often npm start runs.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ACCOUNT } from '../../tools/start/demoSession.ts';
import { prepareStack } from '../../tools/start/prepareStack.ts';
import { sandboxStripe } from './support/billing.ts';
import { sql } from './support/personas.ts';
import { startTestStack, type TestStack } from './support/stack.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ sandboxes: true });
});
afterAll(() => stack?.stop());

interface DemoTeam {
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  plan_name: string | null;
  subscription_status: string | null;
  profile_state: string;
}

const demoTeam = async (): Promise<DemoTeam> =>
  (
    await sql<DemoTeam>(
      stack,
      `select t.stripe_customer_id, t.stripe_subscription_id, t.plan_name, t.subscription_status, p.profile_state
         from public.profiles p join auth.users u on u.id = p.auth_id join public.teams t on t.id = p.active_team_id
        where u.email = $1`,
      [DEMO_ACCOUNT.email],
    )
  )[0];

describe('npm start and the demo account', () => {
  test('the demo account gets its Stripe customer and free plan; a restart adds nothing', async () => {
    expect((await demoTeam()).stripe_customer_id).toBeNull(); // as the seed leaves it

    await prepareStack(stack);
    const team = await demoTeam();
    expect(team).toMatchObject({
      stripe_customer_id: expect.stringMatching(/^cus_/),
      stripe_subscription_id: expect.stringMatching(/^sub_/),
      plan_name: 'free',
      subscription_status: 'active',
      profile_state: 'setup_complete',
    });
    const stripe = sandboxStripe(stack);
    const customer = await stripe.customers.retrieve(team.stripe_customer_id!);
    expect(customer).toMatchObject({ email: DEMO_ACCOUNT.email });
    const subscriptions = async () =>
      (await stripe.subscriptions.list({ customer: team.stripe_customer_id!, status: 'all' })).data.map((s) => [
        s.id,
        s.status,
        s.items.data[0].price.lookup_key,
      ]);
    expect(await subscriptions()).toEqual([[team.stripe_subscription_id, 'active', 'free_monthly_usd']]);

    await prepareStack(stack);
    expect(await demoTeam()).toEqual(team);
    expect(await subscriptions()).toEqual([[team.stripe_subscription_id, 'active', 'free_monthly_usd']]);
    expect((await stripe.customers.search({ query: `email:'${DEMO_ACCOUNT.email}'` })).data).toHaveLength(1);
    await stack.sandboxes!.stripe.deliveriesSettled(); // the webhook's deliveries, before the stack stops
  });
});
