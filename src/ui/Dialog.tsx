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
 *
 * React Aria's overlay code is in its own chunk (ModalDialog.tsx, a lazyPart) downloaded when a
 * dialog first opens: until it shows, what opened it keeps focus; the dialog then takes focus
 * and gives it back to that element on close.
 */
import type { ReactNode } from 'react';
import { lazyPart } from './lazyPart.tsx';

export interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  role?: 'dialog' | 'alertdialog';
  dismissable?: boolean;
  keyboardDismissDisabled?: boolean;
  tall?: boolean;
}

export const Dialog = lazyPart(
  () => import('./ModalDialog.tsx'),
  (m) => m.ModalDialog,
);

/** The row of buttons at the foot of a dialog. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="dialog-actions">{children}</div>;
}
