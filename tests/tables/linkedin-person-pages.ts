/**
 * LinkedIn pages about one person that are not their public profile URL (issue 34): Sales
 * Navigator leads and member links, as `classifyLinkedInUrl` must read them — and look-alikes
 * that stay what they were. Shared by the Node and Deno runs of the rule.
 */
const LEAD = 'ACwAAAGz4o8BqL3pZQ1xYvKXr2mN9sTuVwXyZ0';
const MEMBER = 'ACoAAB1cD2eF3gH4iJ5kL6mN7oP8qR9sT0uV1w';

/** [url, page, member id as kept]. */
export const PERSON_PAGE_URLS: [string, 'sales-lead' | 'member-link', string][] = [
  [`https://www.linkedin.com/sales/lead/${LEAD},NAME_SEARCH,hX3a`, 'sales-lead', LEAD],
  [`https://www.linkedin.com/sales/lead/${LEAD},NAME_SEARCH,hX3a/`, 'sales-lead', LEAD],
  [`https://www.linkedin.com/sales/lead/${LEAD},OUT_OF_NETWORK,abc?_ntb=x`, 'sales-lead', LEAD],
  [`https://www.linkedin.com/sales/lead/${LEAD}%2CNAME_SEARCH%2ChX3a`, 'sales-lead', LEAD],
  [`https://www.linkedin.com/sales/people/${LEAD},NAME_SEARCH,hX3a`, 'sales-lead', LEAD],
  [`linkedin.com/sales/lead/${LEAD},NAME_SEARCH`, 'sales-lead', LEAD],
  [`https://www.linkedin.com/in/${MEMBER}`, 'member-link', MEMBER],
  [`https://www.linkedin.com/in/${MEMBER}/`, 'member-link', MEMBER],
  [`https://fr.linkedin.com/in/${MEMBER}/details/experience/`, 'member-link', MEMBER],
  [`http://linkedin.com/IN/${MEMBER}?miniProfileUrn=x`, 'member-link', MEMBER],
];

/** Look-alikes: [url, kind]. A vanity slug that only starts like an id stays a profile. */
export const NOT_PERSON_PAGE_URLS: [string, 'profile' | 'linkedin-other'][] = [
  ['https://www.linkedin.com/in/acoaab-fan', 'profile'],
  ['https://www.linkedin.com/in/ACoAA', 'profile'],
  [`https://www.linkedin.com/in/${MEMBER.toLowerCase()}`, 'profile'],
  ['https://www.linkedin.com/sales/lead/', 'linkedin-other'],
  ['https://www.linkedin.com/sales/lead/jane-doe,NAME_SEARCH', 'linkedin-other'],
  [`https://www.linkedin.com/sales/company/${LEAD}`, 'linkedin-other'],
  ['https://www.linkedin.com/sales/search/people?query=x', 'linkedin-other'],
];
