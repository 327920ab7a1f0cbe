/**
 * A modal dialog of the kit (React Aria's ModalOverlay, Modal and Dialog): it takes focus on
 * open, keeps Tab inside, closes on Escape and gives focus back to what opened it. Render it
 * while open (`{open && <Dialog …/>}`); `onClose` is called on Escape (unless
 * `keyboardDismissDisabled`: Escape belongs to something inside for now, such as a drag) and on
 * an outside press when `dismissable`. Its accessible name is its title.
 *
 * `tall`: for a dialog whose content changes while it is open (a list that loads, shrinks as
 * its items are used): it takes the panel's height and keeps its actions at its foot, the
 * content scrolling between, so a button the user aims at does not move under the pointer as
 * the content changes (a press whose release lands elsewhere is lost).
 */
import type { ReactNode } from 'react';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

export interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  role?: 'dialog' | 'alertdialog';
  dismissable?: boolean;
  keyboardDismissDisabled?: boolean;
  tall?: boolean;
}

export function Dialog(props: DialogProps) {
  const {
    title,
    onClose,
    children,
    role = 'dialog',
    dismissable = false,
    keyboardDismissDisabled = false,
    tall = false,
  } = props;
  return (
    <ModalOverlay
      className="modal-backdrop"
      isOpen
      isDismissable={dismissable}
      isKeyboardDismissDisabled={keyboardDismissDisabled}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Modal className={tall ? 'modal tall' : 'modal'}>
        <AriaDialog role={role} className="dialog">
          <Heading slot="title" className="dialog-title">
            {title}
          </Heading>
          {children}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}

/** The row of buttons at the foot of a dialog. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="dialog-actions">{children}</div>;
}
