/**
 * claim_profile_add / renew_profile_add / release_profile_add through supabase-js (issue 13):
 * one claimant per (database, canonical URL) until it is released or expires; only users with
 * a setting on the database may claim; a claim is renewed (its TTL runs again) or released only
 * by its holder's token, and not once it was taken over; the table is out of the API's reach
 * for everyone. Runs on PGlite and on PostgreSQL (true concurrency:
 * profile-add-claims.postgres.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from './support/stack.ts';
import { personas, settingOn, sql, type Persona, type Personas } from './support/personas.ts';

let stack: TestStack;
let p: Personas;
const DB = '11111111-2222-3333-4444-555555555555';
const DB_BARE = DB.replace(/-/g, '');
const JOHN = 'https://www.linkedin.com/in/john';
const DENIED = { code: '42501' };

const claim = (who: Persona, database = DB, url = JOHN) =>
  who.client.rpc('claim_profile_add', { database_id: database, canonical_url: url });
const release = (who: Persona, token: string, database = DB, url = JOHN) =>
  who.client.rpc('release_profile_add', { database_id: database, canonical_url: url, token });
const renew = (who: Persona, token: string, database = DB, url = JOHN) =>
  who.client.rpc('renew_profile_add', { database_id: database, canonical_url: url, token });
const ageClaims = (seconds: number) =>
  sql(stack, `update private.profile_add_claims set claimed_at = claimed_at - make_interval(secs => $1)`, [seconds]);

beforeAll(async () => {
  stack = await startTestStack();
  p = await personas(stack, 'claims-');
  await settingOn(p.owner, DB, 'c');
  await settingOn(p.member, DB_BARE, 'm'); // the same database, saved without dashes
});
afterAll(() => stack?.stop());

describe('one claimant at a time', () => {
  it('the first claim is granted; a second (another device, another user of the database) is not, with its age', async () => {
    const first = await claim(p.owner);
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({ granted: true, age_ms: 0, ttl_ms: 60_000 });
    expect(first.data!.token).toMatch(/^[0-9a-f-]{36}$/);
    for (const [who, database] of [
      [p.owner, DB],
      [p.member, DB_BARE.toUpperCase()],
    ] as const) {
      const second = await claim(who, database);
      expect(second.error).toBeNull();
      expect(second.data).toMatchObject({ granted: false, token: null, ttl_ms: 60_000 });
      expect(second.data!.age_ms).toBeGreaterThanOrEqual(0);
      expect(second.data!.age_ms).toBeLessThan(60_000);
    }
    // another profile of the same database is free
    expect((await claim(p.member, DB, `${JOHN}-1`)).data).toMatchObject({ granted: true });
    await sql(stack, 'delete from private.profile_add_claims');
  });

  it('released by its token, the claim is free again; a wrong token or another user releases nothing', async () => {
    const { data } = await claim(p.owner);
    const token = data!.token!;
    expect((await release(p.member, token)).data).toBe(false);
    expect((await release(p.owner, '00000000-0000-4000-8000-000000000000')).data).toBe(false);
    expect((await claim(p.member)).data).toMatchObject({ granted: false });
    expect((await release(p.owner, token)).data).toBe(true);
    expect((await release(p.owner, token)).data).toBe(false);
    expect((await claim(p.member)).data).toMatchObject({ granted: true });
    await sql(stack, 'delete from private.profile_add_claims');
  });

  it('a claim older than the TTL (a crashed tab) is taken over, and the old token no longer releases it', async () => {
    const stale = (await claim(p.owner)).data!.token!;
    await ageClaims(59);
    expect((await claim(p.member)).data).toMatchObject({ granted: false });
    await ageClaims(2);
    const fresh = await claim(p.member);
    expect(fresh.data).toMatchObject({ granted: true });
    expect((await release(p.owner, stale)).data).toBe(false);
    expect((await claim(p.owner)).data).toMatchObject({ granted: false });
    await sql(stack, 'delete from private.profile_add_claims');
  });

  it('renewed by its holder, the claim runs its TTL again; a wrong token, another user or a taken-over token renews nothing', async () => {
    const token = (await claim(p.owner)).data!.token!;
    await ageClaims(59);
    expect((await renew(p.member, token)).data).toBe(false);
    expect((await renew(p.owner, '00000000-0000-4000-8000-000000000000')).data).toBe(false);
    expect((await renew(p.owner, token, DB_BARE)).data).toBe(true); // the database without dashes is the same
    await ageClaims(2);
    expect((await claim(p.member)).data).toMatchObject({ granted: false }); // 2 s old, not 61
    await ageClaims(61);
    const fresh = (await claim(p.member)).data!;
    expect(fresh).toMatchObject({ granted: true });
    expect((await renew(p.owner, token)).data).toBe(false);
    expect((await renew(p.member, fresh.token!)).data).toBe(true);
    await sql(stack, 'delete from private.profile_add_claims');
  });

  it('expired claims of other profiles are swept on the next claim', async () => {
    await claim(p.owner, DB, `${JOHN}-old`);
    await ageClaims(120);
    await claim(p.owner);
    const rows = await sql<{ canonical_url: string }>(stack, 'select canonical_url from private.profile_add_claims');
    expect(rows).toEqual([{ canonical_url: JOHN }]);
    await sql(stack, 'delete from private.profile_add_claims');
  });
});

describe('who may claim', () => {
  it('a user without a setting on the database is refused, and so is anon', async () => {
    expect((await claim(p.other)).error).toMatchObject(DENIED);
    const anon = await p.anon.rpc('claim_profile_add', { database_id: DB, canonical_url: JOHN });
    expect(anon.error).toMatchObject(DENIED);
    const anonRelease = await p.anon.rpc('release_profile_add', {
      database_id: DB,
      canonical_url: JOHN,
      token: '00000000-0000-4000-8000-000000000000',
    });
    expect(anonRelease.error).toMatchObject(DENIED);
    const anonRenew = await p.anon.rpc('renew_profile_add', {
      database_id: DB,
      canonical_url: JOHN,
      token: '00000000-0000-4000-8000-000000000000',
    });
    expect(anonRenew.error).toMatchObject(DENIED);
  });

  it('a URL that is not canonical is refused by the table', async () => {
    const { error } = await claim(p.owner, DB, 'https://fr.linkedin.com/in/john');
    expect(error).toMatchObject({ code: '23514' });
  });
});

describe('the claims table is out of reach', () => {
  it('no API role reads or writes it; RLS is on', async () => {
    await claim(p.owner);
    for (const client of [p.anon, p.owner.client, p.member.client, p.other.client, p.admin.client]) {
      const read = await client
        .schema('private' as 'public')
        .from('profile_add_claims' as 'settings')
        .select();
      expect(read.data ?? []).toEqual([]);
      expect(read.error).not.toBeNull();
    }
    const [{ relrowsecurity }] = await sql<{ relrowsecurity: boolean }>(
      stack,
      "select relrowsecurity from pg_class where oid = 'private.profile_add_claims'::regclass",
    );
    expect(relrowsecurity).toBe(true);
    const privileges = await sql<{ grantee: string }>(
      stack,
      `select grantee from information_schema.role_table_grants
        where table_schema = 'private' and table_name = 'profile_add_claims'
          and grantee in ('anon', 'authenticated')`,
    );
    expect(privileges).toEqual([]);
    await sql(stack, 'delete from private.profile_add_claims');
  });
});
