/**
 * supabase-js clients for functions. None persists or refreshes a session: a function handles
 * one request and must not keep a user's tokens between requests.
 *
 * - `anonClient()`: the public key, as the browser app has it (sign-in checks, getUser);
 * - `userClient(token)`: the public key acting as the caller (their access token): RLS applies;
 * - `serviceClient()`: the service-role key, bypassing RLS and allowing the admin API — only
 *   after the function has established who the caller is and what they may do.
 */
import { createClient, type SupabaseClient } from 'npm:@supabase/supabase-js@2.109.0';
import { requireEnv } from './env.ts';

const NO_SESSION = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };

export function anonClient(): SupabaseClient {
  return createClient(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_ANON_KEY'), { auth: NO_SESSION });
}

export function userClient(accessToken: string): SupabaseClient {
  return createClient(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_ANON_KEY'), {
    auth: NO_SESSION,
    global: { headers: { Authorization: `Bearer ${accessToken}` } },
  });
}

export function serviceClient(): SupabaseClient {
  return createClient(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_SERVICE_ROLE_KEY'), { auth: NO_SESSION });
}
