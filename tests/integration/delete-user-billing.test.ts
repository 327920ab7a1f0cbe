/**
 * delete-user-complete ends the user's billing before the account goes (issue 32, item 2: "after
 * an admin deleted a paid Pro user, both subscriptions stayed active in the Stripe sandbox, the
 * customer and its e-mail stayed"): through the whole local stack, read back with the official
 * `stripe` SDK. The teams that go with the user (those they own, shared or not) have their
 * subscriptions canceled and their Stripe customer deleted first; a team they only belong to
 * keeps its billing. When Stripe fails, see stripe-functions-failure.test.ts.
 */
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buyPlan, call, onFreePlan, sandboxStripe, setUpUser, startBillingStack, teamRow } from './support/billing.ts';
import { joinTeam, makeAdmin, sql, type Persona } from './support/personas.ts';
import type { TestStack } from './support/stack.ts';

let stack: TestStack;
let stripe: Stripe;
let admin: Persona;

beforeAll(async () => {
  stack = await startBillingStack();
  stripe = sandboxStripe(stack);
  admin = await setUpUser(stack, 'dub-admin');
  await makeAdmin(stack, admin);
});
afterAll(() => stack?.stop());

const deleteCall = (email: string) => call(admin.client, 'delete-user-complete', { target_email: email });

const statuses = async (customerId: string) =>
  (await stripe.subscriptions.list({ customer: customerId, status: 'all' })).data.map((s) => s.status).sort();

const userCount = async (id: string) =>
  (await sql<{ n: number }>(stack, 'select count(*)::int as n from auth.users where id = $1', [id]))[0].n;

describe('deleting a user ends the billing of the teams that go with them', () => {
  test('a paid Pro user: every subscription canceled and the customer deleted, then the account goes', async () => {
    const user = await setUpUser(stack, 'dub-pro');
    const customerId = await onFreePlan(stack, user);
    await buyPlan(user, { planName: 'pro', billingCycle: 'monthly' });
    expect(await statuses(customerId)).toContain('active');

    expect(await deleteCall(user.email)).toEqual({
      status: 200,
      body: { success: true, message: 'User deleted successfully' },
    });
    expect(new Set(await statuses(customerId))).toEqual(new Set(['canceled']));
    expect(await stripe.customers.retrieve(customerId)).toEqual({ id: customerId, object: 'customer', deleted: true });
    expect(await userCount(user.id)).toBe(0);
  });

  test('an owner whose team has another member: the team goes, so does its billing; the member keeps theirs', async () => {
    const owner = await setUpUser(stack, 'dub-owner');
    const member = await setUpUser(stack, 'dub-member');
    await joinTeam(stack, member, owner.teamId);
    const ownerCustomer = await onFreePlan(stack, owner);
    const memberCustomer = await onFreePlan(stack, member);

    expect((await deleteCall(owner.email)).body).toEqual({ success: true, message: 'User deleted successfully' });
    expect(await statuses(ownerCustomer)).toEqual(['canceled']);
    expect(await stripe.customers.retrieve(ownerCustomer)).toMatchObject({ deleted: true });
    expect(await sql(stack, 'select id from public.teams where id = $1', [owner.teamId])).toEqual([]);
    expect(await statuses(memberCustomer)).toEqual(['active']);
    expect(await stripe.customers.retrieve(memberCustomer)).not.toHaveProperty('deleted');
  });

  test("a member of another's team: only their own team's billing ends; the team they joined keeps its plan", async () => {
    const owner = await setUpUser(stack, 'dub-keeps');
    const member = await setUpUser(stack, 'dub-leaves');
    await joinTeam(stack, member, owner.teamId);
    const ownerCustomer = await onFreePlan(stack, owner);
    const memberCustomer = await onFreePlan(stack, member);

    expect((await deleteCall(member.email)).body).toEqual({ success: true, message: 'User deleted successfully' });
    expect(await statuses(memberCustomer)).toEqual(['canceled']);
    expect(await stripe.customers.retrieve(memberCustomer)).toMatchObject({ deleted: true });
    expect(await statuses(ownerCustomer)).toEqual(['active']);
    expect(await stripe.customers.retrieve(ownerCustomer)).not.toHaveProperty('deleted');
    expect((await teamRow(stack, owner.teamId)).stripe_customer_id).toBe(ownerCustomer);
  });

  test('a customer already deleted in Stripe does not stop the deletion', async () => {
    const user = await setUpUser(stack, 'dub-gone');
    const customerId = await onFreePlan(stack, user);
    await stripe.customers.del(customerId);
    expect((await deleteCall(user.email)).body).toEqual({ success: true, message: 'User deleted successfully' });
    expect(await userCount(user.id)).toBe(0);
  });
});
