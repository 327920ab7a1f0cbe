/**
 * Reads a LinkedIn profile page — never changes it (LinkedIn restricts accounts whose
 * extensions alter its pages): name, avatar URL, headline (`title`) and current job, as spec 2
 * §3's scraped profile. Pure: given a Document and the page URL, so the rules run against HTML
 * fixtures in unit tests and against the live page in the content script.
 *
 * Robustness: each field tries several selectors, for LinkedIn's signed-in layout and its
 * public (signed-out) one, written on structure and class names, never on UI words (the UI
 * comes in many languages); then the page's JSON-LD. "Not found", blank text and placeholder
 * ("ghost") avatars count as absent. Nothing found at all gives null.
 */
import type { ScrapedProfile } from '../../src/domain/extension/protocol.ts';
import { NOT_FOUND } from '../../src/domain/extension/protocol.ts';
import { structuredPerson } from './structuredData.ts';

const NAME = ['h1.text-heading-xlarge', '.pv-top-card h1', 'h1.top-card-layout__title', 'main section h1'];
const HEADLINE = [
  '.pv-text-details__left-panel .text-body-medium',
  'div.text-body-medium.break-words',
  '.top-card-layout__headline',
];
const AVATAR = [
  'img.pv-top-card-profile-picture__image--show',
  'img.pv-top-card-profile-picture__image',
  '.pv-top-card__photo img',
  'img.top-card__profile-image',
  'img.top-card-layout__entity-image',
];

/** An element's visible text: LinkedIn doubles texts for screen readers; the aria-hidden copy is the visible one. */
export function textOf(element: Element | null | undefined): string | undefined {
  if (!element) return undefined;
  const visible = element.matches('span[aria-hidden="true"]')
    ? element
    : (element.querySelector('span[aria-hidden="true"]') ?? element);
  const text = (visible.textContent ?? '').replace(/\s+/g, ' ').trim();
  return text === '' || text === NOT_FOUND ? undefined : text;
}

export const firstText = (root: ParentNode, selectors: string[]): string | undefined => {
  for (const selector of selectors) {
    const text = textOf(root.querySelector(selector));
    if (text) return text;
  }
  return undefined;
};

/** A real photo's URL: http(s), not LinkedIn's ghost placeholder. */
export function photoUrl(img: Element | null): string | undefined {
  if (!img || /ghost/i.test(img.getAttribute('class') ?? '')) return undefined;
  const src = img.getAttribute('src') ?? img.getAttribute('data-delayed-url') ?? '';
  return /^https:\/\//.test(src) && !/ghost/i.test(src) ? src : undefined;
}

const firstPhoto = (doc: Document): string | undefined => {
  for (const selector of AVATAR) {
    const url = photoUrl(doc.querySelector(selector));
    if (url) return url;
  }
  return undefined;
};

interface Job {
  title?: string;
  company?: string;
}

/** Signed-in layout: the section holding the `#experience` anchor; its first entry. */
function signedInJob(doc: Document): Job {
  const entry = doc.getElementById('experience')?.closest('section')?.querySelector('li');
  if (!entry) return {};
  const bold = entry.querySelector('.t-bold');
  // Several roles at one company: the company heads the entry, the roles are nested below it.
  const role = entry.querySelector(':scope li .t-bold');
  if (role) return { title: textOf(role), company: textOf(bold) };
  // One role: "Company · Full-time" under the title.
  const company = textOf(entry.querySelector('span.t-14.t-normal'))?.split(' · ')[0];
  return { title: textOf(bold), company };
}

/** Public layout: the experience list, then the top card's current-position link. */
function publicJob(doc: Document): Job {
  const entry = doc.querySelector('section.experience li.experience-item, .experience__list li');
  return {
    title: firstText(entry ?? doc.createElement('div'), ['.experience-item__title', 'h3']),
    company:
      firstText(entry ?? doc.createElement('div'), ['.experience-item__subtitle', 'h4']) ??
      firstText(doc, ['[data-section="currentPositionsDetails"] .top-card-link__description']),
  };
}

export function scrapeProfilePage(doc: Document, pageUrl: string): ScrapedProfile | null {
  const person = structuredPerson(doc, pageUrl);
  const [signedIn, publicView] = [signedInJob(doc), publicJob(doc)];
  const jobTitle = signedIn.title ?? publicView.title ?? person.jobTitle;
  const company = signedIn.company ?? publicView.company ?? person.company;
  const profile: ScrapedProfile = {
    name: firstText(doc, NAME) ?? person.name,
    avatarUrl: firstPhoto(doc) ?? person.avatarUrl,
    title: firstText(doc, HEADLINE) ?? person.jobTitle,
    currentJob: jobTitle || company ? { title: jobTitle, company } : undefined,
  };
  const found = Object.entries(profile).filter(([, value]) => value !== undefined);
  return found.length === 0 ? null : (Object.fromEntries(found) as ScrapedProfile);
}
