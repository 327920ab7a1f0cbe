/** Debug mode as a grant (issue 20) and the global debug panels' rules (spec 2 §2 "Debug panels"). */
import { describe, expect, it } from 'vitest';
import { debugModeNotice, debugModeOn, debugQueryOn, queryStoresDebug } from '../../src/domain/debug/debugMode.ts';
import { clearStorageWarning, compareUrls, diagnosticsText, hostOf } from '../../src/domain/debug/diagnostics.ts';
import { appendMessageLog, MESSAGE_LOG_LIMIT, messageLogEntry } from '../../src/domain/debug/messageLog.ts';
import { environmentBadge } from '../../src/domain/admin/environmentBadge.ts';
import { DEV_BADGE_TEXT, showsDevBadge } from '../../src/domain/debug/devBadge.ts';
import { REDACTED } from '../../src/domain/debug/redactSecrets.ts';

describe('debugModeOn', () => {
  it.each([
    // granted, stored, search, on
    [true, false, '', false],
    [true, true, '', true],
    [true, false, '?dbg=true', true],
    [true, false, '?url=x&dbg=true', true],
    [true, false, '?dbg=1', false],
    [false, true, '', false],
    [false, false, '?dbg=true', false],
    [false, true, '?dbg=true', false],
  ])('granted %s, stored %s, query %j → %s', (granted, stored, search, on) => {
    expect(debugModeOn({ granted, stored, search })).toBe(on);
  });

  it('the query stores the flag only for a granted user whose flag is off', () => {
    expect(queryStoresDebug({ granted: true, stored: false, search: '?dbg=true' })).toBe(true);
    expect(queryStoresDebug({ granted: true, stored: true, search: '?dbg=true' })).toBe(false);
    expect(queryStoresDebug({ granted: false, stored: false, search: '?dbg=true' })).toBe(false);
    expect(queryStoresDebug({ granted: true, stored: false, search: '' })).toBe(false);
    expect(debugQueryOn('?dbg=false')).toBe(false);
  });

  it("names the change in the operators' notice", () => {
    expect(debugModeNotice(true)).toBe('Debug mode turned on');
    expect(debugModeNotice(false)).toBe('Debug mode turned off');
  });
});

describe('compareUrls', () => {
  const route = 'https://www.linkedin.com/in/jane-doe/';
  it.each([
    ['https://www.linkedin.com/in/jane-doe/', 'match'],
    ['https://linkedin.com/in/Jane-Doe?trk=x', 'match'],
    ['https://www.linkedin.com/in/john-roe/', 'differ'],
    [null, 'no tab url'],
  ])('tab %j → %s', (tab, outcome) => expect(compareUrls(tab, route)).toBe(outcome));
  it('without a url query there is nothing to compare', () => {
    expect(compareUrls('https://www.linkedin.com/in/jane-doe/', null)).toBe('no route url');
  });
});

it('hostOf: the host of the backend URL', () => {
  expect(hostOf('http://127.0.0.1:54321/rest')).toBe('127.0.0.1:54321');
  expect(hostOf('not a url')).toBe('invalid URL');
});

it('clearStorageWarning names the pending and failed edits that will be lost, other accounts’ too', () => {
  expect(clearStorageWarning(2, 1, 0)).toBe('2 pending edits and 1 failed edit will be lost. You will be signed out.');
  expect(clearStorageWarning(1, 0, 0)).toBe('1 pending edit will be lost. You will be signed out.');
  expect(clearStorageWarning(0, 3, 0)).toBe('3 failed edits will be lost. You will be signed out.');
  expect(clearStorageWarning(0, 0, 0)).toBe('No edits are waiting to be sent. You will be signed out.');
  expect(clearStorageWarning(0, 0, 1)).toBe(
    '1 edit of other accounts on this browser will be lost. You will be signed out.',
  );
  expect(clearStorageWarning(2, 1, 4)).toBe(
    '2 pending edits, 1 failed edit and 4 edits of other accounts on this browser will be lost. You will be signed out.',
  );
});

