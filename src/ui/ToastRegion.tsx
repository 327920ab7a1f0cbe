/**
 * The toast region as React Aria builds it, in its own chunk: src/ui/Toast.tsx mounts it with
 * the first toast, and says what it does.
 */
import {
  Button,
  Text,
  UNSTABLE_Toast as AriaToast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as AriaToastRegion,
} from 'react-aria-components';
import type { ToastMessage } from './Toast.tsx';

export function ToastRegion({ queue }: { queue: ToastQueue<ToastMessage> }) {
  return (
    <AriaToastRegion queue={queue} className="toasts">
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
    </AriaToastRegion>
  );
}
