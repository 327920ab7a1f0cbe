/**
 * The Root entry guard's truth table (spec 1 §2, spec 2 §2): every branch of both documents,
 * one row each, plus the precedence of the global rules.
 */
import { describe, expect, test } from 'vitest';
import { decideEntry, type EntryDecision, type EntryFacts } from '../../src/domain/capture/entryGuard.ts';
import { classifyLinkedInUrl, parseProfileUrl } from '../../src/domain/linkedin/profileUrl.ts';

const CONFIRMED = 'http://localhost:5173/confirmed';
const PROFILE = 'https://www.linkedin.com/in/jane-doe';
const FEED = 'https://www.linkedin.com/feed/';
const GOOGLE = 'https://www.google.com/';
const LEAD = 'https://www.linkedin.com/sales/lead/ACwAAAGz4o8BqL3pZQ1xYvKXr2mN9sTuVwXyZ0,NAME_SEARCH,hX3a';
const MEMBER = 'https://www.linkedin.com/in/ACoAAB1cD2eF3gH4iJ5kL6mN7oP8qR9sT0uV1w';

/** A row's facts as text, as the route query and the extension give them (classified at the boundary). */
interface RowFacts extends Omit<Partial<EntryFacts>, 'urlQuery' | 'extension'> {
  urlQuery?: string;
  extension?: { state: 'not-asked' | 'failed' } | { state: 'answered'; url: string };
}

function factsOf(row: RowFacts): EntryFacts {
  const { urlQuery, extension, ...rest } = row;
  return {
    ...base,
    ...rest,
    urlQuery: urlQuery === undefined ? null : classifyLinkedInUrl(urlQuery),
    extension:
      extension?.state === 'answered'
        ? { state: 'answered', url: extension.url === '' ? null : classifyLinkedInUrl(extension.url) }
        : (extension ?? base.extension),
  };
}

const base: EntryFacts = {
  urlQuery: null,
  confirmedPageUrl: CONFIRMED,
  hasActiveSetting: true,
  subscriptionActive: true,
  recentVisitPageId: null,
  extension: { state: 'not-asked' },
};

