/**
 * The kit's modal dialog as React Aria builds it (ModalOverlay, Modal, Dialog), in its own
 * chunk: src/ui/Dialog.tsx loads it when a dialog first opens, and says what it does.
 */
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import type { DialogProps } from './Dialog.tsx';

export function ModalDialog(props: DialogProps) {
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
