/**
 * Toasts of the kit (React Aria's toast region: a landmark reachable with F6, each toast
 * announced, closable, gone after its timeout). `showToast` can be called from anywhere;
 * `<Toaster />` is mounted once, in the layout.
 */
import {
  Button,
  Text,
  UNSTABLE_Toast as AriaToast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as ToastRegion,
} from 'react-aria-components';
import type { NoticeTone } from './Notice.tsx';

export const TOAST_TIMEOUT_MS = 5_000;

interface ToastMessage {
  tone: NoticeTone;
  text: string;
}

const queue = new ToastQueue<ToastMessage>({ maxVisibleToasts: 3 });

export function showToast(text: string, tone: NoticeTone = 'info') {
  queue.add({ tone, text }, { timeout: TOAST_TIMEOUT_MS });
}

export function Toaster() {
  return (
    <ToastRegion queue={queue} className="toasts">
      {({ toast }) => (
        <AriaToast toast={toast} className={`toast ${toast.content.tone}`}>
          <ToastContent>
            <Text slot="title">{toast.content.text}</Text>
          </ToastContent>
          <Button slot="close" className="button ghost" aria-label="Close">
            ×
          </Button>
        </AriaToast>
      )}
    </ToastRegion>
  );
}
