/**
 * Compile-time proof that src/data/supabase/database.types.ts types supabase-js calls (checked
 * by `npm run typecheck`, never executed): columns, inserts and RPC arguments and results are
 * typed from the migrations, and mistakes do not compile.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { expectTypeOf } from 'vitest';
import type { Database } from '../../src/data/supabase/database.types.ts';

export async function typedCalls(client: SupabaseClient<Database>) {
  const profile = await client.from('profiles').select('id, role, profile_state, active_team_id').single();
  expectTypeOf(profile.data!.role).toEqualTypeOf<string>();
  expectTypeOf(profile.data!.active_team_id).toEqualTypeOf<string | null>();

  const setup = await client.rpc('setup_new_user', { auth_user_id: 'uuid' });
  expectTypeOf(setup.data!.states_progressed).toEqualTypeOf<string[] | null>();

  const quota = await client.rpc('check_and_increment_notion_quota', { user_auth_id: 'uuid' });
  expectTypeOf(quota.data!.allowed).toEqualTypeOf<boolean | null>();

  const team = await client.rpc('get_user_active_team');
  expectTypeOf(team.data![0].notion_pages_quota).toEqualTypeOf<number>();

  await client.from('settings').insert({
    user_id: 'p',
    name: 'CRM',
    workspace_id: 'w',
    notion_db_id: 'd',
    profile_url: 'u',
    full_name: 't',
    display_config: { alwaysVisible: [], toggleable: [] },
  });
  // @ts-expect-error a column that does not exist
  await client.from('profiles').update({ nickname: 'x' });
  // @ts-expect-error a required argument is missing
  await client.rpc('secure_workspace_management', { p_operation: 'get_user_count' });
  // @ts-expect-error generated identity columns are never written
  await client.from('errors').insert({ id: 1, workspace_id: 'w', message: 'm' });
}
