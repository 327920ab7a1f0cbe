/**
 * The preview of a profile on NewProfile (spec 2 §2: avatar, name, title, company), from what
 * the extension scraped. A profile page the extension read without any of these (a private
 * profile: LinkedIn shows nothing to a stranger) has no data to add; a page it has not told
 * about yet is not known to be empty.
 */
import type { PersonFacts } from '../people/probableMatch.ts';

export interface ScrapedPreview {
  name?: string;
  title?: string;
  avatarUrl?: string;
  currentJob?: { title?: string; company?: string } | null;
}

export function showsNoProfileData(scraped: ScrapedPreview | undefined): boolean {
  if (scraped === undefined) return false;
  const { name, title, avatarUrl, currentJob } = scraped;
  return ![name, title, avatarUrl, currentJob?.title, currentJob?.company].some((text) => text?.trim());
}

/**
 * The scraped facts the match ladder's name rung compares (issue 34); none without a name. The
 * extension's "Not found" placeholders are left for the rung's rules to read as no value.
 */
export const scrapedPerson = (scraped: ScrapedPreview | undefined): PersonFacts | undefined =>
  scraped?.name?.trim()
    ? { name: scraped.name, company: scraped.currentJob?.company, headline: scraped.title }
    : undefined;
