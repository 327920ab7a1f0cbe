/**
 * The background service worker: opens the side panel from the toolbar button, follows each
 * window's active tab URL (tab switches, loads, and LinkedIn's in-page navigations — Chrome
 * reports a history.pushState URL change as a tab update) and tells that window's side panel;
 * answers the app's REQUEST_CURRENT_URL and REQUEST_SCRAPED_DATA through the panel's port. What
 * it tells of a tab is urlTracking.ts's: a LinkedIn page's origin and path, nothing of another site.
 *
 * What must stay true: nothing is kept that a stopped worker would lose and need — the active
 * tab is asked of Chrome on every request, so an answer comes well within the app's 2 s
 * (spec 1 §8) even right after the worker restarts; every message in or out is checked with
 * zod; ports and runtime messages are taken only from this extension's own pages and content
 * scripts.
 */
import {
  appMessage,
  extensionMessage,
  type AppMessage,
  type ExtensionMessage,
} from '../src/domain/extension/protocol.ts';
import { profileScraped, windowOfPanelPort, type ProfileScraped, type ScrapeRequest } from './runtimeMessages.ts';
import { ActiveUrls, currentUrlResponse, isPersonUrl, profileLoadedMessage, urlChangeMessages } from './urlTracking.ts';

const PANEL_URL = chrome.runtime.getURL('sidepanel.html');

void chrome.sidePanel.setPanelBehavior({ openPanelOnActionClick: true });

/** Open side panels, by window. */
const panels = new Map<number, Set<chrome.runtime.Port>>();
const told = new ActiveUrls();

/** Posts a checked message to a window's panels; one the protocol refuses (a URL over its limit) is not sent. */
function tell(windowId: number, message: ExtensionMessage): void {
  const checked = extensionMessage.safeParse(message);
  if (checked.success) for (const port of panels.get(windowId) ?? []) port.postMessage(checked.data);
}

async function activeTab(windowId: number): Promise<chrome.tabs.Tab | undefined> {
  const [tab] = await chrome.tabs.query({ active: true, windowId });
  return tab;
}

/** Asks a tab's content script for the profile it shows (null: no content script, or no answer). */
async function scrapedFrom(tabId: number): Promise<ProfileScraped | null> {
  const request: ScrapeRequest = { type: 'SCRAPE_PROFILE' };
  try {
    const parsed = profileScraped.safeParse(await chrome.tabs.sendMessage(tabId, request));
    return parsed.success ? parsed.data : null;
  } catch {
    return null; // the page is still loading: its content script reports itself once it runs
  }
}

function tellScraped(windowId: number, scraped: ProfileScraped): void {
  const message = profileLoadedMessage(scraped);
  if (message) tell(windowId, message);
}

async function activeTabChanged(windowId: number, tab: chrome.tabs.Tab): Promise<void> {
  if (!tab.url || !panels.has(windowId) || !told.changed(windowId, tab.url)) return;
  for (const message of urlChangeMessages(tab.url, Date.now())) tell(windowId, message);
  if (isPersonUrl(tab.url) && tab.id !== undefined) {
    const scraped = await scrapedFrom(tab.id);
    if (scraped && scraped.url === tab.url) tellScraped(windowId, scraped);
  }
}

async function answer(windowId: number, port: chrome.runtime.Port, message: AppMessage): Promise<void> {
  const tab = await activeTab(windowId);
  if (message.type === 'REQUEST_CURRENT_URL') {
    // A URL the protocol refuses (over its length limit) is answered as no URL, not left to time out.
    port.postMessage(extensionMessage.parse(currentUrlResponse(message.requestId, tab?.url)));
  } else if (tab?.id !== undefined && tab.url && isPersonUrl(tab.url)) {
    const scraped = await scrapedFrom(tab.id);
    if (scraped) tellScraped(windowId, scraped);
  }
}

chrome.runtime.onConnect.addListener((port) => {
  const windowId = windowOfPanelPort(port.name);
  // Only our side panel page (content scripts are ours too, but their sender URL is the web page's).
  const fromPanel = port.sender?.id === chrome.runtime.id && port.sender.url?.startsWith(PANEL_URL);
  if (windowId === null || !fromPanel) return port.disconnect();
  const open = panels.get(windowId) ?? new Set();
  panels.set(windowId, open.add(port));
  port.onMessage.addListener((message: unknown) => {
    const parsed = appMessage.safeParse(message);
    if (parsed.success) void answer(windowId, port, parsed.data);
  });
  port.onDisconnect.addListener(() => {
    open.delete(port);
    if (open.size === 0) {
      panels.delete(windowId);
      told.forget(windowId);
    }
  });
});

chrome.tabs.onActivated.addListener(({ tabId, windowId }) => {
  void chrome.tabs.get(tabId).then(
    (tab) => activeTabChanged(windowId, tab),
    () => undefined, // closed meanwhile
  );
});

chrome.tabs.onUpdated.addListener((_tabId, change, tab) => {
  if (change.url && tab.active) void activeTabChanged(tab.windowId, tab);
});

chrome.windows.onFocusChanged.addListener((windowId) => {
  if (windowId !== chrome.windows.WINDOW_ID_NONE)
    void activeTab(windowId).then((t) => t && activeTabChanged(windowId, t));
});

// A content script that has just read its page (a load, not an in-page navigation).
chrome.runtime.onMessage.addListener((message: unknown, sender) => {
  const parsed = profileScraped.safeParse(message);
  const tab = sender.tab;
  if (!parsed.success || sender.id !== chrome.runtime.id || !tab?.active || tab.url !== parsed.data.url) return;
  tellScraped(tab.windowId, parsed.data);
});
