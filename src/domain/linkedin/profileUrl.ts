/**
 * LinkedIn URLs for the app: the one rule shared with the edge functions
 * (supabase/functions/_shared/linkedin-profile-url.ts — classification, the typed `ProfileUrl`,
 * the canonical form), re-exported so `src` imports it from its own domain layer.
 */
export {
  canonicalProfileUrl,
  classifyLinkedInUrl,
  isSameProfile,
  LINKEDIN_HOST,
  parseProfileUrl,
  type LinkedInUrl,
  type PersonPageUrl,
  type ProfileUrl,
} from '../../../supabase/functions/_shared/linkedin-profile-url.ts';
