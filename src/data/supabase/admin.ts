/**
 * The admin RPCs the dashboard reads (spec 2 §7): search_users_by_email {search_term} and
 * get_database_info. The database refuses both to non-admins (private.require_admin); the
 * route guard only spares them the request.
 */
import { environmentBadge, type EnvironmentBadge } from '../../domain/admin/environmentBadge.ts';
import { postgrestError } from '../errors/postgrest.ts';
import { supabase } from './client.ts';
import type { Database } from './database.types.ts';

type Composite = Database['public']['CompositeTypes'];
/** A row of the admin user search (spec 2 §3); avatar_url is the avatar's object path. */
export type UserSearchRow = Composite['user_search_row'];
export type DatabaseInfo = Composite['database_info'];

/** Users whose e-mail contains `term` (case-insensitive), ordered by e-mail. */
export async function searchUsersByEmail(term: string): Promise<UserSearchRow[]> {
  const { data, error, status } = await supabase.rpc('search_users_by_email', { search_term: term });
  if (error) throw postgrestError(error, status);
  return data;
}

/** The database's branch name and whether it is production (the environment badge). */
export async function databaseInfo(): Promise<DatabaseInfo> {
  const { data, error, status } = await supabase.rpc('get_database_info');
  if (error) throw postgrestError(error, status);
  return data;
}

/** The badge for this database (the admin dashboard's, and the debug badge's); 'Supabase: error' when it cannot be read. */
export async function loadEnvironmentBadge(): Promise<EnvironmentBadge> {
  return environmentBadge(await databaseInfo().catch(() => null));
}
