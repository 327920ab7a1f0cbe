/**
 * HS256 JSON Web Tokens, signed and verified with the project's JWT secret exactly as GoTrue
 * and PostgREST do. Only HS256 is accepted: a token with another `alg` (including `none`)
 * is rejected, so a forged header cannot downgrade verification.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type JwtClaims = Record<string, unknown> & { exp?: number; role?: string; sub?: string };

export class JwtError extends Error {
  constructor(
    message: string,
    readonly reason: 'malformed' | 'signature' | 'expired',
  ) {
    super(message);
  }
}

const b64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

function sign(input: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(input).digest();
}

export function signJwt(claims: JwtClaims, secret: string): string {
  const input = `${b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${b64url(JSON.stringify(claims))}`;
  return `${input}.${sign(input, secret).toString('base64url')}`;
}

/** Verifies signature and expiry; `nowSeconds` is injectable for tests. */
export function verifyJwt(token: string, secret: string, nowSeconds = Date.now() / 1000): JwtClaims {
  const parts = token.split('.');
  if (parts.length !== 3) throw new JwtError('token is malformed', 'malformed');
  let header: { alg?: string };
  let claims: JwtClaims;
  try {
    header = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  } catch {
    throw new JwtError('token is malformed', 'malformed');
  }
  if (header.alg !== 'HS256' || typeof claims !== 'object' || claims === null) {
    throw new JwtError('token is malformed', 'malformed');
  }
  const expected = sign(`${parts[0]}.${parts[1]}`, secret);
  const given = Buffer.from(parts[2], 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new JwtError('signature is invalid', 'signature');
  }
  if (typeof claims.exp === 'number' && claims.exp <= nowSeconds) {
    throw new JwtError('token has invalid claims: token is expired', 'expired');
  }
  return claims;
}

/** The anon and service-role API keys: long-lived JWTs carrying only a role. */
export function apiKeys(secret: string): { anonKey: string; serviceRoleKey: string } {
  const iat = 1_700_000_000;
  const exp = iat + 20 * 365 * 24 * 3600;
  return {
    anonKey: signJwt({ iss: 'supabase-demo', role: 'anon', iat, exp }, secret),
    serviceRoleKey: signJwt({ iss: 'supabase-demo', role: 'service_role', iat, exp }, secret),
  };
}
