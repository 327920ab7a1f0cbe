/**
 * The server-side claim on adding a profile (RPCs claim_profile_add / renew_profile_add /
 * release_profile_add, supabase/migrations/20261124000200_create_profile_add_claims.sql): one
 * add at a time per (Notion database, canonical profile URL), across devices and users.
 *
 * What must stay true: the RPC's answer is checked at this boundary (zod); a failed call is an
 * `AppError`, never a raw fetch error.
 */
import * as z from 'zod/mini';
import { postgrestError } from '../errors/postgrest.ts';
import { appError } from '../errors/appError.ts';
import { supabase } from './client.ts';

export type AddClaim = { granted: true; token: string } | { granted: false; ageMs: number; ttlMs: number };

export interface AddClaims {
  claim(databaseId: string, canonicalUrl: string): Promise<AddClaim>;
  /** True when the token still holds the claim, which then runs its whole TTL again. */
  renew(databaseId: string, canonicalUrl: string, token: string): Promise<boolean>;
  release(databaseId: string, canonicalUrl: string, token: string): Promise<void>;
}

const Answer = z.discriminatedUnion('granted', [
  z.object({ granted: z.literal(true), token: z.uuid() }),
  z.object({
    granted: z.literal(false),
    age_ms: z.int().check(z.minimum(0)),
    ttl_ms: z.int().check(z.positive()),
  }),
]);

export const profileAddClaims: AddClaims = {
  async claim(databaseId, canonicalUrl) {
    const { data, error, status } = await supabase.rpc('claim_profile_add', {
      database_id: databaseId,
      canonical_url: canonicalUrl,
    });
    if (error) throw postgrestError(error, status);
    const answer = Answer.safeParse(data);
    if (!answer.success) throw appError({ kind: 'server' }, 'Unexpected answer to claim_profile_add');
    return answer.data.granted
      ? { granted: true, token: answer.data.token }
      : { granted: false, ageMs: answer.data.age_ms, ttlMs: answer.data.ttl_ms };
  },
  async renew(databaseId, canonicalUrl, token) {
    const { data, error, status } = await supabase.rpc('renew_profile_add', {
      database_id: databaseId,
      canonical_url: canonicalUrl,
      token,
    });
    if (error) throw postgrestError(error, status);
    const held = z.boolean().safeParse(data);
    if (!held.success) throw appError({ kind: 'server' }, 'Unexpected answer to renew_profile_add');
    return held.data;
  },
  async release(databaseId, canonicalUrl, token) {
    const { error, status } = await supabase.rpc('release_profile_add', {
      database_id: databaseId,
      canonical_url: canonicalUrl,
      token,
    });
    if (error) throw postgrestError(error, status);
  },
};
