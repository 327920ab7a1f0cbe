/**
 * Reading the function's environment: platform variables (SUPABASE_URL, keys) and secrets
 * (`supabase secrets set`, locally `supabase/functions/.env`). A missing required variable
 * is a deployment mistake, reported by name rather than as a later `undefined` failure.
 */
export function requireEnv(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}
