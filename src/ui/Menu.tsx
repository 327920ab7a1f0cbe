/**
 * A menu button of the kit (React Aria's MenuTrigger, Popover and Menu): Enter, Space or
 * ArrowDown open it on its first item, arrow keys move, Escape closes and gives focus back
 * to the button. `trigger` is the button's content, `label` its accessible name; an optional
 * `header` (not an item) heads the menu.
 */
import type { ReactNode } from 'react';
import {
  Header,
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  MenuSection,
  MenuTrigger,
  Popover,
  type MenuItemProps as AriaMenuItemProps,
} from 'react-aria-components';
import { Button } from './Button.tsx';

export interface MenuProps {
  label: string;
  trigger: ReactNode;
  triggerClassName?: string;
  header?: ReactNode;
  children: ReactNode;
}

export function Menu({ label, trigger, triggerClassName, header, children }: MenuProps) {
  return (
    <MenuTrigger>
      <Button variant="ghost" aria-label={label} className={triggerClassName}>
        {trigger}
      </Button>
      <Popover className="popover" placement="bottom end">
        <AriaMenu className="menu" aria-label={label}>
          {header ? (
            <MenuSection className="menu-section">
              <Header className="menu-header">{header}</Header>
              {children}
            </MenuSection>
          ) : (
            children
          )}
        </AriaMenu>
      </Popover>
    </MenuTrigger>
  );
}

export function MenuItem(props: Omit<AriaMenuItemProps, 'className'>) {
  return <AriaMenuItem {...props} className="menu-item" />;
}
