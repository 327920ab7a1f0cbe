/**
 * The extension harness: a page that frames the app like the browser extension's side panel
 * and plays the extension's side of the window-message protocol (spec 1 §7, spec 2 §7), with
 * the profile-data sandbox's fixtures listed as fake LinkedIn tabs to "navigate" to.
 *
 * - answers REQUEST_CURRENT_URL with CURRENT_URL_RESPONSE {requestId, url of the fake tab},
 *   unless "Silent extension" is ticked (then the app's 2 s timeout runs out);
 * - answers REQUEST_SCRAPED_DATA with SIDEPANEL_PROFILE_LOADED for the fake tab;
 * - "opening" a tab sends LINKEDIN_PROFILE_NAVIGATION (profile URLs), EXTENSION_URL_UPDATE
 *   and SIDEPANEL_PROFILE_LOADED with the scraped preview (name, avatar, title, company); a
 *   person's page that is not their profile URL (personPageTabs.ts: Sales Navigator leads, a
 *   member link) sends EXTENSION_URL_UPDATE and SIDEPANEL_PROFILE_LOADED with the public link
 *   the page shows (`profileUrl`, or null), as the extension does;
 * - messages from the app are accepted only from the app's origin.
 *
 * What must stay true: the app only believes this page if its origin is in the app's
 * VITE_EXTENSION_ORIGINS (`harnessOrigins` gives both spellings, localhost and 127.0.0.1).
 * Nothing here is part of production: it is a development and test tool.
 */
import { createServer, type Server } from 'node:http';
import { PRIVATE_PROFILE_SLUGS, PUBLIC_PROFILES } from '../../supabase/local/sandboxes/profile-data/fixtures.ts';
import { listen } from '../../supabase/local/stack.ts';
import { personPageTabs } from './personPageTabs.ts';

export interface HarnessTab {
  label: string;
  url: string;
  scrapedData: {
    name: string;
    avatarUrl: string;
    title: string;
    currentJob: { title: string; company: string };
  } | null;
  /** Only on a person's page that is not their profile URL: the public link it shows (null: none). */
  profileUrl?: string | null;
}

export interface RunningHarness {
  url: string;
  port: number;
  /** Points the page at another app (tests learn the app's port after the harness's). */
  setAppUrl(appUrl: string): void;
  stop(): Promise<void>;
}

/** The fake tabs: every fixture profile, a private one, and a few non-profile pages. */
export function harnessTabs(): HarnessTab[] {
  const base = 'https://www.linkedin.com/in/';
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : 'Not found');
  const profiles: HarnessTab[] = PUBLIC_PROFILES.map((p) => {
    const job = ((p.fullPositions as { title?: unknown; companyName?: unknown }[] | undefined) ?? [])[0];
    const name = `${String(p.firstName)} ${String(p.lastName)}`.trim();
    return {
      label: name,
      url: `${base}${String(p.username)}/`,
      scrapedData: {
        name,
        avatarUrl: text(p.profilePicture),
        title: text(p.headline),
        currentJob: { title: text(job?.title), company: text(job?.companyName) },
      },
    };
  });
  return [
    ...profiles,
    ...PRIVATE_PROFILE_SLUGS.map((slug) => ({ label: `Private (${slug})`, url: `${base}${slug}/`, scrapedData: null })),
    ...personPageTabs(),
    { label: 'LinkedIn feed', url: 'https://www.linkedin.com/feed/', scrapedData: null },
    { label: 'Not LinkedIn', url: 'https://www.example.com/', scrapedData: null },
  ];
}

