/**
 * LinkedIn's media hosts (issue 34, a page icon that does not expire): where a profile's photo
 * lives (`https://media.licdn.com/dms/image/…?e=<expiry>&v=beta&t=<signature>`). Read by both
 * sides: the app asks Notion to import an avatar only from these, and the notion-proxy forwards
 * a file import only of these (so the proxy cannot be used to make Notion fetch anything else).
 * Import-free, like everything in `_shared`.
 *
 * What must stay true: https only, on `licdn.com` or one of its subdomains, with no user info
 * and the default port — nothing else counts as LinkedIn's media.
 */
export const LINKEDIN_MEDIA_DOMAIN = 'licdn.com';

export function isLinkedInMediaUrl(raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  return (
    url.protocol === 'https:' &&
    url.username === '' &&
    url.password === '' &&
    url.port === '' &&
    (host === LINKEDIN_MEDIA_DOMAIN || host.endsWith(`.${LINKEDIN_MEDIA_DOMAIN}`))
  );
}
