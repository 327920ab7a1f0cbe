/**
 * A menu button of the kit (React Aria's Popover and Menu): Enter, Space or ArrowDown open it
 * on its first item, arrow keys move, Escape closes and gives focus back to the button.
 * `trigger` is the button's content, `label` its accessible name; an optional `header` (not an
 * item) heads the menu; `items` are its actions, in order.
 *
 * The button is here (usePopupTrigger); the popup and its items — React Aria's collection code
 * — are in their own chunk (MenuPopup.tsx, a lazyPart) mounted while the menu is open, so the
 * menu's code is not on the capture path.
 */
import type { ReactNode } from 'react';
import { Button } from './Button.tsx';
import { lazyPart } from './lazyPart.tsx';
import { usePopupTrigger } from './popupTrigger.ts';

export interface MenuAction {
  label: string;
  onAction: () => void;
}

export interface MenuProps {
  label: string;
  trigger: ReactNode;
  triggerClassName?: string;
  header?: ReactNode;
  items: MenuAction[];
}

const MenuPopup = lazyPart(
  () => import('./MenuPopup.tsx'),
  (m) => m.MenuPopup,
);

export function Menu({ label, trigger, triggerClassName, header, items }: MenuProps) {
  const { triggerProps, triggerRef, focus, close } = usePopupTrigger('menu');
  return (
    <>
      <Button variant="ghost" aria-label={label} className={triggerClassName} {...triggerProps}>
        {trigger}
      </Button>
      {focus !== null && (
        <MenuPopup
          triggerRef={triggerRef}
          label={label}
          header={header}
          items={items}
          autoFocus={focus}
          onClose={close}
        />
      )}
    </>
  );
}
