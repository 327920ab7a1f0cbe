/**
 * The profile URL of a request (spec 2 §5), validated with zod: required ('LinkedIn profile URL
 * is required') and shaped {host}/in/{slug} on linkedin.com ("This doesn't appear to be a
 * LinkedIn profile URL."). The provider is asked for the canonical form
 * `https://www.linkedin.com/in/<slug>/`.
 */
import { z } from 'npm:zod@4.6.7';

export const URL_REQUIRED = 'LinkedIn profile URL is required';
export const NOT_A_PROFILE_URL = "This doesn't appear to be a LinkedIn profile URL.";

/** The canonical profile URL, or undefined when `value` is not a linkedin.com/in/<slug> URL. */
function canonicalProfileUrl(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(value) ? value : `https://${value}`);
  } catch {
    return undefined;
  }
  const slug = /^\/in\/([^/]+)\/?$/.exec(url.pathname)?.[1];
  if (!/(^|\.)linkedin\.com$/i.test(url.hostname) || !slug) return undefined;
  return `https://www.linkedin.com/in/${slug}/`;
}

const ProfileUrlQuery = z
  .string({ error: URL_REQUIRED })
  .trim()
  .min(1, { error: URL_REQUIRED })
  .transform((value, ctx) => {
    const canonical = canonicalProfileUrl(value);
    if (canonical === undefined) ctx.issues.push({ code: 'custom', message: NOT_A_PROFILE_URL, input: value });
    return canonical ?? '';
  });

export type ProfileUrl = { ok: true; url: string } | { ok: false; message: string };

export function parseProfileUrl(raw: string | null): ProfileUrl {
  const parsed = ProfileUrlQuery.safeParse(raw ?? undefined);
  return parsed.success ? { ok: true, url: parsed.data } : { ok: false, message: parsed.error.issues[0].message };
}
