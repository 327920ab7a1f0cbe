/**
 * A question to confirm before something that cannot be undone: an alert dialog whose title
 * names it, the consequence, Cancel (focused first, the safe choice) and the confirming
 * action (busy while it runs), and an error if it failed.
 */
import type { ReactNode } from 'react';
import { Button } from './Button.tsx';
import { Dialog, DialogActions } from './Dialog.tsx';
import { ErrorMessage } from './ErrorMessage.tsx';

export interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  busy?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const { title, children, confirmLabel, cancelLabel = 'Cancel', busy = false, error, onConfirm, onCancel } = props;
  return (
    <Dialog title={title} role="alertdialog" onClose={onCancel}>
      <div className="dialog-body">{children}</div>
      <ErrorMessage message={error} />
      <DialogActions>
        <Button autoFocus onPress={onCancel}>
          {cancelLabel}
        </Button>
        <Button variant="danger" busy={busy} onPress={onConfirm}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
