/**
 * After each route change (not the first load, which keeps the browser's natural focus), focus
 * moves to the new screen's heading, so keyboard and screen-reader users start on the screen
 * they went to instead of at <body>. A screen that loads first gets its h1 a moment later: we
 * wait for it (up to HEADING_WAIT_MS). Focus already in a text field (the screen's own
 * autofocus, or the user typing) or in a dialog stays where it is.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { screenHeading } from '../ui/screenHeading.ts';

export const HEADING_WAIT_MS = 5_000;

export function useRouteFocus() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return; // the first load (twice under StrictMode)
    shown.current = pathname;
    const focusHeading = () => {
      const heading = screenHeading();
      if (!heading) return false;
      if (!userIsTyping()) heading.focus();
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => focusHeading() && stop());
    const timer = setTimeout(() => stop(), HEADING_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname]);
}

function userIsTyping(): boolean {
  const active = document.activeElement;
  return (
    active instanceof HTMLElement &&
    active.matches('input, textarea, select, [contenteditable="true"], [role$="dialog"] *')
  );
}