const rows: [string, RowFacts, EntryDecision][] = [
  // global rules
  ['url = confirmed page → FirstVisit', { urlQuery: CONFIRMED }, { to: 'FirstVisit' }],
  ['url = confirmed page/ → FirstVisit', { urlQuery: `${CONFIRMED}/` }, { to: 'FirstVisit' }],
  ['confirmed wins over no active setting', { urlQuery: CONFIRMED, hasActiveSetting: false }, { to: 'FirstVisit' }],
  [
    'inactive subscription, profile url → SubscriptionInactive (no check)',
    { subscriptionActive: false, urlQuery: PROFILE },
    { to: 'SubscriptionInactive' },
  ],
  [
    'inactive subscription blocks the FirstVisit redirect',
    { subscriptionActive: false, urlQuery: CONFIRMED },
    { to: 'SubscriptionInactive' },
  ],
  [
    'inactive subscription blocks the NotionSettings redirect',
    { subscriptionActive: false, hasActiveSetting: false },
    { to: 'SubscriptionInactive' },
  ],
  [
    'inactive subscription, extension answered a profile → still blocked',
    { subscriptionActive: false, extension: { state: 'answered', url: PROFILE } },
    { to: 'SubscriptionInactive' },
  ],
  [
    'inactive subscription, url elsewhere with a recent visit → still blocked',
    { subscriptionActive: false, urlQuery: GOOGLE, recentVisitPageId: 'p1' },
    { to: 'SubscriptionInactive' },
  ],
  // no url query
  ['no url, no setting → NotionSettings', { hasActiveSetting: false }, { to: 'NotionSettings' }],
  ['no url, not asked → AskExtension', {}, { to: 'AskExtension' }],
  [
    'no url, extension gives profile → Root with url',
    { extension: { state: 'answered', url: PROFILE } },
    { to: 'Root', url: PROFILE },
  ],
  [
    'no url, extension gives profile, recent visit ignored',
    { extension: { state: 'answered', url: PROFILE }, recentVisitPageId: 'p1' },
    { to: 'Root', url: PROFILE },
  ],
  [
    'no url, extension gives a Sales Navigator lead (issue 34) → Root with url, recent visit ignored',
    { extension: { state: 'answered', url: LEAD }, recentVisitPageId: 'p1' },
    { to: 'Root', url: LEAD },
  ],
  [
    'no url, extension gives feed, recent visit → NotionProfile',
    { extension: { state: 'answered', url: FEED }, recentVisitPageId: 'p1' },
    { to: 'NotionProfile', id: 'p1' },
  ],
  [
    'no url, extension gives other site, no visit → MissingContext',
    { extension: { state: 'answered', url: GOOGLE } },
    { to: 'MissingContext' },
  ],
  [
    'no url, extension has no URL, no visit → MissingContext',
    { extension: { state: 'answered', url: '' } },
    { to: 'MissingContext' },
  ],
  [
    'no url, extension gives garbage, no visit → MissingContext',
    { extension: { state: 'answered', url: 'not a url' } },
    { to: 'MissingContext' },
  ],
  ['no url, extension fails → MissingContext', { extension: { state: 'failed' } }, { to: 'MissingContext' }],
  [
    'no url, extension fails even with a recent visit → MissingContext',
    { extension: { state: 'failed' }, recentVisitPageId: 'p1' },
    { to: 'MissingContext' },
  ],
  // with a url query
  ['url, no setting → NotionSettings', { urlQuery: PROFILE, hasActiveSetting: false }, { to: 'NotionSettings' }],
  ['unparsable url → NotLinkedIn', { urlQuery: 'not a url' }, { to: 'NotLinkedIn' }],
  [
    'unparsable url with recent visit → NotLinkedIn',
    { urlQuery: '::::', recentVisitPageId: 'p1' },
    { to: 'NotLinkedIn' },
  ],
  ['profile url → NewProfile', { urlQuery: PROFILE }, { to: 'NewProfile', profile: parseProfileUrl(PROFILE)! }],
  [
    'profile url with recent visit → NewProfile',
    { urlQuery: PROFILE, recentVisitPageId: 'p1' },
    { to: 'NewProfile', profile: parseProfileUrl(PROFILE)! },
  ],
  ['non-LinkedIn url, no visit → NotLinkedIn', { urlQuery: GOOGLE }, { to: 'NotLinkedIn' }],
  [
    'non-LinkedIn url, recent visit → NotionProfile',
    { urlQuery: GOOGLE, recentVisitPageId: 'p1' },
    { to: 'NotionProfile', id: 'p1' },
  ],
  ['LinkedIn non-profile, no visit → UnusedLinkedIn', { urlQuery: FEED }, { to: 'UnusedLinkedIn' }],
  [
    'Sales Navigator lead (issue 34), recent visit → PersonPage (never UnusedLinkedIn)',
    { urlQuery: LEAD, recentVisitPageId: 'p1' },
    { to: 'PersonPage', page: classifyLinkedInUrl(LEAD) as Extract<EntryDecision, { to: 'PersonPage' }>['page'] },
  ],
  [
    'member link (issue 34) → PersonPage',
    { urlQuery: MEMBER },
    { to: 'PersonPage', page: classifyLinkedInUrl(MEMBER) as Extract<EntryDecision, { to: 'PersonPage' }>['page'] },
  ],
  [
    'LinkedIn non-profile, recent visit → NotionProfile',
    { urlQuery: FEED, recentVisitPageId: 'p1' },
    { to: 'NotionProfile', id: 'p1' },
  ],
];

describe('Root entry guard', () => {
  test.each(rows)('%s', (_name, facts, expected) => {
    expect(decideEntry(factsOf(facts))).toEqual(expected);
  });

  test('an inactive subscription never asks the extension', () => {
    expect(decideEntry({ ...base, subscriptionActive: false }).to).toBe('SubscriptionInactive');
  });

  test('a url query never asks the extension', () => {
    for (const urlQuery of [PROFILE, FEED, GOOGLE, 'nope']) {
      expect(decideEntry(factsOf({ urlQuery })).to).not.toBe('AskExtension');
    }
  });
});
