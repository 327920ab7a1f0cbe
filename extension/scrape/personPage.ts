/**
 * Reads a LinkedIn page about one person that is not their public profile URL (issue 34): a
 * Sales Navigator lead (`/sales/lead/ACwAA…`) or a profile opened by its member id
 * (`/in/ACoAA…`). What it reads: the person's public `/in/` link where the page shows it, and
 * the preview (name, photo, headline, current job). Only reads — no clicks (the lead page's
 * overflow menu is not opened), no requests. Pure, like profilePage.ts.
 *
 * Where the link is (structure, never UI words):
 * - a lead: Sales Navigator's embedded profile JSON (`<code>`) whose `entityUrn` names this
 *   lead, its `flagshipProfileUrl`; the overflow menu's `view_linkedin` link when rendered; else
 *   the one profile link in `main` outside header and navigation — two different ones name no
 *   one (a commenter, a colleague), so none is taken;
 * - a member link: the top card's contact-info link (`/in/<vanity>/overlay/contact-info/`,
 *   rendered with the person), then the page's canonical link and `og:url`.
 * A candidate counts only if it is a profile URL in the app's rule and not itself a member
 * link. What must stay true: a wrong person is worse than none — when in doubt, null.
 */
import type { ScrapedProfile } from '../../src/domain/extension/protocol.ts';
import { classifyLinkedInUrl, type PersonPageUrl } from '../../src/domain/linkedin/profileUrl.ts';
import { firstText, photoUrl, scrapeProfilePage } from './profilePage.ts';

export interface PersonPageRead {
  /** The public profile link the page shows (as it shows it), or null. */
  profileUrl: string | null;
  scrapedData: ScrapedProfile | null;
}

/** The href as an absolute URL when it names a public profile, else undefined. */
function profileHref(href: string | null | undefined, base: string): string | undefined {
  if (!href) return undefined;
  try {
    const url = new URL(href, base).href;
    return classifyLinkedInUrl(url).kind === 'profile' ? url : undefined;
  } catch {
    return undefined;
  }
}

const canonicalOf = (url: string): string => {
  const parsed = classifyLinkedInUrl(url);
  return parsed.kind === 'profile' ? parsed.canonical : url;
};

/** The lead's `flagshipProfileUrl` in Sales Navigator's embedded JSON (objects whose `entityUrn` names the lead). */
function embeddedProfileUrl(doc: Document, page: PersonPageUrl): string | undefined {
  for (const code of doc.querySelectorAll('code')) {
    const text = code.textContent ?? '';
    if (!text.includes(page.memberId) || !text.includes('flagshipProfileUrl')) continue;
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      continue; // not JSON: not ours to read
    }
    const found = findLeadProfile(data, page.memberId);
    if (found) return profileHref(found, doc.URL);
  }
  return undefined;
}

function findLeadProfile(node: unknown, memberId: string): string | undefined {
  if (typeof node !== 'object' || node === null) return undefined;
  const record = node as Record<string, unknown>;
  if (
    typeof record.entityUrn === 'string' &&
    record.entityUrn.includes(memberId) &&
    typeof record.flagshipProfileUrl === 'string'
  )
    return record.flagshipProfileUrl;
  for (const value of Object.values(record)) {
    const found = findLeadProfile(value, memberId);
    if (found) return found;
  }
  return undefined;
}

/** The one profile link in `main`, outside header and navigation; undefined when none or several. */
function soleProfileLink(doc: Document): string | undefined {
  const found = new Map<string, string>();
  for (const anchor of (doc.querySelector('main') ?? doc).querySelectorAll('a[href]')) {
    if (anchor.closest('header, nav')) continue;
    const url = profileHref(anchor.getAttribute('href'), doc.URL);
    if (url) found.set(canonicalOf(url), url);
  }
  return found.size === 1 ? [...found.values()][0] : undefined;
}

function leadLink(doc: Document, page: PersonPageUrl): string | undefined {
  return (
    embeddedProfileUrl(doc, page) ??
    profileHref(doc.querySelector('a[data-control-name="view_linkedin"]')?.getAttribute('href'), doc.URL) ??
    soleProfileLink(doc)
  );
}

function memberLinkTarget(doc: Document): string | undefined {
  const contactInfo = doc.querySelector('a[href*="/overlay/contact-info"]')?.getAttribute('href');
  return (
    profileHref(contactInfo?.replace(/\/overlay\/contact-info.*$/, '/'), doc.URL) ??
    profileHref(doc.querySelector('link[rel="canonical"]')?.getAttribute('href'), doc.URL) ??
    profileHref(doc.querySelector('meta[property="og:url"]')?.getAttribute('content'), doc.URL)
  );
}

/** Sales Navigator's lead header: the `data-anonymize` fields it marks for its own screenshots' blurring. */
function leadPreview(doc: Document): ScrapedProfile | null {
  const field = (name: string) => firstText(doc, [`[data-anonymize="${name}"]`]);
  const title = field('job-title');
  const company = field('company-name');
  const profile: ScrapedProfile = {
    name: field('person-name'),
    avatarUrl: photoUrl(doc.querySelector('img[data-anonymize="headshot-photo"]')),
    title: field('headline'),
    currentJob: title || company ? { title, company } : undefined,
  };
  const found = Object.entries(profile).filter(([, value]) => value !== undefined);
  return found.length === 0 ? null : (Object.fromEntries(found) as ScrapedProfile);
}

export function readPersonPage(doc: Document, page: PersonPageUrl): PersonPageRead {
  if (page.page === 'sales-lead') return { profileUrl: leadLink(doc, page) ?? null, scrapedData: leadPreview(doc) };
  const profileUrl = memberLinkTarget(doc) ?? null;
  // The profile page's own scraper; its JSON-LD check compares with the public URL when known.
  return { profileUrl, scrapedData: scrapeProfilePage(doc, profileUrl ?? page.raw) };
}
