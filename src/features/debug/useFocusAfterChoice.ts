/**
 * Focus after a choice on an outbox entry (Retry, Retry with mine, Discard) takes the entry out
 * of its list: the button that had focus goes with it, and focus would fall to <body>. Once the
 * entry is gone, focus moves to the first action of an entry that followed it, else to the
 * section's heading (`tabIndex={-1}`) — only when it did fall, never away from where the user
 * has moved it since.
 */
import { useEffect, useRef } from 'react';

export function useFocusAfterChoice() {
  const section = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
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
    (action ?? heading.current)?.focus();
  });

  /** Called with an entry's item as a choice on it starts. */
  const choosing = (item: Element) => {
    const items = [...(section.current?.querySelectorAll('[data-testid="outbox-entry"]') ?? [])];
    leaving.current = { item, next: items.slice(items.indexOf(item) + 1) };
  };
  return { section, heading, choosing };
}
