/**
 * The popup of the kit's menu as React Aria builds it (a Popover under the button, a Menu of
 * the actions), in its own chunk: src/ui/Menu.tsx mounts it while the menu is open, and says
 * what it does.
 */
import type { ReactNode, RefObject } from 'react';
import { Header, Menu as AriaMenu, MenuItem, MenuSection } from 'react-aria-components';
import type { MenuAction } from './Menu.tsx';
import type { PopupFocus } from './popupTrigger.ts';
import { TriggerPopover } from './TriggerPopover.tsx';

export interface MenuPopupProps {
  triggerRef: RefObject<HTMLButtonElement | null>;
  label: string;
  header?: ReactNode;
  items: MenuAction[];
  autoFocus: PopupFocus;
  onClose: () => void;
}

export function MenuPopup({ triggerRef, label, header, items, autoFocus, onClose }: MenuPopupProps) {
  const entries = items.map(({ label: text, onAction }) => (
    <MenuItem key={text} id={text} className="menu-item" onAction={onAction}>
      {text}
    </MenuItem>
  ));
  return (
    <TriggerPopover triggerRef={triggerRef} placement="bottom end" onClose={onClose} aria-label={label}>
      <AriaMenu className="menu" aria-label={label} autoFocus={autoFocus} onClose={onClose}>
        {header ? (
          <MenuSection className="menu-section">
            <Header className="menu-header">{header}</Header>
            {entries}
          </MenuSection>
        ) : (
          entries
        )}
      </AriaMenu>
    </TriggerPopover>
  );
}
