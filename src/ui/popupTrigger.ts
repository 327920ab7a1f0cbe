/**
 * The button side of a kit popup (the menu, the select): React Aria's Popover and collection
 * are in the popup's own chunk (a lazyPart), so the button opens it the way React Aria's
 * triggers do without them — `aria-haspopup`, `aria-expanded`; Enter or Space open it on its
 * first item, ArrowDown on its first, ArrowUp on its last, a pointer on the list itself — and
 * keeps focus until the popup shows and takes it. The popup gives focus back to the button
 * when it closes (its FocusScope restores it).
 */
import { useRef, useState } from 'react';
import type { KeyboardEvent, PressEvent } from 'react-aria-components';

/** Where focus goes as the popup opens: its first or last item, or the list (a pointer). */
export type PopupFocus = 'first' | 'last' | true;

export function usePopupTrigger(popup: 'menu' | 'listbox', onOpen?: () => void) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [focus, setFocus] = useState<PopupFocus | null>(null);
  const open = (where: PopupFocus) => {
    if (focus !== null) return;
    setFocus(where);
    onOpen?.();
  };
  const triggerProps = {
    ref: triggerRef,
    'aria-haspopup': popup,
    'aria-expanded': focus !== null,
    onPress: (event: PressEvent) => open(event.pointerType === 'keyboard' ? 'first' : true),
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return event.continuePropagation();
      event.preventDefault();
      open(event.key === 'ArrowDown' ? 'first' : 'last');
    },
  };
  return { triggerProps, triggerRef, focus, close: () => setFocus(null) };
}
