/**
 * The extension's profile scraper (spec 2 §3) against LinkedIn-like pages written here
 * (tests/fixtures/linkedin): two layouts, a French UI, placeholder and missing photos, a missing
 * job, the JSON-LD fallback, JSON-LD left from another profile, and "Not found" texts. Parsed
 * with happy-dom; the scraper only reads the document (checked: the HTML is unchanged after).
 */
import { readFileSync } from 'node:fs';
import { Window } from 'happy-dom';
import { describe, expect, test } from 'vitest';
import { scrapeProfilePage } from '../../extension/scrape/profilePage.ts';
import { scrapedProfileSchema } from '../../src/domain/extension/protocol.ts';

const FIXTURES = new URL('../fixtures/linkedin/', import.meta.url);

const fixture = (file: string) => readFileSync(new URL(file, FIXTURES), 'utf8');

function page(html: string, url: string): Document {
  const window = new Window({ url });
  return new window.DOMParser().parseFromString(html, 'text/html') as unknown as Document;
}

/** Scrapes a fixture (or, given `html`, that page) and checks the page was left as it was. */
const scrape = (file: string, url = 'https://www.linkedin.com/in/someone/', html = fixture(file)) => {
  const doc = page(html, url);
  const before = doc.documentElement.outerHTML;
  const scraped = scrapeProfilePage(doc, url);
  expect(doc.documentElement.outerHTML).toBe(before);
  return scraped;
};

describe('scrapeProfilePage', () => {
  test('signed-in layout: name, photo, headline, the first role and its company without "· Full-time"', () => {
    expect(scrape('signed-in.html')).toEqual({
      name: 'Ada Lovelace',
      avatarUrl: 'https://media.licdn.example/dms/image/ada-lovelace.jpg',
      title: 'Analyst of engines · Numbers with poetry',
      currentJob: { title: 'Head of Sales', company: 'Acme Robotics' },
    });
  });

  test('a placeholder (ghost) avatar and no experience section: no avatarUrl, no currentJob', () => {
    expect(scrape('signed-in-ghost-no-job.html')).toEqual({ name: 'Grace Hopper', title: 'Compiler pioneer' });
  });

  test('public layout: top-card-layout classes, a lazy-loaded photo, the experience list', () => {
    expect(scrape('public.html')).toEqual({
      name: 'Alan Turing',
      avatarUrl: 'https://media.licdn.example/dms/image/alan-turing.jpg',
      title: 'Machines that think, at Codebreakers Ltd',
      currentJob: { title: 'Principal Cryptanalyst', company: 'Codebreakers Ltd' },
    });
  });

  test('French UI, no photo, several roles at one company: the company heads, the first role is the title', () => {
    expect(scrape('signed-in-fr.html')).toEqual({
      name: 'Hélène Dubois-Lefèvre',
      title: 'Directrice commerciale · Énergie et mobilité',
      currentJob: { title: 'Directrice commerciale', company: 'Société Générale des Vents' },
    });
  });

  test('unknown markup: the JSON-LD Person of the @graph (first job title, first employer, image object)', () => {
    expect(scrape('json-ld-only.html', 'https://www.linkedin.com/in/katherine-johnson')).toEqual({
      name: 'Katherine Johnson',
      avatarUrl: 'https://media.licdn.example/dms/image/katherine.jpg',
      title: 'Research Mathematician',
      currentJob: { title: 'Research Mathematician', company: 'Langley Research Center' },
    });
  });

  test('the same JSON-LD on another profile URL is not this page’s, and is ignored', () => {
    expect(scrape('json-ld-only.html', 'https://www.linkedin.com/in/mary-jackson')).toBeNull();
  });

  test('JSON-LD naming another profile (left by an in-page navigation) is ignored; the DOM name stays', () => {
    expect(scrape('json-ld-other-profile.html', 'https://www.linkedin.com/in/dorothy-vaughan')).toEqual({
      name: 'Dorothy Vaughan',
    });
  });

  test('"Not found" texts and a data: placeholder image count as absent', () => {
    expect(scrape('not-found.html')).toEqual({ name: 'Edsger Dijkstra' });
  });

  test('a page with nothing to read gives null', () => {
    const empty = '<!doctype html><title>LinkedIn</title><main><h2>Feed</h2><img src="https://x.example/a.png"></main>';
    expect(scrape('inline', undefined, empty)).toBeNull();
  });

  test.each(['signed-in.html', 'public.html', 'signed-in-fr.html', 'json-ld-only.html'])(
    '%s: what it reads passes the protocol schema unchanged',
    (file) => {
      const scraped = scrape(file, 'https://www.linkedin.com/in/katherine-johnson');
      expect(scrapedProfileSchema.parse(scraped)).toEqual(scraped);
    },
  );
});