/** Both spellings of the harness origin (the app must list them to believe the harness). */
export const harnessOrigins = (port: number) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`];

function page(appUrl: string, tabs: HarnessTab[]): string {
  const data = JSON.stringify({ appUrl, tabs }).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sidenote extension harness</title>
<style>
body{margin:0;display:flex;height:100vh;font:14px system-ui,sans-serif}
nav{width:280px;overflow:auto;padding:12px;border-right:1px solid #ccc}
nav button{display:block;width:100%;margin:2px 0;text-align:left}
iframe{flex:1;border:0;height:100vh}
#log{font:11px monospace;white-space:pre-wrap;max-height:30vh;overflow:auto}
</style></head>
<body>
<nav aria-label="Fake LinkedIn tabs">
  <h1 style="font-size:16px">Extension harness</h1>
  <p>Current tab: <code id="current">none</code></p>
  <label><input type="checkbox" id="silent"> Silent extension</label>
  <form id="go"><input id="custom" aria-label="Tab URL" placeholder="any URL" style="width:100%"><button>Open URL</button></form>
  <div id="tabs"></div>
  <h2 style="font-size:14px">Messages</h2><div id="log"></div>
</nav>
<iframe id="app" title="Sidenote side panel" allow="clipboard-write"></iframe>
<script>
const { appUrl, tabs } = ${data};
const appOrigin = new URL(appUrl).origin;
const frame = document.getElementById('app');
let current = null;
const log = (dir, m) => { document.getElementById('log').textContent = dir + ' ' + JSON.stringify(m) + '\\n' + document.getElementById('log').textContent; };
const post = (m) => { log('→', m); frame.contentWindow.postMessage(m, appOrigin); };
// a profile the harness does not list reads as a public one named by its slug (the private ones are listed, with null)
const scrapedOf = (url) => {
  const tab = tabs.find((t) => t.url === url);
  if (tab) return tab.scrapedData;
  const slug = decodeURIComponent(new URL(url).pathname.split('/')[2] || '');
  return { name: slug, avatarUrl: 'Not found', title: 'Not found', currentJob: { title: 'Not found', company: 'Not found' } };
};
const isProfile = (url) => { try { const u = new URL(url); return /(^|\\.)linkedin\\.com$/i.test(u.hostname) && /^\\/in\\/[^/]+/i.test(u.pathname); } catch { return false; } };
const personPage = (url) => tabs.find((t) => t.url === url && 'profileUrl' in t);
const postPersonPage = (tab) => post({ type: 'SIDEPANEL_PROFILE_LOADED', url: tab.url, scrapedData: tab.scrapedData, profileUrl: tab.profileUrl });
function open(url) {
  current = url;
  document.getElementById('current').textContent = url;
  post({ type: 'EXTENSION_URL_UPDATE', url, timestamp: Date.now() });
  if (personPage(url)) postPersonPage(personPage(url));
  else if (isProfile(url)) {
    post({ type: 'SIDEPANEL_PROFILE_LOADED', url, scrapedData: scrapedOf(url) });
    post({ type: 'LINKEDIN_PROFILE_NAVIGATION', url });
  }
}
window.addEventListener('message', (event) => {
  if (event.origin !== appOrigin || event.source !== frame.contentWindow) return;
  const m = event.data || {};
  log('←', m);
  if (document.getElementById('silent').checked) return;
  if (m.type === 'REQUEST_CURRENT_URL') post({ type: 'CURRENT_URL_RESPONSE', requestId: m.requestId, url: current });
  if (m.type === 'REQUEST_SCRAPED_DATA' && current && personPage(current)) postPersonPage(personPage(current));
  else if (m.type === 'REQUEST_SCRAPED_DATA' && current && isProfile(current)) {
    post({ type: 'SIDEPANEL_PROFILE_LOADED', url: current, scrapedData: scrapedOf(current) });
  }
});
for (const tab of tabs) {
  const b = document.createElement('button');
  b.type = 'button'; b.textContent = tab.label; b.title = tab.url;
  b.onclick = () => open(tab.url);
  document.getElementById('tabs').append(b);
}
document.getElementById('go').onsubmit = (e) => { e.preventDefault(); open(document.getElementById('custom').value); };
const params = new URLSearchParams(location.search);
if (params.get('silent') === '1') document.getElementById('silent').checked = true;
if (params.get('tab')) current = params.get('tab');
frame.src = appUrl + (params.get('path') || '/');
window.harness = { open, post, get current() { return current; } };
</script></body></html>`;
}

export async function startExtensionHarness(options: {
  appUrl: string;
  host?: string;
  port?: number;
}): Promise<RunningHarness> {
  let html = page(options.appUrl.replace(/\/+$/, ''), harnessTabs());
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://harness').pathname;
    if (req.method === 'GET' && path === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      return res.end(html);
    }
    if (req.method === 'GET' && path === '/tabs') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify(harnessTabs()));
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('Not found');
  });
  const port = await listen(server, options.host ?? '127.0.0.1', options.port ?? 0, 'extension harness');
  return {
    url: `http://${options.host === 'localhost' ? 'localhost' : '127.0.0.1'}:${port}`,
    port,
    setAppUrl: (appUrl) => {
      html = page(appUrl.replace(/\/+$/, ''), harnessTabs());
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
