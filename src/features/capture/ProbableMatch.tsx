/**
 * The *Probably in your CRM* verdict (issue 34; texts ours, `PROBABLE_TEXTS`: the spec has no
 * probable verdict): nobody holds
 * this profile's URL, but the match ladder's name rung found the page(s) below. Each candidate
 * shows why it matched. One candidate: "This is them" or "Not them, add". Several: a radio group
 * (arrow keys move within it, as native radios do) to choose which, then "This is them"; or
 * "Not them, add". The heading takes focus when the verdict shows, so a screen reader hears it
 * and the keyboard starts there. Its own chunk (`lazyPart`): the capture path pays nothing
 * until a probable verdict shows.
 *
 * What must stay true: nothing is written until the user presses "This is them"; the write is
 * the candidate page's URL property, through the outbox (`linkProfile`, in this chunk).
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { ProbableCandidate } from '../../data/notion/matchLadder.ts';
import type { FoundProfilePage } from '../../data/notion/profilePages.ts';
import type { ProfileUrl } from '../../domain/linkedin/profileUrl.ts';
import { linkProfile } from './linkProfile.ts';
import type { SettingTarget } from './profileTarget.ts';
import { captureNotices } from '../../domain/errors/messages.ts';
import { reasonText } from '../../domain/people/probableMatch.ts';

/** The verdict's words, here rather than in src/domain/errors/messages.ts: off the capture path. */
export const PROBABLE_TEXTS = {
  heading: 'Probably in your CRM',
  one: 'No page has this LinkedIn URL, but this page looks like the same person.',
  many: 'No page has this LinkedIn URL, but these pages look like the same person.',
  chooser: 'Which page is this person?',
  confirm: 'This is them',
  reject: 'Not them, add',
  linkFailed: 'Could not link this profile to the page. Nothing was changed in Notion.',
} as const;

export interface ProbableMatchProps {
  candidates: ProbableCandidate[];
  incomplete: boolean;
  /** Disabled while an add is under way. */
  busy: boolean;
  /** Who links which profile into which setting's database; null while the setting is not usable. */
  linkTo: { authId: string; setting: SettingTarget; profile: ProfileUrl } | null;
  /** "This is them" done: the page now holds the profile's URL (queued in the outbox). */
  onLinked: (page: FoundProfilePage) => void;
  onReject: () => void;
}

function Reasons({ candidate, id }: { candidate: ProbableCandidate; id: string }) {
  return (
    <ul id={id} className="match-reasons">
      {candidate.reasons.map((reason, i) => (
        <li key={i}>{reasonText(reason)}</li>
      ))}
    </ul>
  );
}

export function ProbableMatch({ candidates, incomplete, busy, linkTo, onLinked, onReject }: ProbableMatchProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const ids = useId();
  const several = candidates.length > 1;
  const [chosen, setChosen] = useState<string | null>(several ? null : candidates[0].page.id);
  const choice = candidates.find((candidate) => candidate.page.id === chosen);
  const [linking, setLinking] = useState(false);
  const [linkFailed, setLinkFailed] = useState(false);

  async function confirm() {
    if (!choice || !linkTo || linking) return;
    setLinking(true);
    setLinkFailed(false);
    try {
      await linkProfile(linkTo.authId, linkTo.setting, linkTo.profile, choice);
      onLinked(choice.page);
    } catch (error) {
      console.error('Linking the profile failed', error);
      setLinkFailed(true);
      setLinking(false);
    }
  }

  useEffect(() => heading.current?.focus(), []);

  return (
    <section aria-labelledby={`${ids}-heading`} className="probable-match">
      <h1 id={`${ids}-heading`} className="lead" tabIndex={-1} ref={heading}>
        {PROBABLE_TEXTS.heading}
      </h1>
      <p>{several ? PROBABLE_TEXTS.many : PROBABLE_TEXTS.one}</p>
      {several ? (
        <fieldset>
          <legend>{PROBABLE_TEXTS.chooser}</legend>
          {candidates.map((candidate, i) => (
            <div key={candidate.page.id} className="match-choice">
              <input
                type="radio"
                id={`${ids}-${i}`}
                name={`${ids}-choice`}
                value={candidate.page.id}
                checked={chosen === candidate.page.id}
                onChange={() => setChosen(candidate.page.id)}
                aria-describedby={`${ids}-${i}-why`}
              />
              <label htmlFor={`${ids}-${i}`}>{candidate.page.title || 'Untitled'}</label>
              <Reasons candidate={candidate} id={`${ids}-${i}-why`} />
            </div>
          ))}
        </fieldset>
      ) : (
        <div className="match-choice">
          <p className="profile-name">{candidates[0].page.title || 'Untitled'}</p>
          <Reasons candidate={candidates[0]} id={`${ids}-why`} />
        </div>
      )}
      {incomplete && <p>{captureNotices.nameSearchIncomplete}</p>}
      {linkFailed && <p role="alert">{PROBABLE_TEXTS.linkFailed}</p>}
      <p className="match-actions">
        <button
          type="button"
          className="primary"
          disabled={busy || linking || !choice || !linkTo}
          aria-describedby={several ? undefined : `${ids}-why`}
          onClick={() => void confirm()}
        >
          {PROBABLE_TEXTS.confirm}
        </button>{' '}
        <button type="button" disabled={busy || linking} onClick={onReject}>
          {PROBABLE_TEXTS.reject}
        </button>
      </p>
    </section>
  );
}
