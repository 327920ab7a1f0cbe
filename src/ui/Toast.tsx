/**
 * Toasts of the kit (React Aria's toast region: a landmark reachable with F6, each toast
 * announced, closable, gone after its timeout). `showToast` can be called from anywhere;
 * `<Toaster />` is mounted once, in the layout. The region is React Aria's code, in its own
 * chunk (ToastRegion.tsx, a lazyPart): it is mounted with the first toast — a region shows
 * nothing without toasts — and a toast queued while it downloads shows once it has.
 */
import { useSyncExternalStore } from 'react';
import { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components';
import { lazyPart } from './lazyPart.tsx';
import type { NoticeTone } from './Notice.tsx';

export const TOAST_TIMEOUT_MS = 5_000;

export interface ToastMessage {
  tone: NoticeTone;
  text: string;
}

const queue = new ToastQueue<ToastMessage>({ maxVisibleToasts: 3 });

export function showToast(text: string, tone: NoticeTone = 'info') {
  queue.add({ tone, text }, { timeout: TOAST_TIMEOUT_MS });
}

const ToastRegion = lazyPart(
  () => import('./ToastRegion.tsx'),
  (m) => m.ToastRegion,
);

let shown = false;
const anyToastYet = () => (shown ||= queue.visibleToasts.length > 0);
const subscribe = (onChange: () => void) => queue.subscribe(onChange);

export function Toaster() {
  return useSyncExternalStore(subscribe, anyToastYet, () => false) ? <ToastRegion queue={queue} /> : null;
}
