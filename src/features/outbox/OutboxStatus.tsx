/**
 * The header's outbox counts (issue 15): edits waiting to reach Notion, and those that need
 * the user (failed, in conflict), compact (a glyph and a number; the words are for screen
 * readers). The counts button opens the panel listing the latter. When a choice there takes
 * an entry away, focus goes to the next entry's first action; after the last (the panel
 * closes), to the counts button if it can still take it, else to the screen's heading. The
 * panel is its own chunk (a lazyPart), downloaded when it first opens; the counts button keeps
 * focus meanwhile.
 */
import { useId, useRef, useState } from 'react';
import { lazyPart } from '../../ui/lazyPart.tsx';
import { screenHeading } from '../../ui/screenHeading.ts';
import { useFocusAfterChoice } from './useFocusAfterChoice.ts';
import { useOutboxState } from './useOutbox.ts';

const OutboxPanel = lazyPart(
  () => import('./OutboxPanel.tsx'),
  (m) => m.OutboxPanel,
);

export function OutboxStatus({ authId }: { authId: string }) {
  const { pending, failed, conflicts } = useOutboxState(authId);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const counts = useRef<HTMLButtonElement>(null);
  const { section, choosing } = useFocusAfterChoice(() =>
    counts.current && !counts.current.disabled ? counts.current : screenHeading(),
  );
  const needYou = failed.length + conflicts.length;
  // Once nothing needs the user the panel closes; the next failure shows the counts only.
  const [lastNeedYou, setLastNeedYou] = useState(needYou);
  if (needYou !== lastNeedYou) {
    setLastNeedYou(needYou);
    if (needYou === 0) setOpen(false);
  }
  if (pending === 0 && needYou === 0) return null;
  return (
    <>
      <button
        ref={counts}
        type="button"
        className="outbox-status ghost"
        aria-expanded={open}
        aria-controls={panelId}
        disabled={needYou === 0}
        onClick={() => setOpen(!open)}
      >
        {pending > 0 && (
          <span className="count">
            <span aria-hidden="true">⇅ </span>
            <span data-testid="pending-count">
              {pending}
              <span className="visually-hidden"> pending</span>
            </span>
          </span>
        )}
        {needYou > 0 && (
          <span className="count notice error">
            <span aria-hidden="true">⚠ </span>
            <span data-testid="failed-count">
              {needYou}
              <span className="visually-hidden"> failed</span>
            </span>
          </span>
        )}
      </button>
      {open && needYou > 0 && (
        <OutboxPanel
          ref={section}
          id={panelId}
          authId={authId}
          failed={failed}
          conflicts={conflicts}
          onChoice={choosing}
        />
      )}
    </>
  );
}
