/**
 * The profile URL of a request (spec 2 §5), validated with zod: required ('LinkedIn profile URL
 * is required') and a profile by the one rule the app uses too
 * (`_shared/linkedin-profile-url.ts`: {host}/in/{slug} on linkedin.com or a subdomain), else
 * "This doesn't appear to be a LinkedIn profile URL.". The provider is asked for the canonical
 * form with LinkedIn's trailing slash, `https://www.linkedin.com/in/<slug>/`.
 */
import { z } from 'npm:zod@4.6.7';
import { parseProfileUrl } from '../_shared/linkedin-profile-url.ts';

export const URL_REQUIRED = 'LinkedIn profile URL is required';
export const NOT_A_PROFILE_URL = "This doesn't appear to be a LinkedIn profile URL.";

const ProfileUrlQuery = z
  .string({ error: URL_REQUIRED })
  .trim()
  .min(1, { error: URL_REQUIRED })
  .transform((value, ctx) => {
    const profile = parseProfileUrl(value);
    if (!profile) ctx.issues.push({ code: 'custom', message: NOT_A_PROFILE_URL, input: value });
    return profile ? `${profile.canonical}/` : '';
  });

export type RequestedProfile = { ok: true; providerUrl: string } | { ok: false; message: string };

/** The URL to ask the provider for, or the spec's validation text. */
export function requestedProfile(raw: string | null): RequestedProfile {
  const parsed = ProfileUrlQuery.safeParse(raw ?? undefined);
  return parsed.success
    ? { ok: true, providerUrl: parsed.data }
    : { ok: false, message: parsed.error.issues[0].message };
}
