/**
 * The profile check of NewProfile (spec 2 §4): idle → verifying → found | not found, or a
 * configuration error; or unknown (issue 13: too many candidates to read them all — Add asks
 * before creating); or probable (issue 34: nobody holds the URL, but pages by the person's
 * name, company or headline do — the match ladder's second rung). A stored verdict answers at
 * once (repeat visit), then Notion is asked again. Rechecked when the profile, the active
 * setting, its key or the scraped person's facts change (the extension may tell them after the
 * check started: the ladder then runs again, its first rung included); the raw responses (debug
 * panel) are reset when a check starts and when it fails.
 *
 * One check sends one Notion request when it finds the person: nothing starts until the active setting is known
 * (`useActiveSetting` is undefined while loading), a rewrite of the same setting keeps the
 * same target (`checkTargetOf`), and React's second run of the effect joins the running
 * check (`checkProfile`).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { NotionQueryPage } from '../../data/notion/objects.ts';
import type { LadderVerdict, ProbableCandidate } from '../../data/notion/matchLadder.ts';
import type { FoundProfilePage } from '../../data/notion/profilePages.ts';
import type { PersonFacts } from '../../domain/people/probableMatch.ts';
import { textOf } from '../../data/errors/result.ts';
import { messageFor } from '../../domain/errors/catalogue.ts';
import type { ProfileUrl } from '../../domain/linkedin/profileUrl.ts';
import { useActiveSetting } from '../settings/useSettingsData.ts';
import { cachedVerdict, checkProfile } from './actions.ts';
import { checkTargetOf, type CheckTarget } from './profileTarget.ts';

export type CheckState =
  | { phase: 'idle' }
  | { phase: 'verifying' }
  | { phase: 'found'; page: FoundProfilePage; revalidating: boolean }
  | { phase: 'not-found'; revalidating: boolean; incomplete?: boolean }
  | { phase: 'probable'; candidates: ProbableCandidate[]; incomplete: boolean; revalidating: boolean }
  | { phase: 'unknown' }
  | { phase: 'error'; message: string };

/** The screen's state for a ladder's answer. */
const stateOf = (lookup: LadderVerdict): CheckState =>
  lookup.verdict === 'found'
    ? { phase: 'found', page: lookup.page, revalidating: false }
    : lookup.verdict === 'unknown'
      ? { phase: 'unknown' }
      : lookup.verdict === 'probable'
        ? { ...lookup, phase: 'probable', revalidating: false }
        : { phase: 'not-found', revalidating: false, incomplete: lookup.incomplete };

export function useProfileCheck(
  profile: ProfileUrl,
  authId: string | undefined,
  person?: PersonFacts,
): {
  state: CheckState;
  /** Undefined while the active setting is loading. */
  target: CheckTarget | undefined;
  /** This check's query responses as Notion sent them (null until it answers, or when it failed). */
  responses: NotionQueryPage[] | null;
  setFound: (page: FoundProfilePage) => void;
} {
  const [state, setState] = useState<CheckState>({ phase: 'idle' });
  const [responses, setResponses] = useState<NotionQueryPage[] | null>(null);
  // the person as a value: a new scraped object with the same facts is the same check
  const personKey = person ? JSON.stringify(person) : '';
  /** The last answer of the URL rung alone, for the profile and target it was read for. */
  const urlRung = useRef<{ profile: ProfileUrl; target: CheckTarget; lookup: LadderVerdict } | null>(null);
  const active = useActiveSetting(authId);
  const target = useMemo(() => (active === undefined ? undefined : checkTargetOf(active)), [active]);

  useEffect(() => {
    if (!target) return;
    let live = true;
    void (async () => {
      setResponses(null); // a new check: the last one's responses no longer describe this profile
      if (!target.ok) return setState({ phase: 'error', message: messageFor('checkProfile', target.error) });
      const stored = await cachedVerdict(target.target, profile);
      if (!live) return;
      if (stored?.page) setState({ phase: 'found', page: stored.page, revalidating: true });
      else if (stored?.candidates?.length) {
        setState({ phase: 'probable', candidates: stored.candidates, incomplete: false, revalidating: true });
      } else if (stored) setState({ phase: 'not-found', revalidating: true });
      else setState({ phase: 'verifying' });
      try {
        const before = urlRung.current;
        const known =
          before?.profile === profile && before.target === target && before.lookup.rung === 'url'
            ? before.lookup
            : undefined;
        const lookup = await checkProfile(
          target.target,
          profile,
          personKey ? (JSON.parse(personKey) as PersonFacts) : undefined,
          known,
        );
        if (lookup.rung === 'url') urlRung.current = { profile, target, lookup };
        if (!live) return;
        setResponses(lookup.responses);
        setState(stateOf(lookup));
      } catch (error) {
        if (!live) return;
        setResponses(null);
        setState({ phase: 'error', message: textOf('checkProfile', error) });
      }
    })();
    return () => {
      live = false;
    };
  }, [profile, target, personKey]);

  return {
    state,
    target,
    responses,
    setFound: (page) => setState({ phase: 'found', page, revalidating: false }),
  };
}
