/**
 * The open popover of a kit popup (the menu's, the select's): React Aria's Popover under the
 * button of usePopupTrigger (popupTrigger.ts), open for as long as it is mounted, calling
 * `onClose` when it closes itself (Escape, a press outside, focus leaving). In the popups'
 * chunks only.
 */
import type { ReactNode, RefObject } from 'react';
import { Popover, type PopoverProps } from 'react-aria-components';

interface Props {
  triggerRef: RefObject<HTMLButtonElement | null>;
  placement: PopoverProps['placement'];
  onClose: () => void;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  children: ReactNode;
}

export function TriggerPopover({ triggerRef, placement, onClose, children, ...name }: Props) {
  return (
    <Popover
      className="popover"
      placement={placement}
      triggerRef={triggerRef}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      {...name}
    >
      {children}
    </Popover>
  );
}
