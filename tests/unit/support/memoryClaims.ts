/**
 * An in-memory stand-in for the server's add claims (claim_profile_add / renew_profile_add /
 * release_profile_add, proven on the database in tests/integration/profile-add-claims*.test.ts):
 * one holder per (database without dashes, canonical URL), renewed or released by its token,
 * expiring after `ttlMs` (from its claim or last renewal) on the injected clock. Counts the calls so a test can say what an add did.
 */
import type { AddClaims } from '../../../src/data/supabase/profileAddClaims.ts';

export function memoryClaims({ ttlMs = 60_000, now = () => Date.now() } = {}) {
  const held = new Map<string, { token: string; at: number }>();
  const calls = { claims: 0, renewals: 0, releases: 0 };
  const keyOf = (databaseId: string, url: string) => `${databaseId.replace(/-/g, '').toLowerCase()} ${url}`;
  let tokens = 0;
  const claims: AddClaims = {
    async claim(databaseId, url) {
      calls.claims += 1;
      const key = keyOf(databaseId, url);
      const current = held.get(key);
      if (current && now() - current.at < ttlMs) return { granted: false, ageMs: now() - current.at, ttlMs };
      const token = `token-${++tokens}`;
      held.set(key, { token, at: now() });
      return { granted: true, token };
    },
    async renew(databaseId, url, token) {
      calls.renewals += 1;
      const current = held.get(keyOf(databaseId, url));
      if (current?.token !== token) return false;
      current.at = now();
      return true;
    },
    async release(databaseId, url, token) {
      calls.releases += 1;
      const key = keyOf(databaseId, url);
      if (held.get(key)?.token === token) held.delete(key);
    },
  };
  return { claims, calls, isHeld: (databaseId: string, url: string) => held.has(keyOf(databaseId, url)) };
}
