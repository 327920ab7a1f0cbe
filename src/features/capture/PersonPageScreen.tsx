/**
 * A Sales Navigator lead or a profile opened by its member link (issue 34): the panel waits for
 * the public profile link the extension reads on the page, then checks that profile (Root with
 * its URL, replacing this one in the history). When the page shows no public link it says so in
 * words — ours: the spec has no such state — never "not on a profile".
 *
 * The seam for the match ladder's probable rung (issue 34, by name and company): `probable`
 * renders below the text with what the page showed of the person (name, headline, current job);
 * Root passes none yet, so today the screen ends with the text.
 *
 * A read that never comes (a tab opened before the extension was installed has no content
 * script) is said after `READ_WAIT_MS`, longer than the content script's own wait for
 * LinkedIn's rendering (4 s), so the panel never spins for ever.
 */
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { personPageRead, subscribeTabState, tabStateVersion } from '../../data/extension/tabState.ts';
import type { ScrapedProfile } from '../../data/extension/messages.ts';
import type { PersonPageUrl } from '../../domain/linkedin/profileUrl.ts';
import { routes } from '../../domain/routing/routes.ts';

/** How long the screen waits for the extension's read of the page before saying it got none. */
const READ_WAIT_MS = 8_000;
const UNREAD = 'Sidenote couldn’t read this LinkedIn page. Reload the tab, then open Sidenote again.';

const READING: Record<PersonPageUrl['page'], string> = {
  'sales-lead': 'Looking for the person’s LinkedIn profile link on this Sales Navigator page…',
  'member-link': 'Looking for the person’s public LinkedIn profile link on this page…',
};
const NO_PUBLIC_LINK: Record<PersonPageUrl['page'], string> = {
  'sales-lead': 'This Sales Navigator page doesn’t show the person’s LinkedIn profile link.',
  'member-link': 'This LinkedIn page doesn’t show the person’s public profile link.',
};

export function PersonPageScreen({
  page,
  probable,
}: {
  page: PersonPageUrl;
  /** The probable-match rung by name and company, given what the page showed of the person. */
  probable?: (person: ScrapedProfile) => ReactNode;
}) {
  useSyncExternalStore(subscribeTabState, tabStateVersion);
  const read = personPageRead(page);
  const target = read?.profileUrl ? routes.root({ url: read.profileUrl.raw }) : null;
  const navigate = useNavigate();
  useEffect(() => {
    if (target) void navigate(target, { replace: true });
  }, [target, navigate]);
  const [waitedOut, setWaitedOut] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaitedOut(true), READ_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);

  if (!read && waitedOut)
    return (
      <main className="screen narrow">
        <h1>{UNREAD}</h1>
      </main>
    );
  if (!read || target)
    return (
      <main className="screen narrow" aria-busy="true">
        <h1>{READING[page.page]}</h1>
      </main>
    );
  const { name } = read.scrapedData;
  return (
    <main className="screen narrow">
      <h1>{NO_PUBLIC_LINK[page.page]}</h1>
      <p>
        Open {name ? `${name}’s` : 'their'} LinkedIn profile (<code>linkedin.com/in/…</code>) to check them against your
        Notion CRM.
      </p>
      {probable?.(read.scrapedData)}
    </main>
  );
}