it('diagnosticsText redacts every key and token', () => {
  const text = diagnosticsText({
    environment: { backend: 'http://127.0.0.1:54321', anonKey: 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiJ9.abc' },
    storage: { session: JSON.stringify({ access_token: 'abc.def.ghi', user: { email: 'a@b.c' } }) },
    note: 'key ntn_abcdefghijklmnop in a sentence',
  });
  expect(text).not.toMatch(/eyJ|ntn_|abc\.def/);
  expect(text).toContain(REDACTED);
  expect(JSON.parse(text).environment.backend).toBe('http://127.0.0.1:54321');
});

it('diagnosticsText keeps no token found in a tab or route URL (an older extension sent whole URLs)', () => {
  const text = diagnosticsText({
    tab: {
      tabUrl: 'https://mail.example.com/inbox?access_token=opaque-123&user=ada',
      routeUrl: 'https://www.linkedin.com/in/ada/?trk=x#refresh_token=r3fr3sh',
      comparison: 'differ',
    },
  });
  expect(text).not.toMatch(/opaque-123|r3fr3sh/);
  expect(JSON.parse(text).tab).toEqual({
    tabUrl: `https://mail.example.com/inbox?access_token=${REDACTED}&user=ada`,
    routeUrl: `https://www.linkedin.com/in/ada/?trk=x#refresh_token=${REDACTED}`,
    comparison: 'differ',
  });
});

describe('message log', () => {
  const meta = { direction: 'in' as const, origin: 'chrome-extension://abc', accepted: true, at: 1 };
  it('keeps type, origin, direction, acceptance and a URL — never scraped data', () => {
    const entry = messageLogEntry(
      { type: 'SIDEPANEL_PROFILE_LOADED', url: 'https://www.linkedin.com/in/x/', scrapedData: { name: 'Jane Secret' } },
      meta,
    );
    expect(entry).toEqual({ ...meta, type: 'SIDEPANEL_PROFILE_LOADED', url: 'https://www.linkedin.com/in/x/' });
    expect(JSON.stringify(entry)).not.toContain('Jane Secret');
  });
  it('names a message without a type by its kind and drops a URL that is not one', () => {
    expect(messageLogEntry('hello', { ...meta, accepted: false })).toEqual({
      ...meta,
      accepted: false,
      type: '(string)',
    });
    expect(messageLogEntry({ type: 'X', url: 'javascript:alert(1)' }, meta)).toEqual({ ...meta, type: 'X' });
  });
  it('is newest first and bounded', () => {
    let log = appendMessageLog([], { ...meta, type: 'A' });
    log = appendMessageLog(log, { ...meta, type: 'B' });
    expect(log.map((e) => e.type)).toEqual(['B', 'A']);
    for (let i = 0; i < MESSAGE_LOG_LIMIT + 5; i += 1) log = appendMessageLog(log, { ...meta, type: `T${i}` });
    expect(log).toHaveLength(MESSAGE_LOG_LIMIT);
    expect(log[0].type).toBe(`T${MESSAGE_LOG_LIMIT + 4}`);
  });
});

describe('showsDevBadge', () => {
  it('shows outside the production build, whatever the database', () => {
    expect(showsDevBadge(false, null)).toBe(true);
    expect(showsDevBadge(false, environmentBadge({ branch_name: 'main', is_production: true }))).toBe(true);
  });
  it('in the production build, only for a database that is not production (by the admin badge rule)', () => {
    expect(showsDevBadge(true, environmentBadge({ branch_name: 'main', is_production: true }))).toBe(false);
    expect(showsDevBadge(true, environmentBadge({ branch_name: 'local', is_production: false }))).toBe(true);
    expect(showsDevBadge(true, environmentBadge({ branch_name: 'develop', is_production: false }))).toBe(true);
    expect(showsDevBadge(true, environmentBadge(null))).toBe(false);
    expect(showsDevBadge(true, null)).toBe(false);
    expect(DEV_BADGE_TEXT).toBe('DEV');
  });
});
