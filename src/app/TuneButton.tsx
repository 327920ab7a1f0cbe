/**
 * The header's tune button 'Customize property display' (spec 2 §2), on the NotionProfile
 * screen only: it asks the screen to open the Customize Properties Display modal
 * (open-property-order-modal), and glows for 3 s on highlight-tune-icon (spec 2 §4, §9).
 */
import { useEffect, useState } from 'react';
import { routeOf } from '../domain/routing/routes.ts';
import {
  DISPLAY_EVENTS,
  emitDisplayEvent,
  onDisplayEvent,
  TUNE_HIGHLIGHT_MS,
} from '../features/page/display/displayEvents.ts';

const LABEL = 'Customize property display';

/** /notion-profile, with or without the page id as a route parameter. */
export const showsTuneButton = (pathname: string): boolean => routeOf(pathname) === 'notionProfile';

export function TuneButton() {
  const [highlighted, setHighlighted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = onDisplayEvent(DISPLAY_EVENTS.highlightTuneIcon, () => {
      clearTimeout(timer);
      setHighlighted(true);
      timer = setTimeout(() => setHighlighted(false), TUNE_HIGHLIGHT_MS);
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, []);
  return (
    <button
      type="button"
      className={highlighted ? 'ghost icon-button tune-button highlighted' : 'ghost icon-button tune-button'}
      aria-label={LABEL}
      title={LABEL}
      onClick={() => emitDisplayEvent(DISPLAY_EVENTS.openPropertyOrderModal)}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path
          d="M4 6h9M17 6h3M4 12h3M11 12h9M4 18h11M19 18h1"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
        <circle cx="15" cy="6" r="2" fill="none" stroke="currentColor" strokeWidth="2" />
        <circle cx="9" cy="12" r="2" fill="none" stroke="currentColor" strokeWidth="2" />
        <circle cx="17" cy="18" r="2" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
    </button>
  );
}
