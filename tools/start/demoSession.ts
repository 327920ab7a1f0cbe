/**
 * The seeded demo account (supabase/seed.sql) as npm start's preparation uses it
 * (prepareStack.ts): signed in through the API with its published local password, so that what
 * is done for it passes the same auth and row-level security as the app, and signed out after.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';

export const DEMO_ACCOUNT = { email: 'demo@sidenote.dev', password: 'sidenote-demo' };

/** Runs `act` as the signed-in demo user (its client and auth id), then signs out. */
export async function asDemoUser<T>(
  stack: { apiUrl: string; anonKey: string },
  act: (client: SupabaseClient, authId: string) => Promise<T>,
): Promise<T> {
  const client = createClient(stack.apiUrl, stack.anonKey, { auth: { persistSession: false } });
  const signIn = await client.auth.signInWithPassword(DEMO_ACCOUNT);
  if (signIn.error) throw new Error(`demo account: sign-in failed: ${signIn.error.message}`);
  try {
    return await act(client, signIn.data.user.id);
  } finally {
    await client.auth.signOut();
  }
}
