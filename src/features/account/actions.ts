/**
 * What the account screen shows (spec 2 §2 "Account screen"): the team's plan and subscription
 * status, and this month's two quotas with their renewal date. Plans, checkout and the
 * customer portal come with billing.
 */
import { appError } from '../../data/errors/appError.ts';
import { currentSession } from '../../data/supabase/auth.ts';
import { linkedInQuotaOf, notionQuotaOf, type LinkedInQuota, type NotionQuota } from '../../data/supabase/quotas.ts';
import { userActiveTeam, type TeamRow } from '../../data/supabase/teams.ts';

export type AccountData = { team: null } | { team: TeamRow; linkedIn: LinkedInQuota; notion: NotionQuota };

export async function loadAccount(): Promise<AccountData> {
  const session = await currentSession();
  if (!session) throw appError({ kind: 'unauthorized' });
  const team = await userActiveTeam();
  if (!team) return { team: null };
  const authId = session.user.id;
  const [linkedIn, notion] = await Promise.all([linkedInQuotaOf(authId), notionQuotaOf(authId)]);
  return { team, linkedIn, notion };
}
