/** LinkedIn's media hosts, the rule shared with the notion-proxy (supabase/functions/_shared/linkedin-media.ts). */
export { isLinkedInMediaUrl } from '../../../supabase/functions/_shared/linkedin-media.ts';
