/**
 * Focus after a choice on an outbox entry (Retry, Discard, Keep mine…) takes the entry out of
 * its list, in the header's outbox panel and on /cache-debug: the button that had focus goes
 * with it, and focus would fall to <body>. Once the entry is gone, focus moves to the first
 * action of an entry that followed it (entries are the `data-outbox-entry` elements inside
 * `section`), else to `fallback()` — only when it did fall, never away from where the user has
 * moved it since. The hook belongs to a component that stays while its entries go (the panel
 * closes with its last one).
 */
import { useEffect, useRef } from 'react';

/** Told that a choice on an entry starts, with the entry's item (where focus goes once it leaves). */
export type ChoiceStarts = (item: Element) => void;

export function useFocusAfterChoice(fallback: () => HTMLElement | null) {
  const section = useRef<HTMLElement>(null);
  const leaving = useRef<{ item: Element; next: Element[] } | null>(null);

  useEffect(() => {
    const left = leaving.current;
    if (!left || left.item.isConnected) return;
    leaving.current = null;
    if (document.activeElement && document.activeElement !== document.body) return;
    const action = left.next
      .filter((item) => item.isConnected)
      .map((item) => item.querySelector<HTMLElement>('button'))
      .find((button) => button !== null);
    (action ?? fallback())?.focus();
  });

  const choosing: ChoiceStarts = (item) => {
    const items = [...(section.current?.querySelectorAll('[data-outbox-entry]') ?? [])];
    leaving.current = { item, next: items.slice(items.indexOf(item) + 1) };
  };
  return { section, choosing };
}
