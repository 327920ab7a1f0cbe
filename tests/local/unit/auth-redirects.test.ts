/**
 * GoTrue's redirect rules (IsRedirectURLValid / GetReferrer) and its gobwas/glob allow-list
 * patterns, as the local auth service applies them to `redirect_to`.
 */
import { describe, expect, test } from 'vitest';
import type { GatewayRequest } from '../../../supabase/local/gateway/http.ts';
import { compileRedirectGlob, createRedirectPolicy, goHostname } from '../../../supabase/local/auth/redirects.ts';

const policy = createRedirectPolicy('https://app.sidenote.io', [
  'https://*.sidenote.dev/**',
  'https://preview-??.example.com/cb',
  'sidenote://callback',
  'https://{a,b}.example.org/*',
  'https://[!x]y.example.net/',
]);

describe('IsRedirectURLValid', () => {
  test.each([
    ['same host name as site_url, any scheme, port and path', 'http://app.sidenote.io:8080/deep/path?x=1', true],
    ['loopback IPv4', 'http://127.0.0.1:5173/auth/callback', true],
    ['loopback IPv6', 'http://[::1]:3000/', true],
    ['another IP', 'http://10.0.0.1/', false],
    ['a decimal IP (127.0.0.1 in disguise)', 'http://2130706433/', false],
    ['* within one label', 'https://pr-12.sidenote.dev/auth/callback', true],
    ['* does not cross a dot', 'https://a.b.sidenote.dev/x', false],
    ['the allowed host only as a query string', 'https://evil.example.com/?next=.sidenote.dev/', false],
    ['? is one character', 'https://preview-42.example.com/cb', true],
    ['? is exactly one character', 'https://preview-4.example.com/cb', false],
    ['a custom scheme', 'sidenote://callback', true],
    ['{a,b} alternatives', 'https://b.example.org/done', true],
    ['* does not cross a slash', 'https://a.example.org/x/y', false],
    ['an alternative not listed', 'https://c.example.org/done', false],
    ['[!x] negated class', 'https://zy.example.net/', true],
    ['[!x] refuses x', 'https://xy.example.net/', false],
    ['a look-alike host', 'https://app.sidenote.io.evil.com/', false],
    ['empty', '', false],
    [
      'a backslash before @ (a browser reads evil.example as the host)',
      'http://evil.example\\@app.sidenote.io/',
      false,
    ],
    ['userinfo Go accepts', 'http://user:pw@app.sidenote.io/', true],
  ])('%s: %s', (_why, url, allowed) => {
    expect(policy.isAllowed(url)).toBe(allowed);
  });
});

test('** crosses separators', () => {
  expect(compileRedirectGlob('http://localhost:5173/**').test('http://localhost:5173/a/b.c?d=e')).toBe(true);
  expect(compileRedirectGlob('http://localhost:5173/*').test('http://localhost:5173/a/b')).toBe(false);
});

test('a malformed pattern is a configuration error', () => {
  expect(() => compileRedirectGlob('https://{a,b.example.org')).toThrow(/Invalid redirect URL pattern/);
  expect(() => compileRedirectGlob('https://[a.example.org')).toThrow(/Invalid redirect URL pattern/);
});

test('host names are read like Go’s net/url, without WHATWG normalisation', () => {
  expect(goHostname('http://user:pw@host.example:80/p')).toBe('host.example');
  expect(goHostname('http://[::1]:80/')).toBe('::1');
  expect(goHostname('http://2130706433/')).toBe('2130706433');
  expect(goHostname('/relative/path')).toBe('');
  expect(goHostname('http://host:port/')).toBeUndefined();
  expect(goHostname('http://evil.example\\@localhost:5173/')).toBeUndefined();
});

describe('GetReferrer', () => {
  const request = (query: string, headers: Record<string, string> = {}) =>
    ({ url: new URL(`http://gateway/auth/v1/signup${query}`), headers }) as unknown as GatewayRequest;

  test('an allowed redirect_to wins', () => {
    expect(policy.referrer(request('?redirect_to=https%3A%2F%2Fpr-1.sidenote.dev%2Fcb'))).toBe(
      'https://pr-1.sidenote.dev/cb',
    );
  });

  test('a refused redirect_to falls back to an allowed Referer, then to site_url', () => {
    const evil = '?redirect_to=https%3A%2F%2Fevil.example.com%2F';
    expect(policy.referrer(request(evil, { referer: 'https://app.sidenote.io/register' }))).toBe(
      'https://app.sidenote.io/register',
    );
    expect(policy.referrer(request(evil, { referer: 'https://evil.example.com/' }))).toBe('https://app.sidenote.io');
    expect(policy.referrer(request(''))).toBe('https://app.sidenote.io');
  });
});
