/**
 * Issue 16: NewProfile's preview — initials for an avatar that is missing or fails to load, and
 * a profile page the extension read without data (a private profile) known as empty, so no
 * empty Add is offered.
 */
import { describe, expect, test } from 'vitest';
import { recordExtensionMessage, scrapedProfileFor } from '../../src/data/extension/tabState.ts';
import { showsNoProfileData } from '../../src/domain/capture/scrapedPreview.ts';
import { classifyLinkedInUrl, type ProfileUrl } from '../../src/domain/linkedin/profileUrl.ts';
import { nameInitials } from '../../src/domain/profile/avatarRules.ts';

describe('nameInitials', () => {
  test.each([
    ['Ada Lovelace', 'AL'],
    ['  ada   king   lovelace ', 'AL'],
    ['Cher', 'C'],
    ['élodie durand', 'ÉD'],
    ['', ''],
    [undefined, ''],
  ])('%j → %j', (name, initials) => {
    expect(nameInitials(name)).toBe(initials);
  });
});

describe('showsNoProfileData', () => {
  test.each([
    [undefined, false],
    [{}, true],
    [{ name: undefined, title: undefined, avatarUrl: undefined, currentJob: null }, true],
    [{ name: '  ', currentJob: { title: undefined, company: '' } }, true],
    [{ name: 'Ada Lovelace' }, false],
    [{ avatarUrl: 'https://media.licdn.com/a.jpg' }, false],
    [{ currentJob: { company: 'Analytical Engines' } }, false],
  ])('%j → %j', (scraped, empty) => {
    expect(showsNoProfileData(scraped)).toBe(empty);
  });
});

describe('what the extension told about a profile page', () => {
  const profileAt = (url: string) => classifyLinkedInUrl(url) as ProfileUrl;

  test('a profile loaded without data is an empty profile, not an unknown one', () => {
    const url = 'https://www.linkedin.com/in/private-profile/';
    recordExtensionMessage({ type: 'SIDEPANEL_PROFILE_LOADED', url: profileAt(url), scrapedData: null });
    expect(scrapedProfileFor(profileAt(url))).toEqual({});
    expect(showsNoProfileData(scrapedProfileFor(profileAt(url)))).toBe(true);
  });

  test('a profile not told about yet is not known to be empty', () => {
    expect(showsNoProfileData(scrapedProfileFor(profileAt('https://www.linkedin.com/in/never-loaded')))).toBe(false);
  });

  test('scraped data later replaces the empty record', () => {
    const url = 'https://www.linkedin.com/in/slow-page';
    recordExtensionMessage({ type: 'SIDEPANEL_PROFILE_LOADED', url: profileAt(url), scrapedData: null });
    recordExtensionMessage({ type: 'SIDEPANEL_PROFILE_LOADED', url: profileAt(url), scrapedData: { name: 'Ada' } });
    expect(showsNoProfileData(scrapedProfileFor(profileAt(url)))).toBe(false);
  });
});
