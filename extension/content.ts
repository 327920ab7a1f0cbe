/**
 * The content script on LinkedIn pages: reads the profile shown (scrape/profilePage.ts), or on
 * a Sales Navigator lead or a member link the person and their public link
 * (scrape/personPage.ts), and never changes the page. On load it reports a profile page to the background; asked again
 * (an in-page navigation, or the app's REQUEST_SCRAPED_DATA) it reads the page once LinkedIn
 * has finished rendering it — no DOM change for QUIET_MS, or MAX_WAIT_MS at most.
 */
import { classifyLinkedInUrl } from '../src/domain/linkedin/profileUrl.ts';
import { isPersonUrl } from './urlTracking.ts';
import { profileScraped, scrapeRequest, type ProfileScraped } from './runtimeMessages.ts';
import { readPersonPage } from './scrape/personPage.ts';
import { scrapeProfilePage } from './scrape/profilePage.ts';

const QUIET_MS = 400;
const MAX_WAIT_MS = 4_000;

/** Resolves once the page has not changed for QUIET_MS (or after MAX_WAIT_MS). */
function rendered(): Promise<void> {
  return new Promise((resolve) => {
    let quiet: ReturnType<typeof setTimeout>;
    const done = () => {
      observer.disconnect();
      clearTimeout(quiet);
      clearTimeout(limit);
      resolve();
    };
    const observer = new MutationObserver(() => {
      clearTimeout(quiet);
      quiet = setTimeout(done, QUIET_MS);
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    quiet = setTimeout(done, QUIET_MS);
    const limit = setTimeout(done, MAX_WAIT_MS);
  });
}

async function readPage(): Promise<ProfileScraped> {
  await rendered();
  const url = location.href;
  const page = classifyLinkedInUrl(url);
  const read =
    page.kind === 'person-page' ? readPersonPage(document, page) : { scrapedData: scrapeProfilePage(document, url) };
  return profileScraped.parse({ type: 'PROFILE_SCRAPED', url, ...read });
}

chrome.runtime.onMessage.addListener((message: unknown, sender, sendResponse) => {
  if (sender.id !== chrome.runtime.id || !scrapeRequest.safeParse(message).success) return false;
  void readPage().then(sendResponse);
  return true; // answers asynchronously
});

if (isPersonUrl(location.href)) {
  // The worker may be restarting: a lost report is recovered by the app's REQUEST_SCRAPED_DATA.
  void readPage().then((scraped) => chrome.runtime.sendMessage(scraped).catch(() => undefined));
}
