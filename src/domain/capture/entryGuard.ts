/**
 * The Root entry guard (spec 1 §2, spec 2 §2) as one pure decision: given what is known about
 * the session's context, where Root sends the user. The screen supplies the facts (active
 * setting, recent visit, the extension's answer) and performs the navigation.
 *
 * Order of the rules:
 * 1. an inactive subscription (or no team, `subscriptionGate.ts`) blocks navigation except to
 *    the account screen: Root stays and shows the 'Subscription Inactive' blocker with its
 *    link to /account — before any other rule, the FirstVisit redirect included;
 * 2. path `/` with a url query equal to the product's own confirmed page → FirstVisit;
 * 3. no active setting → NotionSettings;
 * 4. no url query → ask the extension; a profile URL → Root with that url; else the last
 *    recent visit → NotionProfile; else MissingContext; a failed request → MissingContext;
 * 5. a url query: unparsable → NotLinkedIn; a profile → NewProfile; a person's page that is
 *    not their profile URL (Sales Navigator lead, member link; issue 34, and in rule 4 like a
 *    profile) → PersonPage, which waits for its public link; otherwise the last recent
 *    visit → NotionProfile, else NotLinkedIn (not on LinkedIn) or UnusedLinkedIn (LinkedIn,
 *    not a profile).
 *
 * URLs come in classified (`LinkedInUrl`, parsed once where they entered: the route query, the
 * extension bridge); a profile leaves as the same typed `ProfileUrl` for NewProfile.
 */
import type { LinkedInUrl, PersonPageUrl, ProfileUrl } from '../linkedin/profileUrl.ts';

/** The extension's answer to REQUEST_CURRENT_URL: not asked yet, a URL (or none), or a failure. */
export type ExtensionAnswer =
  { state: 'not-asked' } | { state: 'answered'; url: LinkedInUrl | null } | { state: 'failed' };

export interface EntryFacts {
  /** The `url` query of `/`, classified, or null when absent or empty. */
  urlQuery: LinkedInUrl | null;
  /** The app's own confirmed page, e.g. `http://localhost:5173/confirmed`. */
  confirmedPageUrl: string;
  hasActiveSetting: boolean;
  /** The team's subscription gate (`isSubscriptionActive`): false without a team. */
  subscriptionActive: boolean;
  /** Last visited Notion page id while the recent visit is fresh (30 days), else null. */
  recentVisitPageId: string | null;
  extension: ExtensionAnswer;
}

export type EntryDecision =
  | { to: 'SubscriptionInactive' }
  | { to: 'FirstVisit' }
  | { to: 'NotionSettings' }
  | { to: 'AskExtension' }
  /** Root again with the extension's profile URL as the `url` query (as it arrived). */
  | { to: 'Root'; url: string }
  | { to: 'NewProfile'; profile: ProfileUrl }
  /** Ours (issue 34): a Sales Navigator lead or member link, until its public link is known. */
  | { to: 'PersonPage'; page: PersonPageUrl }
  | { to: 'NotionProfile'; id: string }
  | { to: 'MissingContext' }
  | { to: 'NotLinkedIn' }
  | { to: 'UnusedLinkedIn' };

function sameUrl(a: string, b: string): boolean {
  const strip = (s: string) => s.trim().replace(/\/+$/, '');
  return strip(a) === strip(b);
}

export function decideEntry(facts: EntryFacts): EntryDecision {
  const { urlQuery, recentVisitPageId } = facts;
  if (!facts.subscriptionActive) return { to: 'SubscriptionInactive' };
  if (urlQuery !== null && sameUrl(urlQuery.raw, facts.confirmedPageUrl)) return { to: 'FirstVisit' };
  if (!facts.hasActiveSetting) return { to: 'NotionSettings' };

  if (urlQuery === null) {
    const answer = facts.extension;
    if (answer.state === 'not-asked') return { to: 'AskExtension' };
    if (answer.state === 'failed') return { to: 'MissingContext' };
    if (answer.url?.kind === 'profile' || answer.url?.kind === 'person-page')
      return { to: 'Root', url: answer.url.raw };
    if (recentVisitPageId) return { to: 'NotionProfile', id: recentVisitPageId };
    return { to: 'MissingContext' };
  }

  if (urlQuery.kind === 'unparsable') return { to: 'NotLinkedIn' };
  if (urlQuery.kind === 'profile') return { to: 'NewProfile', profile: urlQuery };
  if (urlQuery.kind === 'person-page') return { to: 'PersonPage', page: urlQuery };
  if (recentVisitPageId) return { to: 'NotionProfile', id: recentVisitPageId };
  return urlQuery.kind === 'not-linkedin' ? { to: 'NotLinkedIn' } : { to: 'UnusedLinkedIn' };
}
