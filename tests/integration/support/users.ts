/**
 * Test users without going through the auth API: a confirmed row in auth.users and a JWT
 * signed with the stack's secret carrying GoTrue's claims. For suites that test something
 * other than sign-in (REST, storage); the auth suites use the real sign-up flow instead.
 */
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { signJwt } from '../../../supabase/local/jwt.ts';
import type { RunningStack } from '../../../supabase/local/stack.ts';

export interface TestUser {
  id: string;
  email: string;
  accessToken: string;
  /** A supabase-js client that sends this user's JWT. */
  client: SupabaseClient;
}

export function userToken(
  stack: RunningStack,
  id: string,
  email: string,
  expiresInSeconds = 3600,
  sessionId: string = randomUUID(),
): string {
  const now = Math.floor(Date.now() / 1000);
  return signJwt(
    {
      iss: `${stack.apiUrl}/auth/v1`,
      sub: id,
      aud: 'authenticated',
      role: 'authenticated',
      email,
      exp: now + expiresInSeconds,
      iat: now,
      session_id: sessionId,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: {},
      is_anonymous: false,
    },
    stack.jwtSecret,
  );
}

export function clientWithToken(stack: RunningStack, token: string): SupabaseClient {
  return createClient(stack.apiUrl, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
}

export async function createTestUser(stack: RunningStack, email: string): Promise<TestUser> {
  const id = randomUUID();
  const sessionId = randomUUID();
  await stack.db.transaction(async (tx) => {
    await tx.query(
      `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data)
       values ($1, 'authenticated', 'authenticated', $2, now(), '{"provider":"email","providers":["email"]}')`,
      [id, email],
    );
    // The JWT's session must exist, or GoTrue's /auth/v1/user answers session_not_found.
    await tx.query('insert into auth.sessions (id, user_id) values ($1, $2)', [sessionId, id]);
  });
  const accessToken = userToken(stack, id, email, 3600, sessionId);
  return { id, email, accessToken, client: clientWithToken(stack, accessToken) };
}
