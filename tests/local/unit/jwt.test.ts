import { describe, expect, test } from 'vitest';
import { apiKeys, JwtError, signJwt, verifyJwt } from '../../../supabase/local/jwt.ts';

const SECRET = 'a-test-secret-of-at-least-thirty-two-characters';

function reason(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return error instanceof JwtError ? error.reason : 'other';
  }
  return undefined;
}

describe('HS256 JWTs', () => {
  test('a signed token verifies and keeps its claims', () => {
    const token = signJwt({ sub: 'u1', role: 'authenticated', exp: 2_000_000_000 }, SECRET);
    expect(verifyJwt(token, SECRET, 1_900_000_000)).toEqual({ sub: 'u1', role: 'authenticated', exp: 2_000_000_000 });
  });

  test('another secret, a changed payload or alg "none" is refused', () => {
    const token = signJwt({ role: 'anon' }, SECRET);
    expect(reason(() => verifyJwt(token, `${SECRET}x`))).toBe('signature');
    const [h, , s] = token.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ role: 'service_role' })).toString('base64url')}.${s}`;
    expect(reason(() => verifyJwt(forged, SECRET))).toBe('signature');
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${token.split('.')[1]}.`;
    expect(reason(() => verifyJwt(none, SECRET))).toBe('malformed');
    expect(reason(() => verifyJwt('not-a-jwt', SECRET))).toBe('malformed');
  });

  test('expiry is exclusive: valid one second before exp, expired at exp', () => {
    const token = signJwt({ exp: 1000 }, SECRET);
    expect(reason(() => verifyJwt(token, SECRET, 999))).toBeUndefined();
    expect(reason(() => verifyJwt(token, SECRET, 1000))).toBe('expired');
  });

  test('the API keys carry only their role', () => {
    const { anonKey, serviceRoleKey } = apiKeys(SECRET);
    expect(verifyJwt(anonKey, SECRET).role).toBe('anon');
    expect(verifyJwt(serviceRoleKey, SECRET).role).toBe('service_role');
    expect(verifyJwt(anonKey, SECRET).sub).toBeUndefined();
  });
});
