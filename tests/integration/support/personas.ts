/**
 * The cast of the database permission suites: an owner, a member of the owner's team, another
 * user with their own team, an admin, and anon — each with a supabase-js client sending their
 * JWT. Setup runs through the real `setup_new_user` RPC; only what no API may do (joining a
 * team, granting admin) is done as the superuser, as an operator would.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { TestStack } from './stack.ts';
import { createTestUser, type TestUser } from './users.ts';

export interface Persona extends TestUser {
  profileId: string;
  teamId: string;
}

export interface Personas {
  anon: SupabaseClient;
  owner: Persona;
  member: Persona;
  other: Persona;
  admin: Persona;
}

export async function sql<T = Record<string, unknown>>(stack: TestStack, text: string, params: unknown[] = []) {
  const { rows } = await stack.db.transaction((tx) => tx.query<T>(text, params));
  return rows;
}

export async function setUpUser(stack: TestStack, email: string): Promise<Persona> {
  const user = await createTestUser(stack, email);
  const { data, error } = await user.client.rpc('setup_new_user', { auth_user_id: user.id });
  if (error) throw new Error(`setup_new_user failed for ${email}: ${error.message}`);
  const [profile] = await sql<{ id: string }>(stack, 'select id from public.profiles where auth_id = $1', [user.id]);
  return { ...user, profileId: profile.id, teamId: (data as { team_id: string }).team_id };
}

/** Adds `who` to `team` (an operator action: no API writes team_members). */
export async function joinTeam(stack: TestStack, who: Persona, teamId: string): Promise<void> {
  await sql(stack, 'insert into public.team_members (team_id, profile_id) values ($1, $2)', [teamId, who.profileId]);
}

export async function makeAdmin(stack: TestStack, who: Persona): Promise<void> {
  await sql(stack, "update public.profiles set role = 'admin' where id = $1", [who.profileId]);
}

export async function personas(stack: TestStack, prefix = ''): Promise<Personas> {
  const [owner, member, other, admin] = await Promise.all(
    ['owner', 'member', 'other', 'admin'].map((name) => setUpUser(stack, `${prefix}${name}@example.com`)),
  );
  await joinTeam(stack, member, owner.teamId);
  await makeAdmin(stack, admin);
  return { anon: stack.client(), owner, member, other, admin };
}

/** A well-formed 50-character Notion integration key, different per seed. */
export const notionKey = (seed: string) => `ntn_${seed.repeat(46).slice(0, 46)}`;

/** A workspace of `key` saved by `who` (as the wizard saves it); its id. */
export async function workspaceWithKey(who: Persona, key: string): Promise<string> {
  const { data, error } = await who.client.rpc('create_workspace_with_association', {
    notion_key: key,
    notion_workspace_id: null,
    workspace_name: 'Proxy test',
    notion_key_name: null,
    auth_user_id: who.id,
  });
  if (error || !data.success) throw new Error(`creating the workspace failed: ${error?.message ?? data.error}`);
  return data.new_workspace.id;
}

/** A workspace (key from `seed`) and a setting on `database` for `who`, as the wizard saves them. */
export async function settingOn(who: Persona, database: string, seed: string): Promise<void> {
  const created = await who.client.rpc('create_workspace_with_association', {
    notion_key: notionKey(seed),
    notion_workspace_id: null,
    workspace_name: `${who.email} workspace`,
    notion_key_name: null,
    auth_user_id: who.id,
  });
  if (created.error) throw new Error(created.error.message);
  const { error } = await who.client.from('settings').insert({
    user_id: who.profileId,
    workspace_id: created.data.new_workspace.id,
    name: `CRM ${seed}`,
    notion_db_id: database,
    profile_url: 'url',
    full_name: 'title',
  });
  if (error) throw new Error(error.message);
}
