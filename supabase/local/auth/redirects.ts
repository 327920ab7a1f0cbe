/**
 * Where GoTrue may send a browser after an e-mail link: `redirect_to` (or the Referer) when it
 * is allowed, otherwise `site_url` — GoTrue's `GetReferrer` / `IsRedirectURLValid`.
 *
 * What must stay true (GoTrue's rules, in order):
 * 1. a URL whose host name equals site_url's host name is allowed (any scheme, port, path);
 * 2. a host written as a decimal number (`http://2130706433/`) is refused;
 * 3. an IP-literal host is allowed only when it is a loopback address;
 * 4. otherwise the whole URL must match one of `additional_redirect_urls`, compiled as
 *    gobwas/glob patterns with `.` and `/` as separators: `*` matches within one segment,
 *    `**` across segments, `?` one non-separator character, `[a-z]`/`[!a-z]` classes and
 *    `{a,b}` alternatives.
 * Host names are read as Go's net/url reads them (no normalisation), not as WHATWG URL does.
 */
import { BlockList, isIP } from 'node:net';
import { header, type GatewayRequest } from '../gateway/http.ts';

const NOT_SEPARATOR = '[^./]';
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** Compiles one allow-list entry; throws on a malformed pattern (GoTrue refuses to start). */
export function compileRedirectGlob(pattern: string): RegExp {
  let i = 0;
  const fail = (why: string) => new Error(`Invalid redirect URL pattern "${pattern}" in config.toml: ${why}`);

  const charClass = (): string => {
    i++; // [
    let negate = false;
    if (pattern[i] === '!') {
      negate = true;
      i++;
    }
    let body = '';
    while (i < pattern.length && pattern[i] !== ']') {
      if (pattern[i + 1] === '-' && pattern[i + 2] !== undefined && pattern[i + 2] !== ']') {
        body += `${escapeRegExp(pattern[i])}-${escapeRegExp(pattern[i + 2])}`;
        i += 3;
      } else {
        body += escapeRegExp(pattern[i]);
        i++;
      }
    }
    if (pattern[i] !== ']' || body === '') throw fail('unclosed or empty [ ]');
    i++;
    return `[${negate ? '^' : ''}${body}]`;
  };

  const sequence = (inBraces: boolean): string => {
    let out = '';
    while (i < pattern.length) {
      const c = pattern[i];
      if (inBraces && (c === ',' || c === '}')) return out;
      if (c === '\\') {
        if (i + 1 >= pattern.length) throw fail('dangling escape');
        out += escapeRegExp(pattern[i + 1]);
        i += 2;
      } else if (c === '*') {
        const start = i;
        while (pattern[i] === '*') i++;
        out += i - start > 1 ? '.*' : `${NOT_SEPARATOR}*`;
      } else if (c === '?') {
        out += NOT_SEPARATOR;
        i++;
      } else if (c === '[') {
        out += charClass();
      } else if (c === '{') {
        i++;
        const alternatives = [sequence(true)];
        while (pattern[i] === ',') {
          i++;
          alternatives.push(sequence(true));
        }
        if (pattern[i] !== '}') throw fail('unclosed { }');
        i++;
        out += `(?:${alternatives.join('|')})`;
      } else {
        out += escapeRegExp(c);
        i++;
      }
    }
    if (inBraces) throw fail('unclosed { }');
    return out;
  };

  return new RegExp(`^${sequence(false)}$`, 's');
}

/** The host name as Go's `url.Parse(u).Hostname()` gives it; undefined when Go would fail. */
export function goHostname(raw: string): string | undefined {
  if ([...raw].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return undefined;
  const withoutFragment = raw.split('#')[0];
  const scheme = /^[a-zA-Z][a-zA-Z0-9+.-]*:/.exec(withoutFragment);
  const rest = (scheme ? withoutFragment.slice(scheme[0].length) : withoutFragment).split('?')[0];
  if (!rest.startsWith('//') || rest.startsWith('///')) return '';
  const authority = rest.slice(2).split('/')[0];
  const at = authority.lastIndexOf('@');
  // Go refuses userinfo with other characters; a browser would read `\` as the end of the
  // host, so `http://evil.example\@localhost/` must not pass as localhost.
  if (at >= 0 && !/^[A-Za-z0-9\-._:~!$&'()*+,;=%@]*$/.test(authority.slice(0, at))) return undefined;
  const host = authority.slice(at + 1);
  if (host.startsWith('[')) {
    const close = host.indexOf(']');
    if (close < 0 || !/^(:\d*)?$/.test(host.slice(close + 1))) return undefined;
    return host.slice(1, close);
  }
  if (/[\s<>"{}|\\^`]/.test(host)) return undefined;
  const colon = host.lastIndexOf(':');
  if (colon < 0) return host;
  if (!/^\d*$/.test(host.slice(colon + 1))) return undefined;
  return host.slice(0, colon);
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');
LOOPBACK.addSubnet('::ffff:127.0.0.0', 104, 'ipv6');

export interface RedirectPolicy {
  isAllowed(url: string): boolean;
  /** GoTrue's GetReferrer: `redirect_to` (header or query), else Referer, else site_url. */
  referrer(req: GatewayRequest): string;
}

export function createRedirectPolicy(siteUrl: string, allowList: string[]): RedirectPolicy {
  const patterns = allowList.map(compileRedirectGlob);
  const siteHost = goHostname(siteUrl);

  const isAllowed = (url: string): boolean => {
    if (!url) return false;
    const host = goHostname(url);
    if (siteHost !== undefined && host !== undefined && siteHost === host) return true;
    if (host === undefined) return false;
    if (/^[0-9]+$/.test(host)) return false;
    const family = isIP(host);
    if (family) return LOOPBACK.check(host, family === 4 ? 'ipv4' : 'ipv6');
    return patterns.some((pattern) => pattern.test(url));
  };

  return {
    isAllowed,
    referrer(req) {
      const candidates = [
        header(req, 'redirect_to') || req.url.searchParams.get('redirect_to') || '',
        header(req, 'referer') ?? '',
      ];
      return candidates.find(isAllowed) ?? siteUrl;
    },
  };
}
