/**
 * The extension's reader of pages about one person that are not their public profile URL
 * (issue 34): Sales Navigator leads and member links, against pages written here
 * (tests/fixtures/linkedin). The public link is taken where the page shows it and never
 * guessed: the signed-in user's own link in the header, another lead's JSON and two competing
 * links give nothing. The reader only reads (the HTML is unchanged after).
 */
import { readFileSync } from 'node:fs';
import { Window } from 'happy-dom';
import { describe, expect, test } from 'vitest';
import { readPersonPage } from '../../extension/scrape/personPage.ts';
import { classifyLinkedInUrl, type PersonPageUrl } from '../../src/domain/linkedin/profileUrl.ts';

const LEAD = 'https://www.linkedin.com/sales/lead/ACwAAAGz4o8BqL3pZQ1xYvKXr2mN9sTuVwXyZ0,NAME_SEARCH,hX3a';
const MEMBER = 'https://www.linkedin.com/in/ACoAAB1cD2eF3gH4iJ5kL6mN7oP8qR9sT0uV1w/';

function read(file: string, url: string) {
  const html = readFileSync(new URL(`../fixtures/linkedin/${file}`, import.meta.url), 'utf8');
  const window = new Window({ url });
  const doc = new window.DOMParser().parseFromString(html, 'text/html') as unknown as Document;
  const before = doc.documentElement.outerHTML;
  const page = classifyLinkedInUrl(url) as PersonPageUrl;
  expect(page.kind).toBe('person-page');
  const result = readPersonPage(doc, page);
  expect(doc.documentElement.outerHTML).toBe(before);
  return result;
}

describe('a Sales Navigator lead', () => {
  test('the overflow menu’s LinkedIn link, not the signed-in user’s own; the lead’s name, headline, job', () => {
    expect(read('sales-lead-public-link.html', LEAD)).toEqual({
      profileUrl: 'https://www.linkedin.com/in/grace-hopper-1906/',
      scrapedData: {
        name: 'Grace Hopper',
        avatarUrl: 'https://media.licdn.example/dms/image/grace-hopper.jpg',
        title: 'Compiler pioneer · Rear admiral of code',
        currentJob: { title: 'Head of Sales', company: 'Harbor Compilers' },
      },
    });
  });

  test('no public link shown: none (another lead’s link is no one’s), the preview still read', () => {
    expect(read('sales-lead-no-link.html', LEAD)).toEqual({
      profileUrl: null,
      scrapedData: {
        name: 'Linus Quiet',
        title: 'Out of network',
        currentJob: { title: 'Buyer', company: 'Silent Systems SARL' },
      },
    });
  });

  test('the embedded JSON: this lead’s flagshipProfileUrl, not another lead’s', () => {
    expect(read('sales-lead-code-json.html', LEAD).profileUrl).toBe(
      'https://www.linkedin.com/in/katherine-johnson-nasa',
    );
  });

  test('two different profile links and nothing to tell them apart: none', () => {
    expect(read('sales-lead-two-links.html', LEAD).profileUrl).toBeNull();
  });
});

describe('a member link (/in/ACoAA…)', () => {
  test('the top card’s vanity link; the profile read as on its public URL', () => {
    expect(read('member-link.html', MEMBER)).toEqual({
      profileUrl: 'https://www.linkedin.com/in/alan-turing/',
      scrapedData: {
        name: 'Alan Turing',
        title: 'Machines that think',
        currentJob: { title: 'Cryptanalyst', company: 'Bletchley Park' },
      },
    });
  });

  test('no public link on the page: none, never another person’s link', () => {
    expect(read('member-link-no-link.html', MEMBER)).toEqual({
      profileUrl: null,
      scrapedData: { name: 'Margaret Hidden' },
    });
  });
});
